/// The choices an editor makes where the spec is silent, each with its legal alternatives: the
/// oracle holds a model to the spec plus the policies it declares, so an editor that decides
/// otherwise than the reference editor passes, while the same editor with a real bug does not
/// (docs/bring-your-own-model.md#policies). The defaults are the reference editor's choices.
public struct Policies: Hashable, Sendable {
    /// The spring every discrete move (double-tap, slider, increment, recenter, snap, 90°) rides.
    /// The notes give k 100, damping 10, mass 1 for gesture settling and ratios 0.7–0.9 for UI
    /// springs; `unspecified` leaves the curve free (an easing, any spring): moves are then judged
    /// only for where they land and for settling within 2 s.
    public enum TransitionSpring: String, CaseIterable, Sendable {
        case zeta08 = "zeta0.8", zeta07 = "zeta0.7", zeta09 = "zeta0.9", zeta05 = "zeta0.5", zeta10 = "zeta1.0"
        case unspecified
    }

    /// How the zoom follows a move's progress u: s₀·(s₁/s₀)^u, or s₀ + u·(s₁ − s₀).
    public enum ZoomInterpolation: String, CaseIterable, Sendable { case geometric, linear }

    /// How 0–100 % maps onto [s_min, s_max] (R4.2): logarithmically, or linearly.
    public enum SliderMapping: String, CaseIterable, Sendable { case logarithmic, linear }

    /// What a pinch update is computed from: the pinch's start (zoom = start zoom × span ratio,
    /// the start centroid's image point under the current centroid), or the update before it
    /// (zoom × the change of span, the image point under the previous centroid kept under the
    /// current one), as many web croppers do. They differ once a clamp has cut a request: from
    /// the start the photo stays at the limit until the fingers come back past it.
    public enum PinchReference: String, CaseIterable, Sendable { case fromStart, incremental }

    /// What a pan update is computed from: the pose the update before left (what a clamp cut off
    /// is forgotten, so turning back moves the photo at once), or the pan's start plus every
    /// delta since (the overshoot is remembered: turning back moves it only once the finger is
    /// back inside the range).
    public enum PanReference: String, CaseIterable, Sendable { case fromPrevious, fromStart }

    /// One VoiceOver increment or decrement, in slider percent.
    public enum IncrementStep: String, CaseIterable, Sendable {
        case tenPercent, fivePercent, onePercent

        public var percent: Double {
            switch self {
            case .tenPercent: 10
            case .fivePercent: 5
            case .onePercent: 1
            }
        }
    }

    /// What one limit is for light impacts: each side (the left and right pan bounds apart), or
    /// each axis (after an X impact, no X impact is owed or allowed until the pose leaves both
    /// X sides). Zoom keeps s_min and s_max apart either way: the notes name them.
    public enum LimitHaptics: String, CaseIterable, Sendable { case perSide, perAxis }

    /// Which actions may buzz at a zoom limit: only user pushes (pan, pinch, twist, an increment
    /// at the end), or also a discrete action (double-tap, slider, increment, recenter) that lands
    /// on s_min or s_max, once, as it lands.
    public enum ArrivalHaptics: String, CaseIterable, Sendable { case pushesOnly, arrivalsToo }

    /// The density gate σ/s ≥ minPixelPerPoint: at every zoom (it also caps s_max), or at s_min
    /// only, as the spec's words say.
    public enum DensityCap: String, CaseIterable, Sendable { case everyZoom, atMinimumOnly }

    /// Under Reduce Motion a discrete action lands in its own event, or on the next tick (one
    /// frame reported `animating`, no spring).
    public enum ReduceMotion: String, CaseIterable, Sendable { case landInEvent, landOnNextTick }

    /// What counts as the "first gesture" that hides the instructions (R6.4).
    public enum InstructionsHiddenBy: String, CaseIterable, Sendable { case panPinchDoubleTap, panPinch, anyAdjustment }

    /// R12.5 "0.5s, 1s, 2s; max 3 attempts": one attempt and three retries, or three attempts
    /// (the 2 s delay never used).
    public enum UploadAttempts: String, CaseIterable, Sendable {
        case four, three

        public var count: Int { self == .four ? 4 : 3 }
    }

    /// Which failed uploads are retried: the transient ones and a redirect the client did not
    /// follow (a status under 400), or the transient ones only.
    public enum Retryable: String, CaseIterable, Sendable { case transientAnd3xx, transientOnly }

    public var transitionSpring = TransitionSpring.zeta08
    public var zoomInterpolation = ZoomInterpolation.geometric
    public var sliderMapping = SliderMapping.logarithmic
    public var incrementStep = IncrementStep.tenPercent
    public var pinchReference = PinchReference.fromStart
    public var panReference = PanReference.fromPrevious
    public var limitHaptics = LimitHaptics.perSide
    public var arrivalHaptics = ArrivalHaptics.pushesOnly
    public var densityCap = DensityCap.everyZoom
    public var reduceMotion = ReduceMotion.landInEvent
    public var instructionsHiddenBy = InstructionsHiddenBy.panPinchDoubleTap
    public var uploadAttempts = UploadAttempts.four
    public var retryable = Retryable.transientAnd3xx

    public init() {}

    /// One policy: its name, its values (the default first), and how to read and set it.
    public struct Descriptor: Sendable {
        public var name: String
        public var values: [String]
        public var get: @Sendable (Policies) -> String
        public var set: @Sendable (inout Policies, String) -> Bool

        init<T: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ path: WritableKeyPath<Policies, T> & Sendable)
        where T.RawValue == String {
            self.name = name
            values = T.allCases.map(\.rawValue)
            get = { $0[keyPath: path].rawValue }
            set = { policies, value in
                guard let v = T(rawValue: value) else { return false }
                policies[keyPath: path] = v
                return true
            }
        }
    }

    /// Every policy, in a fixed order (the handshake and reports list them this way).
    public static let descriptors: [Descriptor] = [
        Descriptor("transitionSpring", \.transitionSpring), Descriptor("zoomInterpolation", \.zoomInterpolation),
        Descriptor("sliderMapping", \.sliderMapping), Descriptor("incrementStep", \.incrementStep),
        Descriptor("pinchReference", \.pinchReference), Descriptor("panReference", \.panReference),
        Descriptor("limitHaptics", \.limitHaptics), Descriptor("arrivalHaptics", \.arrivalHaptics),
        Descriptor("densityCap", \.densityCap), Descriptor("reduceMotion", \.reduceMotion),
        Descriptor("instructionsHiddenBy", \.instructionsHiddenBy), Descriptor("uploadAttempts", \.uploadAttempts),
        Descriptor("retryable", \.retryable),
    ]

    /// Sets the policy `name` to `value`.
    public mutating func set(_ name: String, to value: String) throws(UnknownName) {
        guard let d = Self.descriptors.first(where: { $0.name == name }) else { throw UnknownName(kind: "policy", name: name) }
        guard d.set(&self, value) else {
            throw UnknownName(kind: "value of policy \(name) (one of \(d.values.joined(separator: ", ")))", name: value)
        }
    }

    /// Every policy with its value, in `descriptors` order.
    public var values: [(name: String, value: String)] { Self.descriptors.map { ($0.name, $0.get(self)) } }

    /// The policies that differ from the reference editor's.
    public var changed: [(name: String, value: String)] {
        let reference = Policies()
        return Self.descriptors.filter { $0.get(self) != $0.get(reference) }.map { ($0.name, $0.get(self)) }
    }
}
