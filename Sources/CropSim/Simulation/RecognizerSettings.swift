import CropScenario
import CropVocabulary

/// The recognizers' thresholds: the gesture notes' defaults, named so scenarios and docs can
/// refer to them.
public struct RecognizerSettings: Sendable, Hashable {
    /// A single finger starts a drag after moving this far from where it went down (points); 0
    /// (policy `dragThreshold: none`): at its first move, counted from where it went down.
    public var dragThreshold = 10.0
    /// A touch that lifts within this distance of where it went down is a tap (points).
    public var tapSlop = 10.0
    /// Two taps form a double-tap when their downs are at most this far apart in time…
    public var doubleTapMaxInterval = 0.3
    /// …and in space (points).
    public var doubleTapMaxDistance = 40.0
    /// A touch that lifts after resting longer than this is a long touch, not a tap (seconds).
    public var tapMaxDuration = 0.5
    /// Pinch spans are measured from at least this (points): two fingers landing on one spot
    /// would otherwise make every later span ratio infinite.
    public var minimumPinchSpan = 1.0
    /// Two fingers must turn this far (degrees) before a pinch also rotates the photo: a pinch
    /// always turns a little, and a photo that wobbles with every zoom is worse than none.
    public var rotationThreshold = 10.0
    /// Whether a twist is reported at all: the editor's `allowRotation`.
    public var recognizesRotation = false
    /// Whether a turn of a quarter or more between two samples still turns the photo (policy
    /// `sharpTurn: followed`); by default it is fingers swapping places, not a twist.
    public var followsSharpTurns = false
    /// Whether two taps are reported as a double-tap: a host whose editor has no double-tap
    /// ladder (`Capabilities.doubleTap`) attaches no double-tap recognizer.
    public var recognizesDoubleTap = true
    /// What the finger left after a pinch does (policy `fingerAfterPinch`): drags on, is ignored
    /// until every finger has lifted, or is ignored until a finger lands beside it to pinch.
    public var fingerAfterPinch = Policies.FingerAfterPinch.drags

    public init() {}

    public static let standard = RecognizerSettings()
}
