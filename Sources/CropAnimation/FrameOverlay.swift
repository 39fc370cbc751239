import CropReport
import CropSim
import CropVocabulary

/// What an animation frame shows on top of `FrameRaster`'s editor frame, the things the report
/// draws beside its frames: the instruction under the circle while it shows, a flash of the
/// haptic color around the mask for a moment after each haptic, and each tip, notice or alert on
/// a pill at the top for as long as a toast stays.
struct FrameOverlay {
    /// How long a haptic's flash fades (0.2 s), and a tip stays (2 s), in ticks.
    static let flashTicks = TickClock.ticksPerSecond / 5
    static let tipTicks = 2 * TickClock.ticksPerSecond
    /// The report's colors (`Palette`): orange for light impacts and snaps, reddish purple for
    /// success and error.
    static let impactColor: SIMD3<UInt8> = [0xE6, 0x9F, 0x00]
    static let otherHapticColor: SIMD3<UInt8> = [0xCC, 0x79, 0xA7]

    private let haptics: [(tick: Int, haptic: Haptic)]
    private let messages: [(tick: Int, text: String)]

    init(_ result: RunResult) {
        haptics = result.haptics.sorted { $0.tick < $1.tick }
        messages = result.effects.compactMap { e in
            switch e.effect {
            case .show(let m), .alert(let m): (e.tick, m.text)
            case .haptic, .announce, .crop, .telemetry, .offerRetry, .upload, .updateProfile, .uploadTelemetry: nil
            }
        }.sorted { $0.tick < $1.tick }
    }

    /// Draws the overlay of `scene` (at `tick`) onto `canvas`, whose frame sits at `originX` and
    /// measures `pointsPerPixel` view points per pixel.
    func draw(_ scene: FrameScene, tick: Int, on canvas: inout AnimationCanvas, originX: Int, pointsPerPixel k: Double) {
        // A font pixel of about 1.6 view points: 1 at the default 240-pixel frame.
        let scale = max(1, Int((1.6 / k).rounded()))
        func px(_ points: Double) -> Double { points / k }
        let cx = Double(originX) + px(scene.maskCenter.x), cy = px(scene.maskCenter.y)
        if let flash = haptics.last(where: { $0.tick <= tick && tick < $0.tick + Self.flashTicks }) {
            let fade = 1 - Double(tick - flash.tick) / Double(Self.flashTicks)
            let color = switch flash.haptic {
            case .lightImpact, .snap: Self.impactColor
            case .success, .error: Self.otherHapticColor
            }
            canvas.ring(cx: cx, cy: cy, radius: px(scene.maskRadius) + 1.5, thickness: max(3, px(6)), color, alpha: fade)
        }
        let frameWidth = Int(px(scene.view.width).rounded())
        let columns = (frameWidth - 8 * scale) / (OverlayFont.advance * scale)
        if scene.instructionVisible {
            // Where the report's SVG puts it: under the circle, or inside its bottom when the circle fills the view.
            let y = min(scene.maskCenter.y + scene.maskRadius + 34, scene.view.height - 16)
            let lines = OverlayFont.wrap(FrameScene.instruction, columns: columns)
            canvas.text(lines, centerX: Int(cx), top: Int(px(y)) - OverlayFont.height * scale, scale: scale, pill: false, [255, 255, 255])
        }
        if let tip = messages.last(where: { $0.tick <= tick && tick < $0.tick + Self.tipTicks }) {
            let lines = OverlayFont.wrap(tip.text, columns: columns - 1)
            canvas.text(lines, centerX: Int(cx), top: Int(px(max(scene.maskCenter.y - scene.maskRadius - 60, 24))),
                        scale: scale, pill: true, [255, 255, 255])
        }
    }
}
