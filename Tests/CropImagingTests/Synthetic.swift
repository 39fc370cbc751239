import CropImaging
import CropModel
import CropVocabulary
import Foundation

/// Upright images with content known in closed form, so the correct avatar can be computed.
enum Pattern {
    /// Black and white squares of `square` px, black at the top-left.
    static func checkerboard(width: Int, height: Int, square: Int) -> RGBImage {
        image(width: width, height: height) { x, y in
            ((x / square) + (y / square)) % 2 == 0 ? [0, 0, 0] : [255, 255, 255]
        }
    }

    /// Black on the left, white on the right, with a linear ramp `ramp` px wide whose middle
    /// (value 127.5) is at continuous position `edge`.
    static func verticalEdge(width: Int, height: Int, edge: Double, ramp: Double) -> RGBImage {
        image(width: width, height: height) { x, _ in
            let t = min(max((Double(x) + 0.5 - edge) / ramp + 0.5, 0), 1)
            return SIMD3(repeating: UInt8((t * 255).rounded()))
        }
    }

    /// A smooth gradient with a red square marker (1/5 of the short side) in the top-left corner
    /// and a blue one in the bottom-right, so any wrong flip or turn moves them.
    static func markers(width: Int, height: Int) -> RGBImage {
        let side = min(width, height) / 5
        return image(width: width, height: height) { x, y in
            if x < side && y < side { return [230, 20, 20] }
            if x >= width - side && y >= height - side { return [20, 20, 230] }
            return [UInt8(60 + 120 * x / width), UInt8(60 + 120 * y / height), 120]
        }
    }

    static func solid(width: Int, height: Int, _ color: SIMD3<UInt8>) -> RGBImage {
        image(width: width, height: height) { _, _ in color }
    }

    static func image(width: Int, height: Int, _ color: (Int, Int) -> SIMD3<UInt8>) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let c = color(x, y), i = 3 * (y * width + x)
                    (p[i], p[i + 1], p[i + 2]) = (c.x, c.y, c.z)
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

extension RGBImage {
    /// The stored grid that, tagged with `orientation`, displays as this (upright) image.
    func stored(for orientation: Orientation) -> RGBImage {
        let (w, h) = orientation.swapsAxes ? (height, width) : (width, height)
        var result = RGBImage(width: w, height: h, pixels: [UInt8](repeating: 0, count: pixels.count))
        for y in 0..<height {
            for x in 0..<width {
                let p = orientation.storedPoint(
                    fromOriented: Point(x: Double(x) + 0.5, y: Double(y) + 0.5),
                    storedWidth: Double(w), storedHeight: Double(h))
                let to = (Int(p.y) * w + Int(p.x)) * 3, from = (y * width + x) * 3
                result.pixels[to..<to + 3] = pixels[from..<from + 3]
            }
        }
        return result
    }

    func png(exif: [UInt8]? = nil, icc: [UInt8]? = nil, interlaced: Bool = false) throws -> [UInt8] {
        try ImageEncoder.png(
            pixels, width: width, height: height, format: .rgb8, interlaced: interlaced,
            iccProfile: icc, exif: exif)
    }

    func jpeg(quality: Int = 95, progressive: Bool = false, exif: [UInt8]? = nil, icc: [UInt8]? = nil) throws -> [UInt8]
    {
        try ImageEncoder.jpeg(
            pixels, width: width, height: height, format: .rgb8, quality: quality,
            progressive: progressive, iccProfile: icc, exif: exif)
    }
}

/// Minimal EXIF blocks: a TIFF header and IFD0 with the Orientation tag alone.
enum Exif {
    static func orientation(_ value: UInt16, bigEndian: Bool = false, jpegPrefix: Bool = false) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        let header: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        let tiff = header + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(value) + u16(0) + u32(0)
        return (jpegPrefix ? [0x45, 0x78, 0x69, 0x66, 0, 0] : []) + tiff
    }
}

/// Byte surgery on encoded files, to add or remove the chunks and markers a test is about.
enum FileSurgery {
    /// Inserts a chunk right after IHDR.
    static func insertPNGChunk(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        let afterIHDR = 8 + 8 + 13 + 4
        return Array(png[..<afterIHDR]) + pngChunk(type, data) + Array(png[afterIHDR...])
    }

    /// A whole chunk: length, type, data, CRC.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream of `bytes` in stored (uncompressed) deflate blocks, with its Adler-32.
    static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(bytes.count, start + 65535)
            let length = UInt16(end - start)
            out += [
                end == bytes.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
                UInt8(~length >> 8)
            ]
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// Drops every chunk of `type`.
    static func removePNGChunks(_ type: String, from png: [UInt8]) -> [UInt8] {
        var result = Array(png[..<8]), i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let end = min(png.count, i + 12 + length)
            if String(decoding: png[i + 4..<i + 8], as: UTF8.self) != type { result += png[i..<end] }
            i = end
        }
        return result
    }

    /// Drops every APPn segment with marker `0xFFE0 + n` before the first scan.
    static func removeJPEGSegments(app n: UInt8, from jpeg: [UInt8]) -> [UInt8] {
        var result = Array(jpeg[..<2]), i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
            let end = i + 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
            if jpeg[i + 1] != 0xE0 + n { result += jpeg[i..<end] }
            i = end
        }
        return result + jpeg[i...]
    }

    /// The marker segments of a JPEG before the first scan: (marker, payload).
    static func jpegSegments(_ jpeg: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var segments: [(UInt8, [UInt8])] = [], i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, jpeg[i + 1] != 0xDA {
            let end = i + 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
            segments.append((jpeg[i + 1], Array(jpeg[i + 4..<min(end, jpeg.count)])))
            i = end
        }
        return segments
    }

    /// The chunk types of a PNG, in order.
    static func pngChunkTypes(_ png: [UInt8]) -> [String] {
        var types = [String](), i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            types.append(String(decoding: png[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        return types
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

/// How far apart two images are.
enum Compare {
    static func maxError(_ a: RGBImage, _ b: RGBImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        for (x, y) in zip(a.pixels, b.pixels) {
            let d = Double(Int(x) - Int(y))
            sum += d * d
        }
        let mse = sum / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// An independent, plain implementation of the documented filter (Lanczos-3 stretched by the
/// reduction, clamp-to-edge, sRGB-encoded values, one axis after the other in double precision),
/// used to check the streaming, row-limited resampler.
enum ReferenceResampler {
    static func crop(_ image: RGBImage, _ rect: Rect, size: Int) -> RGBImage {
        let columns = (0..<size).map { weights(rect.x, rect.width, image.width, size, $0) }
        let rows = (0..<size).map { weights(rect.y, rect.height, image.height, size, $0) }
        // Horizontal pass over every source row the vertical pass reads.
        var filtered = [Int: [SIMD3<Double>]]()
        for (y, _) in rows.joined() where filtered[y] == nil {
            filtered[y] = columns.map { taps in
                taps.reduce(SIMD3<Double>.zero) { sum, tap in
                    let p = image[tap.index, y]
                    return sum + SIMD3(Double(p.x), Double(p.y), Double(p.z)) * tap.weight
                }
            }
        }
        return Pattern.image(width: size, height: size) { x, y in
            let sum = rows[y].reduce(SIMD3<Double>.zero) { $0 + filtered[$1.index]![x] * $1.weight }
            let c = (sum / 255).clamped(lowerBound: .zero, upperBound: .one) * 255
            return SIMD3(UInt8(c.x.rounded()), UInt8(c.y.rounded()), UInt8(c.z.rounded()))
        }
    }

    private static func weights(_ origin: Double, _ length: Double, _ count: Int, _ size: Int, _ i: Int) -> [(
        index: Int, weight: Double
    )] {
        let scale = length / Double(size), stretch = max(scale, 1), center = origin + (Double(i) + 0.5) * scale
        var taps = [Int: Double]()
        for j in Int((center - 3 * stretch).rounded(.down)) - 1...Int((center + 3 * stretch).rounded(.up)) + 1 {
            let x = (Double(j) + 0.5 - center) / stretch
            let w = x == 0 ? 1 : abs(x) >= 3 ? 0 : 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x)
            taps[min(max(j, 0), count - 1), default: 0] += w
        }
        let total = taps.values.reduce(0, +)
        return taps.map { ($0.key, $0.value / total) }
    }
}
