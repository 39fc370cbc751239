import CropVocabulary

public enum Metamorphic: String, Sendable, Hashable, CaseIterable {
    case mirror
}

/// One scenario file: a device, a photo, a config, timed steps and what must be true at the end.
public struct Scenario: Sendable, Equatable {
    /// The path below the suite root without `.json`, e.g. `gestures/pinch-past-max`.
    public var id: String
    /// The file it came from, as given on the command line.
    public var file: String
    public var name: String
    public var description: String
    /// Spec requirements this scenario covers, e.g. `R8.3`.
    public var covers: [String]
    public var device: Device
    public var image: ImageSpec
    public var config: AvatarCropperConfig
    public var steps: [Step]
    /// The scripted backend after confirm (R10–R12); `.none` when the scenario has none.
    public var backend: BackendScript
    public var expect: Expectations
    public var checkpoints: [Checkpoint]
    /// Relations between runs checked on top of the invariants: `mirror` runs the scenario
    /// mirrored left to right too and expects the mirrored final pose.
    public var metamorphic: Set<Metamorphic> = []
    /// The policies every one of its expectations assumes (name → value): against a model that
    /// declares another value they are not judged (finer: an expectation block's `assumes`).
    public var policies: [String: String] = [:]

    /// Memberwise, for tools that build a scenario in memory (the fuzzer's `ScenarioBuilder`)
    /// instead of parsing one; the parser's checks do not run on it.
    public init(
        id: String, file: String, name: String, description: String, covers: [String], device: Device,
        image: ImageSpec, config: AvatarCropperConfig, steps: [Step], backend: BackendScript,
        expect: Expectations, checkpoints: [Checkpoint], metamorphic: Set<Metamorphic> = []
    ) {
        self.id = id
        self.file = file
        self.name = name
        self.description = description
        self.covers = covers
        self.device = device
        self.image = image
        self.config = config
        self.steps = steps
        self.backend = backend
        self.expect = expect
        self.checkpoints = checkpoints
        self.metamorphic = metamorphic
    }

    /// The time of the last input, in seconds.
    public var inputEnd: Double { steps.map { $0.time + $0.action.duration }.max() ?? 0 }
}

public struct Device: Sendable, Hashable {
    public var view: Size
    public var screenScale: Double
    public var reduceMotion: Bool
    /// Touch samples per second: 60, or 120 on ProMotion displays.
    public var touchRate: Int

    /// The defaults are the format's (`ScenarioFormat.deviceTable`).
    public init(view: Size, screenScale: Double, reduceMotion: Bool = false, touchRate: Int = 60) {
        self.view = view
        self.screenScale = screenScale
        self.reduceMotion = reduceMotion
        self.touchRate = touchRate
    }

    public var viewport: Viewport { Viewport(size: view, screenScale: screenScale) }
}

/// The photo: its stored size and EXIF orientation, and optionally a real file (relative to the
/// scenario) that the imaging stage renders the avatar from.
public struct ImageSpec: Sendable, Hashable {
    public var source: SourceImage
    public var file: String?
    /// Where `file` is written in the scenario, for errors about the photo.
    public var fileLocation: SourceLocation?
    /// Why the photo could not be decoded (a corrupt or unsupported file, a decompression bomb):
    /// the editor then refuses it with the decode-failure message (R11.4).
    public var decodeFailure: String?

    public init(
        source: SourceImage, file: String? = nil, fileLocation: SourceLocation? = nil, decodeFailure: String? = nil
    ) {
        self.source = source
        self.file = file
        self.fileLocation = fileLocation
        self.decodeFailure = decodeFailure
    }
}

/// A step happens at `time` seconds after the scenario starts.
public struct Step: Sendable, Equatable {
    public var time: Double
    public var action: Action
    /// JSON path of the step, for messages (`$.steps[3]`).
    public var path: String
    /// A reader's note on the step (the fuzzer names the kind of input); it does not change the run.
    public var note: String?

    public init(time: Double, action: Action, path: String, note: String? = nil) {
        self.time = time
        self.action = action
        self.path = path
        self.note = note
    }
}

public enum Action: Sendable, Equatable {
    case drag(Drag)
    case pinch(Pinch)
    case twoFingerDrag(TwoFingerDrag)
    case tap(ViewPoint)
    case doubleTap(ViewPoint, interval: Double)
    case longTouch(ViewPoint, duration: Double)
    case touches([TouchTrack])
    case slider(percent: Double, animated: Bool)
    case increment(Int)
    case decrement(Int)
    case recenter
    /// The rotate button (`allowRotation`): a quarter turn clockwise.
    case rotate90
    case resize(Size)
    case reduceMotion(Bool)
    case memoryWarning
    case cancelTouches
    case confirm
    case cancel
    case retry

    /// How long the step's input lasts (its fingers are down), in seconds.
    public var duration: Double {
        switch self {
        case .drag(let d): d.duration + d.hold
        case .pinch(let p): p.duration + p.hold
        case .twoFingerDrag(let d): d.duration + d.hold
        case .tap: Gesture.tapDuration
        case .doubleTap(_, let interval): interval + Gesture.tapDuration
        case .longTouch(_, let duration): duration
        case .touches(let tracks): tracks.map(\.duration).max() ?? 0
        case .slider, .increment, .decrement, .recenter, .rotate90, .resize, .reduceMotion, .memoryWarning,
            .cancelTouches,
            .confirm, .cancel, .retry:
            0
        }
    }

    public var name: String {
        switch self {
        case .drag: "drag"
        case .pinch: "pinch"
        case .twoFingerDrag: "twoFingerDrag"
        case .tap: "tap"
        case .doubleTap: "doubleTap"
        case .longTouch: "longTouch"
        case .touches: "touches"
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
}

/// Timing of the synthesized taps.
public enum Gesture {
    /// A finger rests this long for a tap.
    public static let tapDuration = 0.05
    /// Downs of a synthesized double-tap are this far apart unless the step says otherwise.
    public static let doubleTapInterval = 0.15
    /// A long touch lasts this long unless the step says otherwise.
    public static let longTouchDuration = 0.8
}

/// A coordinate in view points, or in percent of the view's width or height at the time it is
/// used (so "50%" stays the middle after a resize).
public enum Coordinate: Sendable, Hashable {
    case points(Double)
    case percent(Double)

    func resolve(along length: Double) -> Double {
        switch self {
        case .points(let v): v
        case .percent(let p): p / 100 * length
        }
    }
}

public struct ViewPoint: Sendable, Hashable {
    public var x: Coordinate
    public var y: Coordinate

    public init(x: Coordinate, y: Coordinate) {
        self.x = x
        self.y = y
    }

    public static let center = ViewPoint(x: .percent(50), y: .percent(50))

    public func resolve(in view: Size) -> Point {
        Point(x: x.resolve(along: view.width), y: y.resolve(along: view.height))
    }
}

public enum Easing: String, Sendable, Hashable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    /// Cubic easing curves on [0, 1].
    public func callAsFunction(_ t: Double) -> Double {
        switch self {
        case .linear: t
        case .easeIn: t * t * t
        case .easeOut: 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2
        }
    }
}

/// One finger along key points, smoothed with a cubic spline when there are three or more.
public struct Drag: Sendable, Equatable {
    public var points: [ViewPoint]
    public var duration: Double
    public var easing: Easing
    /// The finger rests at the end this long before lifting.
    public var hold: Double
}

/// Two fingers symmetric about a center, the span (distance between them) going from `fromSpan`
/// to `toSpan`, the center drifting by `drift` points.
public struct Pinch: Sendable, Equatable {
    public var center: ViewPoint
    public var fromSpan: Double
    public var toSpan: Double
    public var duration: Double
    public var easing: Easing
    public var drift: Point
    /// Direction from the first finger to the second, in degrees (0 = left to right).
    public var angle: Double
    /// Degrees the fingers turn over the gesture, clockwise positive (a twist; `rotate` in the
    /// format is a pinch whose span stays put).
    public var rotation: Double = 0
    public var hold: Double
}

/// Two fingers a fixed span apart whose centroid moves from `from` to `to`.
public struct TwoFingerDrag: Sendable, Equatable {
    public var from: ViewPoint
    public var to: ViewPoint
    public var span: Double
    public var duration: Double
    public var easing: Easing
    public var angle: Double
    /// The fingers rest at the end this long before lifting, so the pan ends without a flick.
    public var hold: Double = 0
}

/// A raw track for one finger: W3C-style pointer actions, or recorded samples.
public struct TouchTrack: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        case actions([PointerAction])
        case samples([RawSample])
    }

    public var finger: String
    public var body: Body
    public var path: String

    public init(finger: String, body: Body, path: String) {
        self.finger = finger
        self.body = body
        self.path = path
    }

    public var duration: Double {
        switch body {
        case .actions(let a): a.reduce(0) { $0 + $1.duration }
        case .samples(let s): s.last?.time ?? 0
        }
    }
}

/// In the spirit of WebDriver pointer action sequences: moves interpolate over their duration.
public enum PointerAction: Sendable, Equatable {
    case down(ViewPoint)
    case move(to: ViewPoint, duration: Double)
    case pause(Double)
    case up
    case cancel

    var duration: Double {
        switch self {
        case .move(_, let d), .pause(let d): d
        case .down, .up, .cancel: 0
        }
    }
}

public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    case down, move, up, cancel
}

public struct RawSample: Sendable, Equatable {
    /// Seconds after the step's time.
    public var time: Double
    public var point: ViewPoint
    public var phase: TouchPhase

    public init(time: Double, point: ViewPoint, phase: TouchPhase) {
        self.time = time
        self.point = point
        self.phase = phase
    }
}
