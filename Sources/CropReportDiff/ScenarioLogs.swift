import Foundation

/// One tick of `frames.jsonl`: the pose the diff measures, and what a frame drawing needs. Read
/// from a line by `init(line:)` (FrameLine.swift).
public struct FrameSample: Equatable, Sendable {
    public var tick: Int
    public var scale: Double
    public var tx: Double
    public var ty: Double
    /// Printed only for scenarios that allow rotation; 0 otherwise.
    public var angle: Double
    public var viewWidth: Double
    public var viewHeight: Double
    public var maskDiameter: Double
    public var gridVisible: Bool
    public var instructionVisible: Bool
    /// The touches' x and y one after the other: one allocation a frame rather than one a touch,
    /// so a report's longest runs of ten-finger frames stay small in memory.
    public var touchPoints: [Double]

    /// The touches as `frames.jsonl` lists them, `[[x, y], …]`.
    public var touches: [[Double]] {
        get { stride(from: 0, to: touchPoints.count - 1, by: 2).map { [touchPoints[$0], touchPoints[$0 + 1]] } }
        set { touchPoints = newValue.flatMap { $0.count == 2 ? $0 : [] } }
    }

    /// The view and mask default to the suite's usual iPhone (393 × 852 pt, mask 322 pt).
    public init(
        tick: Int, scale: Double, tx: Double = 0, ty: Double = 0, angle: Double = 0,
        viewWidth: Double = 393, viewHeight: Double = 852, maskDiameter: Double = 322,
        gridVisible: Bool = true, instructionVisible: Bool = false, touches: [[Double]] = []
    ) {
        self.tick = tick
        self.scale = scale
        self.tx = tx
        self.ty = ty
        self.angle = angle
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.maskDiameter = maskDiameter
        self.gridVisible = gridVisible
        self.instructionVisible = instructionVisible
        self.touchPoints = touches.flatMap { $0.count == 2 ? $0 : [] }
    }
}

/// One line of an event log (`haptics.jsonl`, `effects.jsonl`, …): its tick, the line as written
/// (compared byte for byte), and a short name for summaries (the haptic's reason or kind, the
/// effect's type).
public struct LogLine: Equatable, Sendable {
    public var tick: Int
    public var text: String
    public var name: String

    public init(tick: Int, text: String, name: String) {
        self.tick = tick
        self.text = text
        self.name = name
    }
}

/// The photo's size in points at scale 1 (oriented pixels / screen scale), from
/// `scenario.resolved.json`; what a frame drawing needs besides the frame log.
public struct PhotoPoints: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Everything the diff compares for one scenario of one report, parsed from its summary entry
/// and the deterministic logs of its folder (docs/reports.md). Pure data: `ReportReader` reads it.
public struct ScenarioLogs: Equatable, Sendable {
    public var id: String
    public var name: String
    /// "passed", "failed" or "notApplicable", as summary.json says.
    public var verdict: String
    public var violations: Int
    public var frames: [FrameSample]
    /// `frames.jsonl` line by line, for the exact comparison (phase, limits, slider, clamps…): each
    /// line's digest, not its text, so two reports' logs are never held whole.
    public var frameLines: [LineDigest]
    /// `frames.jsonl`'s fields line by line, hashed, to name the fields that differ.
    public var frameFields: FrameFields
    public var haptics: [LogLine]
    /// Tips and alerts shown (`effects.jsonl` lines of type `show` and `alert`).
    public var tips: [LogLine]
    /// Every other effect: announcements, crop requests, telemetry, uploads, retries.
    public var effects: [LogLine]
    /// The remaining deterministic files, whole: `telemetry.jsonl`, `upload.jsonl`,
    /// `violations.jsonl`, `scenario.resolved.json`, by name.
    public var otherFiles: [String: [UInt8]]
    public var photo: PhotoPoints?
    /// What the run failed on first (`summary.json`'s `firstProblem`), shown beside a verdict.
    public var problem: String?

    /// `frameLines` and `frameFields` default to one line per sample, so logs built in code compare by their samples.
    public init(
        id: String, name: String = "", verdict: String = "passed", violations: Int = 0, frames: [FrameSample] = [],
        frameLines: [LineDigest]? = nil, frameFields: FrameFields? = nil, haptics: [LogLine] = [], tips: [LogLine] = [],
        effects: [LogLine] = [],
        otherFiles: [String: [UInt8]] = [:], photo: PhotoPoints? = nil, problem: String? = nil
    ) {
        self.id = id
        self.name = name
        self.verdict = verdict
        self.violations = violations
        self.frames = frames
        self.frameLines = frameLines ?? frames.map { LineDigest(Array("\($0)".utf8)) }
        self.frameFields = frameFields ?? FrameFields(samples: frames)
        self.haptics = haptics
        self.tips = tips
        self.effects = effects
        self.otherFiles = otherFiles
        self.photo = photo
        self.problem = problem
    }

    /// The files below a scenario's folder the diff reads, besides the logs parsed into fields.
    public static let otherFileNames = ["scenario.resolved.json", "telemetry.jsonl", "upload.jsonl", "violations.jsonl"]
}
