import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// Where everything in one editor frame sits, in view points: the one place the display math
/// lives, so the report's SVG frames, its scrubber data and the contact sheet's raster agree.
///
/// Displayed image size = oriented size / σ × scale; image center = view center + translation;
/// the photo is `photo` turned by `angle` degrees (clockwise) about that center; the mask is a
/// circle of diameter `maskDiameter` centered in the view.
public struct FrameScene: Sendable, Hashable {
    public var tick: Int
    public var view: Size
    /// The displayed photo.
    public var photo: Rect
    public var maskCenter: Point
    public var maskRadius: Double
    public var gridVisible: Bool
    public var instructionVisible: Bool
    public var touches: [Point]
    /// The photo's turn (degrees, clockwise about its center); the angle guide line and the angle
    /// label exist only where rotation is allowed.
    public var angle: Double
    public var rotationAllowed: Bool
    public var angleGuideVisible: Bool
    /// The angle label ("30°") shows while two fingers are on the photo.
    public var angleLabelVisible: Bool

    /// `imagePoints` is the photo's size in points at scale 1: oriented pixels / σ.
    public init(_ frame: FrameRecord, imagePoints: Size) {
        tick = frame.tick
        view = frame.view
        let w = imagePoints.width * frame.pose.scale, h = imagePoints.height * frame.pose.scale
        let center = frame.view.center + frame.pose.translation
        photo = Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        maskCenter = frame.view.center
        maskRadius = frame.maskDiameter / 2
        gridVisible = frame.gridVisible
        instructionVisible = frame.instructionsVisible
        touches = frame.touches
        angle = frame.pose.angle
        rotationAllowed = frame.rotationAllowed
        angleGuideVisible = frame.angleGuideVisible
        angleLabelVisible = frame.rotationAllowed && frame.phase == "pinch"
    }

    /// The angle label's text: whole degrees, the way the design's pill shows them ("45°").
    /// Halves round up, as the page's script rounds them.
    public static func angleLabel(_ degrees: Double) -> String { "\(Int((degrees + 0.5).rounded(.down)))°" }

    /// The photo's size in points at scale 1 for a run, or nil when the editor never opened.
    public static func imagePoints(_ result: RunResult) -> Size? {
        guard let g = result.geometry else { return nil }
        return Size(width: g.width / g.sigma, height: g.height / g.sigma)
    }

    /// The instruction the editor shows until the first gesture (R6.4).
    public static let instruction = "Pinch to zoom, drag to move"
    /// Radius of a drawn fingertip, in points.
    static let touchRadius = 22.0
    /// Opacity of the grid lines over the photo.
    static let gridOpacity = 0.6
}

extension FrameScene {
    /// The view point that lands on `p` once the photo is turned by `angle` about its center:
    /// `p` turned back by −angle about the photo's center.
    static func unturn(_ p: Point, scene: FrameScene) -> Point { Turn(scene).unturn(p) }

    /// `unturn` for one scene, with the sine and cosine worked out once (a raster unturns every
    /// pixel).
    struct Turn {
        let center: Point
        let cos: Double
        let sin: Double

        init(_ scene: FrameScene) {
            center = Point(x: scene.photo.x + scene.photo.width / 2, y: scene.photo.y + scene.photo.height / 2)
            let r = -scene.angle * .pi / 180
            cos = Foundation.cos(r)
            sin = Foundation.sin(r)
        }

        func unturn(_ p: Point) -> Point {
            let d = p - center
            return center + Point(x: d.x * cos - d.y * sin, y: d.x * sin + d.y * cos)
        }
    }
}
