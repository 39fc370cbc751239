import CropSim
import CropSpec
import CropVocabulary

/// The messages between the page and the server, as JSON. The page sends what the designer did
/// with its timestamps; the server answers with frames the simulator computed. Nothing in the page
/// simulates: it draws frames and pulses haptics as it is told.
public enum StudioProtocol {
    /// One thing the designer did: a pointer sample (`pointer`, `x`, `y`, `phase`) or a control
    /// (`action`, with `value` or `width`/`height`). `t` is milliseconds since the recording began.
    public struct InputItem: Codable, Sendable {
        public var t: Double
        public var pointer: Int?
        public var x: Double?
        public var y: Double?
        public var phase: String?
        public var action: String?
        public var value: Double?
        public var width: Double?
        public var height: Double?

        public init(t: Double, pointer: Int, x: Double, y: Double, phase: String) {
            self.t = t
            self.pointer = pointer
            self.x = x
            self.y = y
            self.phase = phase
        }

        public init(t: Double, action: String, value: Double? = nil, width: Double? = nil, height: Double? = nil) {
            self.t = t
            self.action = action
            self.value = value
            self.width = width
            self.height = height
        }
    }

    /// A batch of input, and the page's clock (`now`, ms) so time passes without input too.
    public struct InputRequest: Codable, Sendable {
        public var session: String
        public var now: Double
        public var inputs: [InputItem]

        public init(session: String, now: Double, inputs: [InputItem]) {
            self.session = session
            self.now = now
            self.inputs = inputs
        }
    }

    /// Frames from tick `from` on replace whatever the page had from there: a late sample can
    /// change frames the page already drew. `settled` says nothing will change without new input.
    public struct FramesResponse: Codable, Sendable {
        public var from: Int
        public var frames: [Frame]
        public var settled: Bool
        /// Input the session refused (out of budget, malformed), one line for the page to show.
        public var notice: String?
        /// Server time for this batch (parse, run, encode frames), in microseconds: for the
        /// benchmark in docs/studio.md. Never written to a file.
        public var serverMicroseconds: Int = 0
    }

    /// One tick as the page draws it: the pose, the limits, the gesture phase, what fired.
    public struct Frame: Codable, Sendable, Equatable {
        public var tick: Int
        public var scale: Double
        public var tx: Double
        public var ty: Double
        public var angle: Double
        /// `allowRotation`, and the angle guide line.
        public var rotation: Bool
        public var guide: Bool
        public var sMin: Double
        public var sMax: Double
        public var maxTx: Double
        public var maxTy: Double
        public var vw: Double
        public var vh: Double
        public var mask: Double
        public var phase: String
        public var animating: Bool
        public var grid: Bool
        public var instr: Bool
        public var session: String
        public var cut: [String]
        public var engaged: [String]
        public var slider: Double
        /// Fingers on the glass: x0, y0, x1, y1, … in view points.
        public var touches: [Double]
        /// Haptic names fired at this tick (`zoomMax`, `success`, …), in order.
        public var haptics: [String]
        /// Tips, notices and alerts shown at this tick.
        public var tips: [String]
        /// Oracle violations at this tick: `property: message`.
        public var violations: [String]

        init(_ f: FrameRecord, effects: [EditorEffect], violations: [Violation]) {
            tick = f.tick
            scale = f.pose.scale
            tx = f.pose.translation.x
            ty = f.pose.translation.y
            angle = f.pose.angle
            rotation = f.rotationAllowed
            guide = f.angleGuideVisible
            sMin = f.sMin
            sMax = f.sMax
            maxTx = f.panLimit.x
            maxTy = f.panLimit.y
            vw = f.view.width
            vh = f.view.height
            mask = f.maskDiameter
            phase = f.phase
            animating = f.animating
            grid = f.gridVisible
            instr = f.instructionsVisible
            session = f.session.rawValue
            cut = Self.names(f.cut)
            engaged = Self.names(f.engaged)
            slider = f.sliderPercent
            touches = f.touches.flatMap { [$0.x, $0.y] }
            haptics = effects.compactMap { if case .haptic(let h) = $0 { h.name } else { nil } }
            tips = effects.compactMap {
                switch $0 {
                case .show(let m), .alert(let m): m.text
                default: nil
                }
            }
            self.violations = violations.map { "\($0.property.rawValue): \($0.message)" }
        }

        static func names(_ limits: LimitSet) -> [String] {
            let all: [(LimitSet, String)] = [
                (.zoomMin, "zoomMin"), (.zoomMax, "zoomMax"), (.panMinX, "panMinX"),
                (.panMaxX, "panMaxX"), (.panMinY, "panMinY"), (.panMaxY, "panMaxY")
            ]
            return all.filter { limits.contains($0.0) }.map(\.1)
        }

        /// Every frame of a run with the effects and violations of its tick.
        static func all(_ result: RunResult) -> [Frame] {
            result.frames.isEmpty ? [] : range(result, frames: result.frames, ticks: 0...result.frames.count - 1)
        }

        /// The frames of some ticks, with the run's effects and violations at them (frames are
        /// recorded at every tick from 0, so a tick is an index; a live session keeps them apart).
        static func range(_ result: RunResult, frames: [FrameRecord], ticks: ClosedRange<Int>) -> [Frame] {
            let effects = Dictionary(grouping: result.effects.filter { ticks.contains($0.tick) }, by: \.tick)
            let violations = Dictionary(grouping: result.violations.filter { ticks.contains($0.tick) }, by: \.tick)
            return frames[ticks].map {
                Frame($0, effects: effects[$0.tick]?.map(\.effect) ?? [], violations: violations[$0.tick] ?? [])
            }
        }
    }

    /// A new session: a fresh recording, or a scenario opened for playing and branching.
    public struct OpenRequest: Codable, Sendable {
        /// A scenario below the scenarios folder (`gestures/pinch-out-to-max`); nil for a new one.
        public var open: String?
        /// Continue recording from this tick of the opened scenario (a branch).
        public var branchTick: Int?
        /// A new recording on this device preset (`ipad-landscape`) instead of the studio's own.
        public var device: String?

        public init(open: String? = nil, branchTick: Int? = nil, device: String? = nil) {
            self.open = open
            self.branchTick = branchTick
            self.device = device
        }
    }

    public struct OpenResponse: Codable, Sendable {
        public var session: String
        public var name: String
        public var description: String
        /// `record` (input goes live) or `play` (an opened scenario: scrub, or branch to record).
        public var mode: String
        /// The recording's clock starts here (ms): a branch continues from its tick.
        public var startMs: Double
        public var frames: [Frame]
        /// The photo symbol (`id="studio-photo"`) and a frame SVG drawn by the report's code.
        public var photoDefinitions: String
        /// Where the symbol's display-resolution JPEG is (`/photo/<id>.jpg`); nil for the test pattern.
        public var photoURL: String?
        public var frameSVG: String
        /// The photo's size in points at scale 1, for `cropsimDrawFrame`.
        public var imagePoints: [Double]
        /// The device preset the scenario names, if it names one (the page's picker shows it).
        public var device: String?
        /// The folder an opened scenario lives in (`gestures`), which the page's Save keeps; nil
        /// for a new recording and for a file at the top of the scenarios folder.
        public var group: String?
        /// The ticks an opened scenario's checkpoints are checked on, marked under the scrubber.
        public var checkpointTicks: [Int] = []
        /// The editor recorded against ("cropsim-reference 1.0", or a team's own model) and the
        /// properties its capabilities leave unjudged, which the page lists.
        public var model: String = ""
        public var notJudged: [String] = []
    }

    public struct SaveRequest: Codable, Sendable {
        public var session: String
        public var group: String
        public var id: String
        public var name: String
        public var description: String
        /// Replace an existing file; without it an existing file is never touched.
        public var overwrite: Bool
        /// The page's clock: fingers still down are lifted here.
        public var now: Double

        public init(
            session: String, group: String, id: String, name: String, description: String, overwrite: Bool, now: Double
        ) {
            self.session = session
            self.group = group
            self.id = id
            self.name = name
            self.description = description
            self.overwrite = overwrite
            self.now = now
        }
    }

    public struct SaveResponse: Codable, Sendable {
        /// Where it was written, relative to the working directory.
        public var path: String
        /// The saved file read back and run like `cropsim run`: identical frames to the live ones.
        public var replayIdentical: Bool
        public var frames: Int
        public var finalPose: [Double]
        public var hapticSequence: [String]
        public var violations: Int
    }

    public struct ErrorResponse: Codable, Sendable {
        public var error: String
    }
}
