import CImagingShim

/// What a file says about its colors. An untagged image is sRGB.
enum SourceColor: Hashable, Sendable {
    case sRGB
    /// An embedded ICC profile (JPEG APP2, PNG iCCP).
    case icc([UInt8])
    /// PNG cICP (ITU-T H.273 code points), for the primaries and transfers `ColorProfiles` knows.
    case cicp(primaries: UInt8, transfer: UInt8)
    /// PNG gAMA and/or cHRM without sRGB or iCCP.
    case calibrated(gamma: Double?, chromaticities: Chromaticities?)

    /// White point and primaries as CIE xy.
    struct Chromaticities: Hashable, Sendable {
        var white: (Double, Double)
        var red: (Double, Double)
        var green: (Double, Double)
        var blue: (Double, Double)

        static let bt709 = Chromaticities(
            white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06))
        static let bt2020 = Chromaticities(
            white: (0.3127, 0.3290), red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046))
        static let displayP3 = Chromaticities(
            white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))

        static func == (a: Self, b: Self) -> Bool {
            a.white == b.white && a.red == b.red && a.green == b.green && a.blue == b.blue
        }

        func hash(into hasher: inout Hasher) {
            for (x, y) in [white, red, green, blue] {
                hasher.combine(x)
                hasher.combine(y)
            }
        }
    }

    /// The PNG chunks in the precedence the PNG specification (third edition) gives them:
    /// cICP, then iCCP, then sRGB, then gAMA/cHRM. A cICP this code cannot honor (a YCbCr matrix,
    /// narrow range, unknown code points) falls through to the next.
    init(png info: cis_png_info) {
        let cicp = info.cicp
        if info.has_cicp != 0, cicp.2 == 0, cicp.3 == 1,
            ColorProfiles.chromaticities(cicpPrimaries: cicp.0) != nil,
            ColorProfiles.hasTransfer(cicp: cicp.1)
        {
            self = .cicp(primaries: cicp.0, transfer: cicp.1)
        } else if let icc = info.icc {
            self = .icc(Array(UnsafeBufferPointer(start: icc, count: Int(info.icc_length))))
        } else if info.has_srgb != 0 {
            self = .sRGB
        } else if info.has_gamma != 0 || info.has_chrm != 0 {
            let chromaticities =
                info.has_chrm == 0
                ? nil
                : Chromaticities(
                    white: (info.white_x, info.white_y), red: (info.red_x, info.red_y),
                    green: (info.green_x, info.green_y), blue: (info.blue_x, info.blue_y))
            let gamma = info.has_gamma == 0 ? nil : info.gamma
            self =
                Self.isSRGBFallback(gamma: gamma, chromaticities)
                ? .sRGB : .calibrated(gamma: gamma, chromaticities: chromaticities)
        } else {
            self = .sRGB
        }
    }

    /// gAMA 0.45455 with sRGB's primaries (or none) is how the PNG specification tells writers to
    /// spell sRGB for decoders that predate the sRGB chunk, and how ImageMagick and others tag
    /// every PNG. It is read as sRGB, as libpng's own checks do, rather than as a pure 2.2 curve.
    private static func isSRGBFallback(gamma: Double?, _ chromaticities: Chromaticities?) -> Bool {
        guard let gamma, abs(gamma - 0.45455) <= 0.0005 else { return false }
        guard let c = chromaticities else { return true }
        let reference = Chromaticities.bt709
        return zip([c.white, c.red, c.green, c.blue], [reference.white, reference.red, reference.green, reference.blue])
            .allSatisfy { abs($0.0 - $1.0) <= 0.001 && abs($0.1 - $1.1) <= 0.001 }
    }
}
