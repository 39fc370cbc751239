import CLCMS
import Foundation

/// Little CMS profiles for everything `SourceColor` describes.
enum ColorProfiles {
    /// The input profile for `color` applied to pixels of `model`, or nil when no conversion is
    /// needed (sRGB) or possible. Like browsers, an ICC profile Little CMS cannot parse, or one made
    /// for another color model than the pixels (an RGB profile on a CMYK JPEG), is ignored and the
    /// image treated as untagged. The caller closes the profile.
    static func profile(for color: SourceColor, model: PixelFormat.ColorModel) -> cmsHPROFILE? {
        switch color {
        case .sRGB:
            return nil
        case .icc(let bytes):
            guard let profile = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) })
            else {
                return nil
            }
            guard cmsGetColorSpace(profile) == expectedSpace(model) else {
                cmsCloseProfile(profile)
                return nil
            }
            return profile
        case .cicp(let primaries, let transfer):
            guard let chromaticities = chromaticities(cicpPrimaries: primaries),
                let curve = toneCurve(cicp: transfer)
            else { return nil }
            return matrixShaper(chromaticities, curve: curve, model: model)
        case .calibrated(let gamma, let chromaticities):
            guard model != .cmyk else { return nil }
            // gAMA stores the encoding exponent (0.45455 for a 2.2 display gamma).
            let curve = gamma.map { cmsBuildGamma(nil, 1 / $0) } ?? sRGBCurve()
            return matrixShaper(chromaticities ?? .bt709, curve: curve, model: model)
        }
    }

    private static func expectedSpace(_ model: PixelFormat.ColorModel) -> cmsColorSpaceSignature {
        switch model {
        case .gray: cmsSigGrayData
        case .rgb: cmsSigRgbData
        case .cmyk: cmsSigCmykData
        }
    }

    /// H.273 ColourPrimaries: 1 BT.709/sRGB, 9 BT.2020, 12 Display P3 (P3-D65).
    static func chromaticities(cicpPrimaries code: UInt8) -> SourceColor.Chromaticities? {
        switch code {
        case 1: .bt709
        case 9: .bt2020
        case 12: .displayP3
        default: nil
        }
    }

    /// H.273 TransferCharacteristics this code builds a curve for.
    static func hasTransfer(cicp code: UInt8) -> Bool {
        [1, 4, 5, 6, 8, 13, 14, 15, 16, 18].contains(code)
    }

    /// The curve from encoded values to linear light (a profile's TRC). HDR transfers (PQ, HLG) are
    /// mapped so that the reference white of ITU-R BT.2408 (203 cd/m²) is 1.0 and brighter clips.
    private static func toneCurve(cicp code: UInt8) -> OpaquePointer? {
        switch code {
        case 1, 6, 14, 15:
            var bt709: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            return cmsBuildParametricToneCurve(nil, 4, &bt709)
        case 4: return cmsBuildGamma(nil, 2.2)
        case 5: return cmsBuildGamma(nil, 2.8)
        case 8: return cmsBuildGamma(nil, 1)
        case 13: return sRGBCurve()
        case 16: return tabulated { pqNits($0) / 203 }
        case 18: return tabulated { 1000 * pow(hlgSceneLight($0), 1.2) / 203 }
        default: return nil
        }
    }

    private static func sRGBCurve() -> OpaquePointer? {
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        return cmsBuildParametricToneCurve(nil, 4, &parameters)
    }

    private static func tabulated(_ linear: (Double) -> Double) -> OpaquePointer? {
        let count = 4096
        var values = (0..<count).map { Float(min(1, max(0, linear(Double($0) / Double(count - 1))))) }
        return cmsBuildTabulatedToneCurveFloat(nil, UInt32(count), &values)
    }

    /// SMPTE ST 2084 EOTF: signal → cd/m².
    private static func pqNits(_ signal: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(signal, 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// ARIB STD-B67 inverse OETF: signal → normalized scene light.
    private static func hlgSceneLight(_ signal: Double) -> Double {
        let a = 0.17883277, b = 0.28466892, c = 0.55991073
        return signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
    }

    /// A matrix/shaper profile (or a gray profile for gray pixels); consumes `curve`.
    private static func matrixShaper(
        _ c: SourceColor.Chromaticities, curve: OpaquePointer?,
        model: PixelFormat.ColorModel
    ) -> cmsHPROFILE? {
        guard let curve else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: c.white.0, y: c.white.1, Y: 1)
        switch model {
        case .gray:
            return cmsCreateGrayProfile(&white, curve)
        case .rgb:
            var primaries = cmsCIExyYTRIPLE(
                Red: cmsCIExyY(x: c.red.0, y: c.red.1, Y: 1),
                Green: cmsCIExyY(x: c.green.0, y: c.green.1, Y: 1),
                Blue: cmsCIExyY(x: c.blue.0, y: c.blue.1, Y: 1))
            var curves: [OpaquePointer?] = [curve, curve, curve]
            return cmsCreateRGBProfile(&white, &primaries, &curves)
        case .cmyk:
            return nil
        }
    }
}
