import CropFrames
import CropSim
import CropVocabulary

/// What an animation frame shows on top of `FrameRaster`'s editor frame, the things the report
/// draws beside its frames: the instruction under the circle while it shows, a ring around the
/// mask in the haptic's own color (`HapticStyle`) for a moment after each haptic with its label
/// under the circle a little longer, each tip, notice or alert on a pill at the top for as long
/// as a toast stays, and with `hud` the tick, time, phase, scale and limits at the top left.
struct FrameOverlay {
    /// How long a haptic's ring fades (0.2 s), its label stays (0.75 s: long enough to read two
    /// words), and a tip stays (2 s), in ticks.
    static let flashTicks = TickClock.ticksPerSecond / 5
    static let labelTicks = TickClock.ticksPerSecond * 3 / 4
    static let tipTicks = 2 * TickClock.ticksPerSecond
    /// At most this many haptic labels at once, the latest last.
    static let maxLabels = 3

    private let haptics: [(tick: Int, haptic: Haptic)]
    private let messages: [(tick: Int, text: String)]
    private let hud: Bool

    init(_ result: RunResult, hud: Bool = false) {
        haptics = result.haptics.sorted { $0.tick < $1.tick }
        messages = result.effects.compactMap { e in
            switch e.effect {
            case .show(let m), .alert(let m): (e.tick, m.text)
            case .haptic, .announce, .crop, .telemetry, .offerRetry, .upload, .updateProfile, .uploadTelemetry: nil
            }
        }.sorted { $0.tick < $1.tick }
        self.hud = hud
    }

    /// Draws the overlay of `frame` (as `scene`, at `tick`) onto `canvas`, whose frame sits at
    /// `originX` and measures `pointsPerPixel` view points per pixel.
    func draw(
        _ scene: FrameScene, frame: FrameRecord, tick: Int, on canvas: inout AnimationCanvas, originX: Int,
        pointsPerPixel k: Double
    ) {
        // A font pixel of about 1.6 view points: 1 at the default 240-pixel frame.
        let scale = max(1, Int((1.6 / k).rounded()))
        func px(_ points: Double) -> Double { points / k }
        let cx = Double(originX) + px(scene.maskCenter.x), cy = px(scene.maskCenter.y)
        if let flash = haptics.last(where: { $0.tick <= tick && tick < $0.tick + Self.flashTicks }) {
            let fade = 1 - Double(tick - flash.tick) / Double(Self.flashTicks)
            canvas.ring(
                cx: cx, cy: cy, radius: px(scene.maskRadius) + 1.5, thickness: max(3, px(6)),
                HapticStyle.color(flash.haptic), alpha: fade)
        }
        let frameWidth = Int(px(scene.view.width).rounded())
        let columns = (frameWidth - 8 * scale) / (OverlayFont.advance * scale)
        if scene.instructionVisible {
            // Where the report's SVG puts it: under the circle, or inside its bottom when the circle fills the view.
            let y = min(scene.maskCenter.y + scene.maskRadius + 34, scene.view.height - 16)
            let lines = OverlayFont.wrap(FrameScene.instruction, columns: columns)
            canvas.text(
                lines, centerX: Int(cx), top: Int(px(y)) - OverlayFont.height * scale, scale: scale, pill: false,
                [255, 255, 255])
        }
        let felt = haptics.filter { $0.tick <= tick && tick < $0.tick + Self.labelTicks }.suffix(Self.maxLabels)
        if !felt.isEmpty {
            let lines = felt.map { (text: HapticStyle.label($0.haptic), color: HapticStyle.color($0.haptic)) }
            let widest = (lines.map(\.text.count).max() ?? 0) * OverlayFont.advance * scale
            canvas.text(
                lines, left: Int(cx) - widest / 2, top: Int(px(scene.maskCenter.y + scene.maskRadius + 10)),
                scale: scale)
        }
        if let tip = messages.last(where: { $0.tick <= tick && tick < $0.tick + Self.tipTicks }) {
            let lines = OverlayFont.wrap(tip.text, columns: columns - 1)
            canvas.text(
                lines, centerX: Int(cx), top: Int(px(max(scene.maskCenter.y - scene.maskRadius - 60, 24))),
                scale: scale, pill: true, [255, 255, 255])
        }
        if hud { drawHUD(frame, at: tick, on: &canvas, left: originX + 4 * scale, scale: scale, columns: columns) }
    }

    /// The HUD's lines at the top left: what the frame is (tick, time, phase) and where the pose
    /// stands (scale within its range, the limits it rests on).
    private func drawHUD(
        _ frame: FrameRecord, at tick: Int, on canvas: inout AnimationCanvas, left: Int, scale: Int, columns: Int
    ) {
        let white: SIMD3<UInt8> = [255, 255, 255]
        var shown = frame
        shown.tick = tick  // the tick on screen, which a gap in the log may put after the record's
        let first = FrameCaption.tickAndTime(shown) + " " + frame.phase.uppercased()
        let lines = [first, FrameCaption.scale(frame), FrameCaption.limits(frame)].flatMap {
            OverlayFont.wrap($0, columns: columns)
        }
        canvas.text(lines.map { (text: $0, color: white) }, left: left, top: 4 * scale, scale: scale)
    }
}
