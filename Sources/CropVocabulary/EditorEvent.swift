/// Everything that can happen to the editor, at the semantic level a gesture recognizer reports.
///
/// Positions are view points with the top-left origin; the editor converts them to offsets from
/// the mask center itself so that callers never have to.
public enum EditorEvent: Hashable, Sendable, Codable {
    /// One finger started moving the photo.
    case panBegan
    /// The finger moved by `delta` since the last change; the photo follows 1:1, clamped.
    case panChanged(delta: Point)
    case panEnded

    /// Two fingers landed; `focal` is their centroid.
    case pinchBegan(focal: Point)
    /// `scale` is the span ratio since the pinch began; `focal` is the current centroid, whose
    /// movement pans at the same time.
    case pinchChanged(scale: Double, focal: Point)
    case pinchEnded
    /// A pinch whose fingers also turned past the recognizer's rotation threshold
    /// (`allowRotation`): `scale` as in `pinchChanged`, `rotation` the degrees the fingers turned
    /// (clockwise positive) beyond the recognizer's rotation threshold. Ends with `pinchEnded`.
    case twistChanged(scale: Double, rotation: Double, focal: Point)
    /// The rotate button: a quarter turn clockwise, animated (`allowRotation`).
    case rotate90

    /// The system or a third finger cancelled the active gesture; the pose stays where it is.
    case gestureCancelled

    /// Next step of the 1.0× → 1.5× → 2.0× → s_max ladder, anchored at `at`.
    case doubleTap(at: Point)
    /// The accessibility slider, 0–100 %. `animated` is false while the thumb is dragged.
    case setZoomSlider(percent: Double, animated: Bool)
    /// VoiceOver adjustable: one slider step up or down.
    case incrementZoom
    case decrementZoom
    case recenter

    /// Rotation or split view: the view size changes, the mask and limits follow.
    case resize(Size)
    case setReduceMotion(Bool)
    case memoryWarning

    case confirm
    case cancel

    /// The host finished rendering the confirmed crop.
    case cropFinished(succeeded: Bool)
    /// Upload attempt `attempt` ended.
    case uploadFinished(attempt: Int, outcome: UploadOutcome)
    /// The profile update ended.
    case profileUpdated(succeeded: Bool)
    /// The user tapped Retry after a failed crop or upload.
    case retry
}
