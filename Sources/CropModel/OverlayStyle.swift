/// How the editor draws the mask: values the spec fixes as UX polish, kept in the model so the
/// renderer, the report's filmstrips and the scenarios all use the same ones.
public enum OverlayStyle {
    /// R6.3: 90–94 % dimming outside the circle; the middle of the range.
    public static let dimmingOpacity = 0.92
    /// R6.5: a thin white stroke around the circle, in points.
    public static let strokeWidth = 1.0
    /// R6.1: a 2×2 grid, i.e. one line across each way through the mask center.
    public static let gridCells = 2
}
