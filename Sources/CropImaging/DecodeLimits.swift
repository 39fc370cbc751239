/// Bounds checked against a file's header before any pixel memory is allocated, so that a
/// decompression bomb (a 65536×65536 PNG is 16 GiB of RGBA) is refused instead of exhausting memory.
public struct DecodeLimits: Hashable, Sendable {
    /// The largest `width × height` accepted. 100 megapixels is well above any phone camera
    /// (48–200 MP sensors bin to 12–50 MP by default) and keeps a worst-case full decode under
    /// 400 MB of RGBA.
    public var maxPixels: Int
    /// The largest avatar side a request may ask for.
    public var maxOutputSize: Int
    /// The largest whole-image buffer a decoder may hold. Baseline JPEGs and non-interlaced PNGs
    /// stream row by row and never need one; a progressive or multi-scan JPEG keeps every DCT
    /// coefficient (2 bytes per sample before chroma subsampling: 36 MB for a 12 MP 4:2:0 photo)
    /// and an Adam7 PNG keeps every decoded row. 40 MiB admits a 12 MP progressive 4:2:0 photo or
    /// a 12 MP interlaced 8-bit RGB PNG. The process holds ~24 MiB before decoding anything
    /// (docs/imaging.md, "The process baseline"), so the worst accepted crop peaks near 61 MiB,
    /// inside check-hostile's 64 MiB. libjpeg's `max_memory_to_use` is set to this limit too.
    public var maxBufferedBytes: Int

    public init(maxPixels: Int = 100_000_000, maxOutputSize: Int = 8192, maxBufferedBytes: Int = 40 << 20) {
        self.maxPixels = maxPixels
        self.maxOutputSize = maxOutputSize
        self.maxBufferedBytes = maxBufferedBytes
    }

    public static let `default` = DecodeLimits()
}
