import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// The kinds of input the generator makes, simplest first: a weighted draw of 0 lands on the
/// first kind with weight, so shrinking drifts towards plain drags.
public enum InputKind: String, CaseIterable, Sendable, Codable {
    /// One finger, down, moving along a path, up (or cancelled).
    case drag
    /// Two fingers landing together, spans from 0 to huge, past both zoom limits.
    case pinch
    /// Two taps at the image or mask edge, at the double-tap thresholds.
    case doubleTap
    case slider
    case increment
    case decrement
    case recenter
    /// A drag whose second finger lands mid-drag (a pinch) and lifts before or after the first.
    case handOver
    /// Two fingers moving through each other: the span passes 0 and the fingers swap sides.
    case crossing
    /// A pinch interrupted by a third finger (the recognizer cancels the gesture).
    case thirdFinger
    case resize
    /// Toggles Reduce Motion (often mid-animation).
    case reduceMotion
    case memoryWarning
    case cancelTouches
    /// Ends the session; its after-confirm flow (crop, upload with retries, profile update) is
    /// scripted with random outcomes, and Retry is tapped a few times.
    case confirm
    /// Only generated after a confirm (it has no weight of its own).
    case retry
    /// Two fingers turning (with `allowRotation`): by less than the recognition threshold, into and
    /// out of snap windows, past the tilt limit, full turns; the span may change too (twist-pinch)
    /// and the center drift (twist-pan).
    case twist
    /// The rotate button: a quarter turn clockwise, often mid-animation.
    case rotate90
    /// Ends the session without a crop. Only generated in place of a confirm (it has no weight
    /// of its own), so every profile that confirms also cancels.
    case cancel
}

/// How often each kind of input is generated, like Android monkey's `--pct-*` options.
public struct FuzzProfile: Hashable, Sendable {
    public var name: String
    /// Relative integer weights; kinds missing here are never generated.
    public var weights: [InputKind: Int]
    /// The kinds the profile exists for (nil: every kind it weights). Against a model that
    /// supports none of them the campaign is refused: `rotation` against an editor without
    /// twists drew only its drags and pinches and passed in silence (issue 32).
    public var focus: Set<InputKind>?
    /// Touches within what fingers can do on the device (`TouchBounds`): every profile but
    /// `hostile`. Enforced as the trace is generated, so the shrinker cannot leave the bounds.
    public var plausible: Bool

    public init(name: String, weights: [InputKind: Int], focus: Set<InputKind>? = nil, plausible: Bool = true) {
        self.name = name
        self.weights = weights
        self.focus = focus
        self.plausible = plausible
    }

    /// The kinds the profile is for, among those it weights.
    public var focusKinds: [InputKind] {
        InputKind.allCases.filter { (weights[$0] ?? 0) > 0 && focus?.contains($0) != false }
    }

    /// The weights in `InputKind.allCases` order, as the generator draws them.
    var orderedWeights: [Int] { InputKind.allCases.map { weights[$0] ?? 0 } }

    /// A profile with rotation inputs also draws `allowRotation` (half the sessions), so its
    /// twists run both ways: rotating, and as the plain pinches they are without it.
    var rotates: Bool { (weights[.twist] ?? 0) > 0 || (weights[.rotate90] ?? 0) > 0 }

    /// Every kind, gestures more often than system events.
    public static let `default` = FuzzProfile(
        name: "default",
        weights: [
            .drag: 10, .pinch: 10, .doubleTap: 6, .slider: 4, .increment: 2, .decrement: 2, .recenter: 2,
            .handOver: 6, .crossing: 3, .thirdFinger: 2, .resize: 3, .reduceMotion: 3, .memoryWarning: 2,
            .cancelTouches: 2, .confirm: 1, .twist: 6, .rotate90: 2
        ])

    /// Rotation: twists, twist-pinches, 90° taps (mid-animation too), with the gestures and
    /// system events that interact with a turned photo.
    public static let rotation = FuzzProfile(
        name: "rotation",
        weights: [
            .drag: 6, .pinch: 4, .doubleTap: 4, .slider: 2, .increment: 1, .decrement: 1, .recenter: 2,
            .handOver: 3, .thirdFinger: 1, .resize: 2, .reduceMotion: 2, .cancelTouches: 1, .confirm: 1,
            .twist: 24, .rotate90: 8
        ], focus: [.twist, .rotate90])

    /// Two-finger work: pinches, hand-overs, crossings, interruptions.
    public static let pinchHeavy = FuzzProfile(
        name: "pinch-heavy",
        weights: [
            .drag: 4, .pinch: 30, .doubleTap: 2, .slider: 1, .recenter: 1, .handOver: 12, .crossing: 8,
            .thirdFinger: 4, .resize: 1, .reduceMotion: 1, .cancelTouches: 2
        ], focus: [.pinch, .handOver, .crossing, .thirdFinger])

    /// System and accessibility events interleaved with gestures: resizes, Reduce Motion toggles,
    /// memory warnings, cancelled touches, slider and VoiceOver steps.
    public static let systemChaos = FuzzProfile(
        name: "system-chaos",
        weights: [
            .drag: 6, .pinch: 6, .doubleTap: 6, .slider: 8, .increment: 5, .decrement: 5, .recenter: 6,
            .handOver: 4, .crossing: 2, .thirdFinger: 2, .resize: 10, .reduceMotion: 10, .memoryWarning: 6,
            .cancelTouches: 8, .confirm: 2
        ], focus: [.slider, .increment, .decrement, .recenter, .resize, .reduceMotion, .memoryWarning, .cancelTouches])

    /// The default weights with touches no finger makes: two fingers on one point, spans from 0
    /// to 6,000 pt (×161 in one frame), fingers far off the screen, several samples of one finger
    /// in one millisecond. For robustness against absurd input (issue 32); its finds may
    /// overstate what a user can meet.
    public static let hostile = FuzzProfile(name: "hostile", weights: FuzzProfile.default.weights, plausible: false)

    public static let builtIn: [FuzzProfile] = [.default, .pinchHeavy, .systemChaos, .rotation, .hostile]

    /// A built-in name, or a JSON file of weights: `{"pinch": 5, "drag": 1}` (kinds left out get 0).
    public static func named(_ nameOrFile: String) throws(ProfileError) -> FuzzProfile {
        if let p = builtIn.first(where: { $0.name == nameOrFile }) { return p }
        guard let data = FileManager.default.contents(atPath: nameOrFile) else {
            throw ProfileError(
                message:
                    "no built-in profile \"\(nameOrFile)\" (\(builtIn.map(\.name).joined(separator: ", "))) and no such file"
            )
        }
        return try parse(Array(data), name: nameOrFile)
    }

    /// Strict like the scenario parser: unknown kinds, non-integers and negative weights are
    /// errors, and at least one weight must be positive.
    public static func parse(_ bytes: [UInt8], name: String) throws(ProfileError) -> FuzzProfile {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ProfileError(message: "\(name):\(error.location): \(error.message)")
        }
        guard case .object(let members) = root.kind else {
            throw ProfileError(
                message: "\(name): a profile is a JSON object of weights, e.g. {\"pinch\": 5, \"drag\": 1}")
        }
        var weights: [InputKind: Int] = [:]
        for member in members {
            guard let kind = InputKind(rawValue: member.key) else {
                throw ProfileError(
                    message:
                        "\(name):\(SourceLocation(offset: member.keyOffset, in: bytes)): unknown input kind \"\(member.key)\"; expected one of "
                        + InputKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard case .number(let value) = member.value.kind, let weight = Int(exactly: value),
                (0...1_000_000).contains(weight)
            else {
                throw ProfileError(
                    message:
                        "\(name):\(SourceLocation(offset: member.value.offset, in: bytes)): the weight of \"\(member.key)\" must be an integer 0…1000000"
                )
            }
            weights[kind] = weight
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw ProfileError(message: "\(name): at least one weight must be positive")
        }
        return FuzzProfile(name: name, weights: weights)
    }
}

public struct ProfileError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
