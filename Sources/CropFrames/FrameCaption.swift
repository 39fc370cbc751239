import CropSim
import CropVocabulary

/// The words the raster views print about a frame, in the raster font's capitals: the contact
/// sheet's label and the animation's HUD say the same things the same way.
public enum FrameCaption {
    /// "TICK 41 0.683 S": always three decimals, so the time does not jump in width as it runs.
    public static func tickAndTime(_ frame: FrameRecord) -> String {
        let ms = (max(0, frame.tick) * 1000 + TickClock.ticksPerSecond / 2) / TickClock.ticksPerSecond
        let fraction = String(ms % 1000)
        return "TICK \(frame.tick) \(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction) S"
    }

    /// "SCALE 1.234 (0.336-1.279)": the zoom and the range the editor allows at this frame.
    public static func scale(_ frame: FrameRecord) -> String {
        "SCALE \(svgNumber(frame.pose.scale, decimals: 3)) (\(svgNumber(frame.sMin, decimals: 3))-\(svgNumber(frame.sMax, decimals: 3)))"
    }

    /// "LIMITS ZOOM MAX, PAN X+": the limits the pose rests on at this frame, or "LIMITS NONE".
    public static func limits(_ frame: FrameRecord) -> String {
        let names: [(LimitSet, String)] = [
            (.zoomMin, "ZOOM MIN"), (.zoomMax, "ZOOM MAX"), (.panMinX, "PAN X-"), (.panMaxX, "PAN X+"),
            (.panMinY, "PAN Y-"), (.panMaxY, "PAN Y+"), (.tiltMin, "TILT-"), (.tiltMax, "TILT+")
        ]
        let on = names.filter { frame.engaged.contains($0.0) }.map(\.1)
        return "LIMITS " + (on.isEmpty ? "NONE" : on.joined(separator: ", "))
    }
}
