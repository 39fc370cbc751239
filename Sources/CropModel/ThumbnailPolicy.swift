/// R5.4 / R7.1: the display thumbnail's size, decided here so the model's telemetry and the
/// imaging code agree on it.
public enum ThumbnailPolicy {
    /// The spec's range is ≈2560–3000 px; the low end keeps memory smallest.
    public static let maxLongEdge = 2560

    /// The thumbnail of an upright `width × height` image: scaled so the long edge is at most
    /// `maxLongEdge`, never enlarged, each side at least 1 px.
    public static func size(width: Int, height: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > maxLongEdge else { return (width, height) }
        let k = Double(maxLongEdge) / Double(long)
        return (max(1, Int((Double(width) * k).rounded())), max(1, Int((Double(height) * k).rounded())))
    }
}
