/// Bounds checked against a file's header before any pixel memory is allocated, so that a
/// decompression bomb (a 65536×65536 PNG is 16 GiB of RGBA) is refused instead of exhausting memory.
public struct DecodeLimits: Hashable, Sendable {
    /// The largest `width × height` accepted. 100 megapixels is well above any phone camera
    /// (48–200 MP sensors bin to 12–50 MP by default) and keeps a worst-case full decode under
    /// 400 MB of RGBA.
    public var maxPixels: Int
    /// The largest avatar side a request may ask for.
    public var maxOutputSize: Int

    public init(maxPixels: Int = 100_000_000, maxOutputSize: Int = 8192) {
        self.maxPixels = maxPixels
        self.maxOutputSize = maxOutputSize
    }

    public static let `default` = DecodeLimits()
}
