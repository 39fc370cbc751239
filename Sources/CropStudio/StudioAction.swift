import CropModel
import CropSim

/// A control on the page that becomes a system or accessibility step of the scenario.
public enum StudioAction: Sendable, Hashable {
    case slider(percent: Double, animated: Bool)
    case increment(Int)
    case decrement(Int)
    case recenter
    /// The rotate button (with `allowRotation`).
    case rotate90
    case resize(Size)
    case reduceMotion(Bool)
    case memoryWarning
    case cancelTouches
    case confirm
    case cancel
    case retry

    /// The page's name and value, checked against the scenario format's ranges.
    init(name: String, value: Double?, width: Double?, height: Double?) throws(Recording.Refusal) {
        switch name {
        case "slider", "sliderJump":
            guard let value, value.isFinite, (0...100).contains(value) else { throw .input("slider: a percentage 0–100 is needed") }
            self = .slider(percent: Recording.grid(value), animated: name == "slider")
        case "increment", "decrement":
            let n = value ?? 1
            guard n.isFinite, n == n.rounded(), (1...100).contains(n) else { throw .input("\(name): 1–100 steps") }
            self = name == "increment" ? .increment(Int(n)) : .decrement(Int(n))
        case "recenter": self = .recenter
        case "rotate90": self = .rotate90
        case "resize":
            guard let width, let height, width.isFinite, height.isFinite,
                  (100...4000).contains(width), (100...4000).contains(height) else {
                throw .input("resize: a view of 100–4000 × 100–4000 pt is needed")
            }
            self = .resize(Size(width: width.rounded(), height: height.rounded()))
        case "reduceMotionOn": self = .reduceMotion(true)
        case "reduceMotionOff": self = .reduceMotion(false)
        case "memoryWarning": self = .memoryWarning
        case "cancelTouches": self = .cancelTouches
        case "confirm": self = .confirm
        case "cancel": self = .cancel
        case "retry": self = .retry
        default: throw .input("unknown action \(ScenarioText.string(String(name.prefix(40))))")
        }
    }

    /// The step's key in the scenario format.
    var key: String {
        switch self {
        case .slider: "slider"
        case .increment: "increment"
        case .decrement: "decrement"
        case .recenter: "recenter"
        case .rotate90: "rotate90"
        case .resize: "resize"
        case .reduceMotion: "reduceMotion"
        case .memoryWarning: "memoryWarning"
        case .cancelTouches: "cancelTouches"
        case .confirm: "confirm"
        case .cancel: "cancel"
        case .retry: "retry"
        }
    }

    /// The step's value in the scenario format.
    var json: String {
        switch self {
        case .slider(let percent, let animated): "{ \"to\": \(ScenarioText.number(percent)), \"animated\": \(animated) }"
        case .increment(let n), .decrement(let n): "\(n)"
        case .resize(let size): "[\(ScenarioText.number(size.width)), \(ScenarioText.number(size.height))]"
        case .reduceMotion(let on): "\(on)"
        case .recenter, .rotate90, .memoryWarning, .cancelTouches, .confirm, .cancel, .retry: "true"
        }
    }
}

extension StudioAction {
    /// A scenario's system step as a studio action; nil for touch gestures.
    init?(_ action: Action) {
        switch action {
        case .slider(let percent, let animated): self = .slider(percent: percent, animated: animated)
        case .increment(let n): self = .increment(n)
        case .decrement(let n): self = .decrement(n)
        case .recenter: self = .recenter
        case .rotate90: self = .rotate90
        case .resize(let size): self = .resize(size)
        case .reduceMotion(let on): self = .reduceMotion(on)
        case .memoryWarning: self = .memoryWarning
        case .cancelTouches: self = .cancelTouches
        case .confirm: self = .confirm
        case .cancel: self = .cancel
        case .retry: self = .retry
        case .drag, .pinch, .twoFingerDrag, .tap, .doubleTap, .longTouch, .touches: return nil
        }
    }
}
