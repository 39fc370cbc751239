import CropScenario
import CropSim
import CropText
import CropVocabulary

/// The page's controls as the scenario format's own system steps. A control becomes an `Action`
/// (the type `cropsim run` parses into), keyed by `Action.name` (the format's step key), so the
/// studio keeps no list of steps of its own; only the page's spelling of a control and the
/// text of each step's value live here.
enum SystemStep {
    /// The page's control `name` with its value, checked against the scenario format's ranges.
    static func action(name: String, value: Double?, width: Double?, height: Double?) throws(Recording.Refusal)
        -> Action
    {
        typealias R = ScenarioFormat.Range
        switch name {
        case "slider", "sliderJump":
            guard let value, value.isFinite, R.slider.contains(value) else {
                throw .input("slider: a percentage 0–100 is needed")
            }
            return .slider(percent: Recording.grid(value), animated: name == "slider")
        case "increment", "decrement":
            let n = value ?? 1
            guard n.isFinite, n == n.rounded(), R.voiceOverSteps.contains(Int(n)) else {
                throw .input("\(name): 1–100 steps")
            }
            return name == "increment" ? .increment(Int(n)) : .decrement(Int(n))
        case "recenter": return .recenter
        case "rotate90": return .rotate90
        case "resize":
            guard let width, let height, width.isFinite, height.isFinite, R.viewSide.contains(width),
                R.viewSide.contains(height)
            else {
                throw .input("resize: a view of 100–4000 × 100–4000 pt is needed")
            }
            return .resize(Size(width: width.rounded(), height: height.rounded()))
        case "reduceMotionOn": return .reduceMotion(true)
        case "reduceMotionOff": return .reduceMotion(false)
        case "memoryWarning": return .memoryWarning
        case "cancelTouches": return .cancelTouches
        case "confirm": return .confirm
        case "cancel": return .cancel
        case "retry": return .retry
        default: throw .input("unknown action \(jsonString(String(name.prefix(40))))")
        }
    }

    /// Whether the studio records `action` as a system step; a touch gesture it records as raw
    /// samples instead.
    static func isSystem(_ action: Action) -> Bool {
        switch action {
        case .slider, .increment, .decrement, .resize, .reduceMotion, .recenter, .rotate90, .memoryWarning,
            .cancelTouches, .confirm,
            .cancel, .retry:
            true
        case .drag, .pinch, .twoFingerDrag, .tap, .doubleTap, .longTouch, .touches: false
        }
    }
}
