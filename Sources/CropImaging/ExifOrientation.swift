import CropVocabulary

/// Reads the Orientation tag (0x0112) from an EXIF block, and nothing else.
///
/// A small parser of our own instead of libexif: one tag in IFD0 is all R9.1 needs, and every read
/// below is bounds-checked, so a hostile APP1 segment or eXIf chunk can only make it return `nil`.
enum ExifOrientation {
    /// `exif` is a TIFF structure, optionally preceded by JPEG's `Exif\0\0` prefix (some PNG
    /// writers copy that prefix into eXIf too). Returns nil when there is no valid orientation.
    static func parse(_ exif: some Collection<UInt8>) -> Orientation? {
        var bytes = Array(exif)
        if bytes.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { bytes.removeFirst(6) }
        let tiff = TIFFReader(bytes: bytes)
        guard let byteOrder = tiff.byteOrder,
            tiff.uint16(at: 2, byteOrder) == 42,
            let ifd = tiff.uint32(at: 4, byteOrder).map(Int.init),
            let count = tiff.uint16(at: ifd, byteOrder)
        else { return nil }
        for index in 0..<Int(count) {
            let entry = ifd + 2 + index * 12
            guard let tag = tiff.uint16(at: entry, byteOrder) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
            guard tiff.uint16(at: entry + 2, byteOrder) == 3, tiff.uint32(at: entry + 4, byteOrder) == 1,
                let value = tiff.uint16(at: entry + 8, byteOrder)
            else { return nil }
            return Orientation(rawValue: Int(value))
        }
        return nil
    }
}

/// Bounds-checked integer reads from a TIFF header and its directories.
private struct TIFFReader {
    enum ByteOrder { case little, big }

    let bytes: [UInt8]

    var byteOrder: ByteOrder? {
        if bytes.starts(with: [0x49, 0x49]) { return .little }
        if bytes.starts(with: [0x4D, 0x4D]) { return .big }
        return nil
    }

    func uint16(at offset: Int, _ order: ByteOrder) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return order == .little ? a | b << 8 : a << 8 | b
    }

    func uint32(at offset: Int, _ order: ByteOrder) -> UInt32? {
        guard let first = uint16(at: offset, order), let second = uint16(at: offset + 2, order) else { return nil }
        return order == .little ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }
}
