import CropSim
import CropVocabulary

/// One scale for the whole animation: the widest view of the run fills `width` pixels, every
/// frame is drawn at that many points per pixel, and the canvas is as tall as the tallest one.
struct FrameLayout {
    let width: Int
    let height: Int
    private let pointsPerPixel: Double

    init(_ frames: [FrameRecord], width: Int) {
        let k = (frames.map(\.view.width).max() ?? 1) / Double(width)
        self.width = width
        pointsPerPixel = k
        height = max(1, frames.map { Int(($0.view.height / k).rounded()) }.max() ?? 1)
    }

    /// The pixel width that draws `view` at the animation's scale.
    func frameWidth(for view: Size) -> Int { max(1, min(width, Int((view.width / pointsPerPixel).rounded()))) }
}
