/// The choices an editor makes where the spec is silent, each with its legal alternatives: the
/// oracle holds a model to the spec plus the policies it declares, so an editor that decides
/// otherwise than the reference editor passes, while the same editor with a real bug does not
/// (docs/bring-your-own-model.md#policies). The defaults are the reference editor's choices.
public struct Policies: Hashable, Sendable {
    /// The spring every discrete move (double-tap, slider, increment, recenter, snap, 90°) rides.
    /// The notes give k 100, damping 10, mass 1 for gesture settling and ratios 0.7–0.9 for UI
    /// springs. The presets are k 100 with a damping ratio; `k120-zeta0.85` names any spring of
    /// mass 1 within the notes' bounds (`Parameters.stiffnessRange`, `dampingRange`), judged
    /// against its own closed form; `unspecified` leaves the curve free (an easing, any spring):
    /// moves are then judged only for where they land and for settling within 2 s.
    public struct TransitionSpring: RawRepresentable, CaseIterable, Hashable, Sendable {
        public let rawValue: String
        /// Stiffness (mass 1) and damping ratio; nil for `unspecified`.
        public let parameters: Parameters?

        public struct Parameters: Hashable, Sendable {
            public let stiffness: Double
            public let dampingRatio: Double
            /// A spring a person still reads as a settle, not a snap or a drift: the notes name
            /// k 100; this admits 0.1× to 10× of it (settling in 0.2 s to about 4 s).
            public static let stiffnessRange = 10.0...1000.0
            /// The notes' ratios: 0.5 for gesture settling, 0.7–0.9 for UI springs, and
            /// critical damping (no overshoot) as the limit of that family.
            public static let dampingRange = 0.5...1.0

            public init(stiffness: Double, dampingRatio: Double) {
                self.stiffness = stiffness
                self.dampingRatio = dampingRatio
            }
        }

        private init(_ name: String, _ parameters: Parameters?) {
            rawValue = name
            self.parameters = parameters
        }

        private static func preset(_ name: String, zeta: Double) -> Self {
            Self(name, Parameters(stiffness: 100, dampingRatio: zeta))
        }

        public static let zeta08 = preset("zeta0.8", zeta: 0.8)
        public static let zeta07 = preset("zeta0.7", zeta: 0.7)
        public static let zeta09 = preset("zeta0.9", zeta: 0.9)
        public static let zeta05 = preset("zeta0.5", zeta: 0.5)
        public static let zeta10 = preset("zeta1.0", zeta: 1.0)
        public static let unspecified = Self("unspecified", nil)

        /// The named values; any `k…-zeta…` within the bounds is accepted besides.
        public static let allCases: [Self] = [.zeta08, .zeta07, .zeta09, .zeta05, .zeta10, .unspecified]

        /// A preset's name, or `k<stiffness>-zeta<ratio>` (decimal numbers) within the bounds.
        public init?(rawValue: String) {
            if let named = Self.allCases.first(where: { $0.rawValue == rawValue }) {
                self = named
                return
            }
            guard rawValue.utf8.count <= 40, rawValue.hasPrefix("k"),
                let dash = rawValue.firstIndex(of: "-"), rawValue[dash...].hasPrefix("-zeta"),
                let k = Self.decimal(rawValue[rawValue.index(after: rawValue.startIndex)..<dash]),
                let zeta = Self.decimal(rawValue[rawValue.index(dash, offsetBy: 5)...]),
                Parameters.stiffnessRange.contains(k), Parameters.dampingRange.contains(zeta)
            else { return nil }
            self.init(rawValue, Parameters(stiffness: k, dampingRatio: zeta))
        }

        /// Digits with at most one point inside them: no sign, exponent, `nan` or `inf`.
        private static func decimal(_ text: Substring) -> Double? {
            let digits = text.filter { $0 != "." }
            guard !digits.isEmpty, text.count - digits.count <= 1, text.first != ".", text.last != ".",
                digits.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            return Double(text)
        }

        /// How the error for an unknown value describes the accepted ones.
        public static let pattern = "k<stiffness>-zeta<ratio>, stiffness 10–1000, ratio 0.5–1.0"
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

    /// Which image point a pinch keeps under the fingers, apart from how its zoom is computed
    /// (`pinchReference`): the one under the starting centroid, or the one under the previous
    /// update's centroid (re-based after every pan clamp). `likeZoom` takes `pinchReference`'s
    /// choice for both, as the two usually go together; an editor that re-bases the zoom after a
    /// clamp but keeps the start's point (or the other way round) names the anchor here.
    public enum PinchAnchor: String, CaseIterable, Sendable { case likeZoom, fromStart, incremental }

    /// A pinch update with a span ratio of 0 (both fingers on one point), on which the spec is
    /// silent: the zoom request 0 is clamped to s_min like any other (with its light impact), or
    /// the update is ignored and the photo stays where it was.
    public enum DegeneratePinch: String, CaseIterable, Sendable { case clamp, ignore }

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

    /// A range of zero width (s_max = s_min, or a photo side that exactly fills the mask) puts
    /// the pose on both of its sides at once. Its two sides are one limit (a push either way
    /// engages both, so one impact in all until the range opens), or two (each side buzzes on its
    /// first push: pushing left then right gives two impacts, as `perSide` says of wider ranges).
    public enum ZeroWidthRange: String, CaseIterable, Sendable { case oneLimit, twoSides }

    /// Which actions may buzz at a zoom limit: only user pushes (pan, pinch, twist, an increment
    /// at the end), or also a discrete action (double-tap, slider, increment, recenter) that lands
    /// on s_min or s_max, once, as it lands.
    public enum ArrivalHaptics: String, CaseIterable, Sendable { case pushesOnly, arrivalsToo }

    /// The density rule, "Require σ / s_min ≥ 1.0 (warn/limit if violated)": held at every zoom
    /// (so it also caps s_max) with the low-resolution notice when s_min breaks it; held at s_min
    /// only, with the notice; or read as a limit: a photo below the density at s_min gets no zoom
    /// range at all (s_max = s_min) and one warning — R8.4's tip or the low-resolution notice —
    /// and no cap otherwise.
    public enum DensityCap: String, CaseIterable, Sendable { case everyZoom, atMinimumOnly, collapseWhenLow }

    /// What a discrete action that starts while another move animates builds on: the frame on
    /// screen, or the running move's target as if it had landed (the double-tap ladder steps from
    /// the target's zoom; the slider anchors at the target's translation).
    public enum BaseDuringMove: String, CaseIterable, Sendable { case currentFrame, moveTarget }

    /// When the crop fails (R11.2 "preserve user state and offer a Retry action"): the editor
    /// returns to editing (the crop adjustable, confirmed again), or stays on a failure screen
    /// (session `confirmed`, gestures ignored) whose Retry crops the same pose again and whose
    /// Cancel ends the session.
    public enum CropFailure: String, CaseIterable, Sendable { case backToEditing, retryScreen }

    /// Cancel after an upload or profile update finally failed (the session is `confirmed`,
    /// Retry on offer): ignored, as any cancel after confirm is, or it ends the session.
    public enum CancelAfterFailure: String, CaseIterable, Sendable { case ignored, endsSession }

    /// When R11.3's one-time memory-fallback notice shows: at the confirm whose crop falls back
    /// to the thumbnail, or at the first memory warning (the heads-up before the crop).
    public enum MemoryNoticeAt: String, CaseIterable, Sendable { case confirm, warning }

    /// What Retry does after the upload succeeded but the profile update failed: the upload
    /// again from attempt 1, or only the profile update (the file is already stored; upsert).
    public enum ProfileRetry: String, CaseIterable, Sendable { case reupload, profileOnly }

    /// A resize during a pinch: the pinch re-bases at the resized pose (the span ratio so far
    /// becomes its new 1), or keeps its start, the start zoom scaled with s_min (an overshoot
    /// past a limit is still remembered). Either way the image point under the fingers is taken
    /// anew in the new layout.
    public enum PinchAcrossResize: String, CaseIterable, Sendable { case rebase, scaleStart }

    /// What a resize keeps (the notes say only "mask, s_min and s_max are recomputed"): the zoom
    /// relative to s_min, clamped into the new range, with the image point under the mask center
    /// kept there; the pose scaled with the mask (zoom and translation times the new diameter over
    /// the old: the same crop square), then clamped; or the absolute zoom, clamped, with the
    /// center point kept.
    public enum ResizeKeeps: String, CaseIterable, Sendable { case relativeZoom, scaledPose, absoluteZoom }

    /// Confirm while a discrete move animates: the move lands on its target and that is cropped,
    /// or the photo stays at the frame on screen and that is cropped (what the user sees).
    public enum ConfirmDuringMove: String, CaseIterable, Sendable { case landsTarget, cropsFrame }

    /// Reduce Motion switched on while a move animates: the move lands on its target at once, or
    /// it stops where it is.
    public enum ReduceMotionMidMove: String, CaseIterable, Sendable { case landsTarget, stops }

    /// A resize while a move animates (the notes say only "mask, s_min and s_max are
    /// recomputed"): the move lands on its target first and the resize keeps that pose; it stops
    /// on the frame shown, which the resize keeps; or the resize keeps the frame shown and the
    /// move carries on to its target, kept the same way (each "keeps" as policy `resizeKeeps`).
    public enum ResizeMidMove: String, CaseIterable, Sendable { case landsTarget, stops, carriesOn }

    /// An increment at 100 % (a decrement at 0 %) pushes against the end of the range: a light
    /// impact is owed, as for any push past a limit; or it is a no-op that owes none (one is
    /// still allowed, judged as any impact).
    public enum IncrementAtEnd: String, CaseIterable, Sendable { case presses, silent }

    /// R6.4 "auto-hides after first gesture", UX Polish "fade after first gesture": the
    /// instructions are gone at the end of the frame of the first gesture, or fade out within
    /// half a second (30 frames) of it.
    public enum InstructionsHide: String, CaseIterable, Sendable { case atOnce, fade }

    /// R6.2 "WHEN a user begins gesture interaction … hide the grid": hidden while a pan or
    /// pinch is active, or also while a discrete move animates.
    public enum GridHidden: String, CaseIterable, Sendable { case duringGestures, alsoDuringMoves }

    /// R10.1 "log source dimensions": the stored pixel grid's (as the photo arrives), or the
    /// upright photo's (after R9.1's normalization, which all the math works on).
    public enum TelemetrySourceSize: String, CaseIterable, Sendable { case stored, upright }

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

    /// When an editor applies the moves of a gesture (pan, pinch and twist updates): at the event
    /// that carries them, or when the frame ends, as a web cropper that keeps the latest move and
    /// applies it in its `requestAnimationFrame` callback does. Under `atFrameEnd` the oracle
    /// judges a frame's gesture moves, and a gesture's end or cancel, against the state the model
    /// reports at the frame's end (a web cropper runs the last move after the `touchend`, and
    /// paints the same frame); a finger landing that begins a gesture is judged at its answer,
    /// with what waits applied. A double-tap is judged at its answer; an input that is not a
    /// touch applies at once.
    public enum InputTiming: String, CaseIterable, Sendable { case atEvent, atFrameEnd }

    /// What the finger left after one of a pinch's two lifts does (a recognizer's choice): it
    /// drags on from its next move, as the gesture notes and UIKit do; it is ignored until every
    /// finger has lifted; or it is ignored, but a landing that makes two fingers down starts a
    /// new pinch with them, as web croppers that start a pinch at every `touchstart` with two
    /// touches do (react-easy-crop). The last also holds after a third finger stopped a pinch.
    public enum FingerAfterPinch: String, CaseIterable, Sendable { case drags, ignored, ignoredAlone }

    /// How far two fingers must turn before a pinch also turns the photo (`twist`): 10°, cropsim's
    /// recognizer's choice (a pinch always turns a little), or not at all: the photo turns with
    /// the fingers from the first degree, as web croppers that read the angle directly do.
    public enum TwistThreshold: String, CaseIterable, Sendable { case tenDegrees, none }

    /// What two fingers whose direction turns a quarter turn or more between two samples do to
    /// the photo (the spec is silent): nothing, cropsim's recognizer's choice (fingers swapping
    /// places flip their direction, and whether that was clockwise is a coin toss), or the photo
    /// turns by the change taken within ±180°, as web croppers that add up `atan2` differences
    /// at every move do. Only a half turn itself is left ambiguous, and a photo turned by either
    /// half is the same picture.
    public enum SharpTurn: String, CaseIterable, Sendable { case ignored, followed }

    /// How far one finger must move before it drags the photo: 10 pt, the gesture notes' default
    /// (the moves count from there, so the threshold does not jump the photo), or not at all: the
    /// photo follows the finger from its first move, as many web croppers do. A tap is a touch
    /// that lifts within 10 pt either way.
    public enum DragThreshold: String, CaseIterable, Sendable { case tenPoints, none }

    public var transitionSpring = TransitionSpring.zeta08
    public var zoomInterpolation = ZoomInterpolation.geometric
    public var sliderMapping = SliderMapping.logarithmic
    public var incrementStep = IncrementStep.tenPercent
    public var pinchReference = PinchReference.fromStart
    public var pinchAnchor = PinchAnchor.likeZoom
    public var degeneratePinch = DegeneratePinch.clamp
    public var panReference = PanReference.fromPrevious
    public var limitHaptics = LimitHaptics.perSide
    public var arrivalHaptics = ArrivalHaptics.pushesOnly
    public var zeroWidthRange = ZeroWidthRange.oneLimit
    public var densityCap = DensityCap.everyZoom
    public var baseDuringMove = BaseDuringMove.currentFrame
    public var reduceMotion = ReduceMotion.landInEvent
    public var pinchAcrossResize = PinchAcrossResize.rebase
    public var resizeKeeps = ResizeKeeps.relativeZoom
    public var cropFailure = CropFailure.backToEditing
    public var cancelAfterFailure = CancelAfterFailure.ignored
    public var memoryNoticeAt = MemoryNoticeAt.confirm
    public var profileRetry = ProfileRetry.reupload
    public var telemetrySourceSize = TelemetrySourceSize.stored
    public var confirmDuringMove = ConfirmDuringMove.landsTarget
    public var reduceMotionMidMove = ReduceMotionMidMove.landsTarget
    public var resizeMidMove = ResizeMidMove.landsTarget
    public var incrementAtEnd = IncrementAtEnd.presses
    public var instructionsHide = InstructionsHide.atOnce
    public var gridHidden = GridHidden.duringGestures
    public var instructionsHiddenBy = InstructionsHiddenBy.panPinchDoubleTap
    public var uploadAttempts = UploadAttempts.four
    public var retryable = Retryable.transientAnd3xx
    public var inputTiming = InputTiming.atEvent
    public var fingerAfterPinch = FingerAfterPinch.drags
    public var twistThreshold = TwistThreshold.tenDegrees
    public var sharpTurn = SharpTurn.ignored
    public var dragThreshold = DragThreshold.tenPoints

    public init() {}

    /// One policy: its name, its values (the default first), and how to read and set it.
    public struct Descriptor: Sendable {
        public var name: String
        public var values: [String]
        /// The values accepted besides `values`, described for errors (a spring's parameters).
        public var otherwise: String?
        public var get: @Sendable (Policies) -> String
        public var set: @Sendable (inout Policies, String) -> Bool

        init<T: RawRepresentable & CaseIterable & Sendable>(
            _ name: String, _ path: WritableKeyPath<Policies, T> & Sendable,
            otherwise: String? = nil
        )
        where T.RawValue == String {
            self.name = name
            values = T.allCases.map(\.rawValue)
            self.otherwise = otherwise
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
        Descriptor("transitionSpring", \.transitionSpring, otherwise: TransitionSpring.pattern),
        Descriptor("zoomInterpolation", \.zoomInterpolation),
        Descriptor("sliderMapping", \.sliderMapping), Descriptor("incrementStep", \.incrementStep),
        Descriptor("pinchReference", \.pinchReference), Descriptor("pinchAnchor", \.pinchAnchor),
        Descriptor("degeneratePinch", \.degeneratePinch), Descriptor("panReference", \.panReference),
        Descriptor("limitHaptics", \.limitHaptics), Descriptor("arrivalHaptics", \.arrivalHaptics),
        Descriptor("zeroWidthRange", \.zeroWidthRange),
        Descriptor("densityCap", \.densityCap), Descriptor("baseDuringMove", \.baseDuringMove),
        Descriptor("reduceMotion", \.reduceMotion), Descriptor("pinchAcrossResize", \.pinchAcrossResize),
        Descriptor("resizeKeeps", \.resizeKeeps),
        Descriptor("instructionsHiddenBy", \.instructionsHiddenBy), Descriptor("uploadAttempts", \.uploadAttempts),
        Descriptor("retryable", \.retryable), Descriptor("cropFailure", \.cropFailure),
        Descriptor("cancelAfterFailure", \.cancelAfterFailure),
        Descriptor("memoryNoticeAt", \.memoryNoticeAt), Descriptor("profileRetry", \.profileRetry),
        Descriptor("telemetrySourceSize", \.telemetrySourceSize), Descriptor("confirmDuringMove", \.confirmDuringMove),
        Descriptor("reduceMotionMidMove", \.reduceMotionMidMove), Descriptor("incrementAtEnd", \.incrementAtEnd),
        Descriptor("instructionsHide", \.instructionsHide), Descriptor("gridHidden", \.gridHidden),
        Descriptor("inputTiming", \.inputTiming), Descriptor("fingerAfterPinch", \.fingerAfterPinch),
        Descriptor("twistThreshold", \.twistThreshold), Descriptor("dragThreshold", \.dragThreshold),
        Descriptor("sharpTurn", \.sharpTurn), Descriptor("resizeMidMove", \.resizeMidMove)
    ]

    /// Sets the policy `name` to `value`.
    public mutating func set(_ name: String, to value: String) throws(UnknownName) {
        guard let d = Self.descriptors.first(where: { $0.name == name }) else {
            throw UnknownName(kind: "policy", name: name)
        }
        guard d.set(&self, value) else {
            let accepted = d.values.joined(separator: ", ") + (d.otherwise.map { ", or \($0)" } ?? "")
            throw UnknownName(kind: "value of policy \(name) (one of \(accepted))", name: value)
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
