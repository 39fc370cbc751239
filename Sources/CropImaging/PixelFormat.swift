import CImagingShim

/// How samples are laid out in a row, for decoded rows and for encoder input alike.
public struct PixelFormat: Hashable, Sendable {
    public enum ColorModel: Int, Hashable, Sendable {
        case gray = 1
        case rgb = 3
        case cmyk = 4
    }

    public var model: ColorModel
    public var hasAlpha: Bool
    /// 8 or 16; 16-bit samples are stored in host byte order.
    public var bitDepth: Int
    /// Adobe-style CMYK, stored as 255 − ink (what Photoshop writes and every decoder assumes when
    /// an Adobe APP14 marker is present).
    public var invertedCMYK: Bool

    public init(model: ColorModel, hasAlpha: Bool = false, bitDepth: Int = 8, invertedCMYK: Bool = false) {
        self.model = model
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.invertedCMYK = invertedCMYK
    }

    public static let rgb8 = PixelFormat(model: .rgb)

    public var channels: Int { model.rawValue + (hasAlpha ? 1 : 0) }
    public var bytesPerSample: Int { bitDepth / 8 }
    public var bytesPerPixel: Int { channels * bytesPerSample }

    var cModel: cis_color_model { cis_color_model(UInt32(model.rawValue)) }
}
