import CImagingShim
import CLCMS

/// Turns decoded rows into the one representation the resampler works in: sRGB-encoded floats in
/// 0...1, composited over white.
///
/// Compositing before resampling gives the same result as resampling premultiplied color and
/// compositing after (both are linear), and lets every later step ignore alpha (R9.5: the avatar
/// is opaque). White, because a transparent logo or sticker is meant to sit on a light page.
///
/// Noncopyable because it owns the Little CMS transform and its scratch row.
struct RowConverter: ~Copyable {
    private let input: PixelFormat
    /// The format after the transform: RGB, alpha kept, same sample size.
    private let converted: PixelFormat
    private let transform: cmsHTRANSFORM?
    private let scratch: UnsafeMutableRawPointer
    /// The samples of one row as 0...1 floats.
    private let normalized: UnsafeMutablePointer<Float>

    /// `maxPixels`: the longest row `convert` will be given.
    init(color: SourceColor, format: PixelFormat, maxPixels: Int) {
        input = format
        var transform: cmsHTRANSFORM?
        if let profile = ColorProfiles.profile(for: color, model: format.model) {
            transform = cis_lcms_transform_to_srgb(
                profile, format.cModel, format.hasAlpha ? 1 : 0,
                format.invertedCMYK ? 1 : 0, Int32(format.bytesPerSample))
            cmsCloseProfile(profile)
        }
        self.transform = transform
        converted =
            transform == nil
            ? format
            : PixelFormat(
                model: .rgb, hasAlpha: format.hasAlpha && format.model != .cmyk, bitDepth: format.bitDepth)
        scratch = .allocate(byteCount: max(1, maxPixels) * converted.bytesPerPixel, alignment: 16)
        normalized = .allocate(capacity: max(1, maxPixels) * max(format.channels, converted.channels))
    }

    deinit {
        if let transform { cmsDeleteTransform(transform) }
        scratch.deallocate()
        normalized.deallocate()
    }

    /// Writes `count` pixels as 3 floats each (R, G, B) to `out`.
    func convert(_ row: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<Float>) {
        var samples = row
        var format = input
        if let transform {
            cmsDoTransform(transform, row, scratch, UInt32(count))
            samples = UnsafeRawPointer(scratch)
            format = converted
        }
        let channels = format.channels
        if format.model == .rgb, !format.hasAlpha {
            // Already R, G, B: the samples are the output (most photos take this path).
            Self.normalize(samples, depth: format.bitDepth, count: count * 3, into: out)
            return
        }
        Self.normalize(samples, depth: format.bitDepth, count: count * channels, into: normalized)
        for i in 0..<count {
            let s = normalized + i * channels, o = out + 3 * i
            switch format.model {
            case .gray:
                (o[0], o[1], o[2]) = (s[0], s[0], s[0])
            case .rgb:
                (o[0], o[1], o[2]) = (s[0], s[1], s[2])
            case .cmyk:
                // No profile: the naive conversion; ink (1 − value when stored inverted) removes light.
                let ink = format.invertedCMYK ? (1 - s[0], 1 - s[1], 1 - s[2], 1 - s[3]) : (s[0], s[1], s[2], s[3])
                let light = 1 - ink.3
                (o[0], o[1], o[2]) = ((1 - ink.0) * light, (1 - ink.1) * light, (1 - ink.2) * light)
            }
            if format.hasAlpha {
                let alpha = s[channels - 1], white = 1 - alpha
                (o[0], o[1], o[2]) = (o[0] * alpha + white, o[1] * alpha + white, o[2] * alpha + white)
            }
        }
    }

    /// The row as 8-bit sRGB over white, 3 bytes per pixel: `convert`'s floats quantized as the
    /// resampler quantizes them, which is what a 1:1 crop on whole pixels gives (one tap of weight
    /// 1). For 8-bit RGB without alpha that is the samples themselves after the color transform
    /// (k / 255 × 255 rounds back to k for every byte k), so those are returned as they are, and
    /// 8-bit gray without a transform is its sample repeated.
    /// `bytes` and `floats` are scratch for `count` pixels (`floats` one float more).
    func convert(
        _ row: UnsafeRawPointer, count: Int, bytes: UnsafeMutablePointer<UInt8>,
        floats: UnsafeMutablePointer<Float>
    ) -> UnsafePointer<UInt8> {
        if converted == .rgb8 {
            guard let transform else { return row.assumingMemoryBound(to: UInt8.self) }
            cmsDoTransform(transform, row, scratch, UInt32(count))
            return UnsafePointer(scratch.assumingMemoryBound(to: UInt8.self))
        }
        if transform == nil, converted == PixelFormat(model: .gray) {
            // k / 255 × 255 rounds back to k here too: gray is its sample three times.
            Self.repeatGray(row, count: count, into: bytes)
            return UnsafePointer(bytes)
        }
        convert(row, count: count, into: floats)
        Self.quantize(floats, count: count * 3, into: bytes)
        return UnsafePointer(bytes)
    }

    /// Both at once, for a pass whose rows also feed a crop (`CropAlongside`): `convert`'s floats
    /// to `out` and, returned, the bytes `convert(_:count:bytes:floats:)` gives for the same row,
    /// with the color transform run once. `bytes` is scratch for `count` pixels.
    func convert(
        _ row: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<Float>, bytes: UnsafeMutablePointer<UInt8>
    ) -> UnsafePointer<UInt8> {
        guard converted == .rgb8 else {
            convert(row, count: count, into: out)
            if transform == nil, converted == PixelFormat(model: .gray) {
                Self.repeatGray(row, count: count, into: bytes)  // the bytes-only path's shortcut
            } else {
                Self.quantize(out, count: count * 3, into: bytes)
            }
            return UnsafePointer(bytes)
        }
        var samples = UnsafeRawPointer(row)
        if let transform {
            cmsDoTransform(transform, row, scratch, UInt32(count))
            samples = UnsafeRawPointer(scratch)
        }
        Self.normalize(samples, depth: 8, count: count * 3, into: out)
        return samples.assumingMemoryBound(to: UInt8.self)
    }

    /// Each of `count` 8-bit gray samples three times: their bytes as 8-bit RGB.
    private static func repeatGray(_ row: UnsafeRawPointer, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        let samples = row.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count { (bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2]) = (samples[i], samples[i], samples[i]) }
    }

    /// `Resampler.quantize` of each float, in a loop the optimizer vectorizes: float→integer
    /// conversions are range-checked in Swift (a branch per sample), so the whole part and the
    /// byte are taken with 2²³, where a float's spacing is 1. For x = clamp(v) × 255 in 0...255:
    /// (x + 2²³) − 2²³ is x rounded to an integer, one less when that is above x gives trunc(x)
    /// exactly, the half-up step is `quantize`'s own comparison, and the low byte of r + 2²³'s bits
    /// is r. The same bytes as `quantize` (`RowQuantizeTests`) at a fraction of its instructions,
    /// for the 16-bit, alpha and gray photos whose rows reach a full-resolution crop as floats.
    static func quantize(_ floats: UnsafePointer<Float>, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        let magic: Float = 8_388_608
        for i in 0..<count {
            let x = Swift.min(Swift.max(floats[i], 0), 1) * 255
            let nearest = (x + magic) - magic
            let whole = nearest > x ? nearest - 1 : nearest
            let rounded = x - whole >= 0.5 ? whole + 1 : whole
            bytes[i] = UInt8(truncatingIfNeeded: (rounded + magic).bitPattern)
        }
    }

    /// Samples to 0...1. Two concrete loops rather than one generic one: unspecialized generics
    /// are slow in debug builds, where the tests run.
    private static func normalize(
        _ samples: UnsafeRawPointer, depth: Int, count: Int, into values: UnsafeMutablePointer<Float>
    ) {
        if depth == 16 {
            let p = samples.assumingMemoryBound(to: UInt16.self)
            for i in 0..<count { values[i] = Float(p[i]) * (1 / 65535) }
        } else {
            let p = samples.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count { values[i] = Float(p[i]) * (1 / 255) }
        }
    }
}
