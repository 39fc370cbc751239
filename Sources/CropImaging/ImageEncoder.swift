import CImagingShim

/// PNG and JPEG writers over libpng and libjpeg-turbo, used for the avatar and by tests to make
/// images with known content. Both are deterministic: no timestamps, no tIME chunk.
public enum ImageEncoder {
    /// `pixels` holds `width × height` pixels of `format` (8- or 16-bit gray/RGB, alpha allowed).
    /// `filter` is every row's, or nil for libpng's choice row by row. `iccProfile` is written as
    /// iCCP (never together with an sRGB chunk), `exif` as eXIf. `label` names the image in errors.
    public static func png(
        _ pixels: [UInt8], width: Int, height: Int, format: PixelFormat, interlaced: Bool = false,
        filter: PNGFilter? = nil, iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, label: String = "(in memory)"
    ) throws(ImagingError) -> [UInt8] {
        guard format.model != .cmyk, format.bitDepth == 8 || format.bitDepth == 16 else {
            throw .encodeFailed(path: label, format: .png, message: "PNG holds 8- or 16-bit gray or RGB")
        }
        try requireSize(pixels, width, height, format, .png, label)
        let colorType: Int32 = (format.model == .rgb ? 2 : 0) | (format.hasAlpha ? 4 : 0)
        return try withOptionalBytes(iccProfile) { icc throws(ImagingError) in
            try withOptionalBytes(exif) { exif throws(ImagingError) in
                var params = cis_png_write_params(
                    width: UInt32(width), height: UInt32(height), color_type: colorType,
                    bit_depth: Int32(format.bitDepth),
                    interlaced: interlaced ? 1 : 0, icc: icc.baseAddress, icc_length: icc.count,
                    exif: exif.baseAddress, exif_length: exif.count, filters: filter?.rawValue ?? 0)
                return try encode(pixels, stride: width * format.bytesPerPixel, .png, label) {
                    pixels, stride, out, length, message in
                    cis_png_encode(&params, pixels, stride, out, length, message)
                }
            }
        }
    }

    /// `pixels` holds `width × height` 8-bit gray, RGB or CMYK pixels; `quality` is libjpeg's
    /// 1...100. `iccProfile` goes into APP2 markers, `exif` (with its `Exif\0\0` prefix) into APP1.
    /// CMYK gets libjpeg's Adobe marker, so readers (this one included) take it as stored inverted.
    public static func jpeg(
        _ pixels: [UInt8], width: Int, height: Int, format: PixelFormat, quality: Int, progressive: Bool = false,
        iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, label: String = "(in memory)"
    ) throws(ImagingError) -> [UInt8] {
        guard format.bitDepth == 8, !format.hasAlpha else {
            throw .encodeFailed(path: label, format: .jpeg, message: "JPEG holds 8-bit gray, RGB or CMYK without alpha")
        }
        guard (1...100).contains(quality) else {
            throw .encodeFailed(path: label, format: .jpeg, message: "quality must be 1...100, got \(quality)")
        }
        try requireSize(pixels, width, height, format, .jpeg, label)
        return try withOptionalBytes(iccProfile) { icc throws(ImagingError) in
            try withOptionalBytes(exif) { exif throws(ImagingError) in
                var params = cis_jpeg_write_params(
                    width: UInt32(width), height: UInt32(height), model: format.cModel, quality: Int32(quality),
                    icc: icc.baseAddress, icc_length: icc.count, app1: exif.baseAddress, app1_length: exif.count,
                    progressive: progressive ? 1 : 0, optimize_coding: 1)
                return try encode(pixels, stride: width * format.bytesPerPixel, .jpeg, label) {
                    pixels, stride, out, length, message in
                    cis_jpeg_encode(&params, pixels, stride, out, length, message)
                }
            }
        }
    }

    private static func requireSize(
        _ pixels: [UInt8], _ width: Int, _ height: Int, _ format: PixelFormat, _ container: ImageFormat, _ label: String
    ) throws(ImagingError) {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .encodeFailed(
                path: label, format: container, message: "size must be positive, got \(width)x\(height)")
        }
        let expected = width * height * format.bytesPerPixel
        guard pixels.count == expected else {
            throw .encodeFailed(
                path: label, format: container, message: "got \(pixels.count) bytes of pixels, expected \(expected)")
        }
    }

    /// Calls the C encoder and moves its malloc'ed output into a Swift array.
    private static func encode(
        _ pixels: [UInt8], stride: Int, _ container: ImageFormat, _ label: String,
        _ call: (
            UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
            UnsafeMutablePointer<Int>, UnsafeMutablePointer<cis_message>
        ) -> Int32
    ) throws(ImagingError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = cis_message()
        let status = pixels.withUnsafeBufferPointer { call($0.baseAddress!, stride, &output, &length, &message) }
        defer { cis_free(output) }
        guard status == 0, let output else {
            throw .encodeFailed(path: label, format: container, message: message.string)
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// Passes `bytes` to `body`, or an empty buffer (whose base address is nil) when there are none.
    private static func withOptionalBytes<R>(
        _ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>) throws(ImagingError) -> R
    ) throws(ImagingError) -> R {
        guard let bytes, !bytes.isEmpty else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try bytes.withUnsafeBufferPointer { buffer throws(ImagingError) in try body(buffer) }
    }
}
