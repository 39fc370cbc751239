import CropBuild
import CropScenario
import CropModel
import CropSim
import CropVocabulary
import Foundation

/// `summary.json`: the run at a glance, for CI. Everything but the `timing` objects and
/// `wallSeconds` is deterministic.
public struct Summary: Codable, Sendable {
    public var passed: Int
    public var failed: Int
    /// Scenarios that need a capability the model lacks: neither passed nor failed.
    public var notApplicable: Int?
    /// The model under test (absent in reports written before models could be plugged in).
    public var model: ModelReport?
    /// The cropsim that ran the scenarios (absent in reports written before it was recorded).
    public var build: BuildInfo?
    public var scenarios: [Entry]

    public struct Entry: Codable, Sendable {
        public var id: String
        public var file: String
        public var name: String
        public var covers: [String]
        public var passed: Bool
        public var rejected: String?
        public var rejectedBecause: String?
        public var ticks: Int
        public var violations: Int
        public var violationsByInvariant: [String: Int]
        public var firstProblem: String?
        public var expectationFailures: [String]
        public var haptics: [String: Int]
        public var timing: FrameTimingStatistics
        public var wallSeconds: Double
        /// Why the scenario does not apply to the model, when it does not.
        public var notApplicable: String?
        /// Expectations (JSON paths) the model's capabilities leave unjudged.
        public var notJudged: [String]?
        /// How the model failed as a program, with its last lines on standard error.
        public var modelFailure: String?
        public var modelStderr: [String]?
        /// Sub-pixel target deviations (docs/oracle.md#sub-pixel), by property: not failing;
        /// absent when there are none.
        public var subPixel: Int?
        public var subPixelByInvariant: [String: Int]?
    }

    public init(_ results: [RunResult], wallSeconds: [String: Double], model: ModelReport? = nil) {
        self.init(results.map { FinishedScenario($0, wallSeconds: wallSeconds[$0.scenario.id] ?? 0) }, model: model)
    }

    /// From what a streaming run keeps of each scenario (`FinishedScenario`).
    public init(_ finished: [FinishedScenario], model: ModelReport? = nil) {
        scenarios = finished.map(Entry.init)
        passed = scenarios.filter(\.passed).count
        let notApplicable = scenarios.filter { $0.notApplicable != nil }.count
        failed = scenarios.count - passed - notApplicable
        self.notApplicable = notApplicable
        self.model = model ?? finished.first.map { ModelReport($0.result.model, command: nil) }
        build = .current
    }

    /// A run's counts and model without its entries: the head of a `summary.json` merged from a
    /// `ScenarioSpool`.
    package init(passed: Int, failed: Int, notApplicable: Int, model: ModelReport?) {
        self.passed = passed
        self.failed = failed
        self.notApplicable = notApplicable
        self.model = model
        build = .current
        scenarios = []
    }

    /// Pretty-printed with sorted keys, entry by entry: `JSONEncoder` builds a whole document's
    /// tree before it writes a byte (62 MiB for 13,900 scenarios, issue 36), so the document is
    /// encoded without its entries and each entry alone is indented into its place in the
    /// `scenarios` array, the last key. The bytes are those of the whole document encoded at
    /// once (`StreamingReportTests`).
    public func json() throws -> String {
        let (head, tail) = try frame(entries: !scenarios.isEmpty)
        var out = head
        for (i, entry) in scenarios.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + (try Self.indented(entry))
        }
        return out + tail
    }

    /// The document without its entries, cut where they go: each goes after `head`, the first
    /// after a newline and the others after ",\n". Without entries `head` is the whole document.
    package func frame(entries: Bool) throws -> (head: String, tail: String) {
        var head = self
        head.scenarios = []
        let top = String(decoding: try Self.encoder.encode(head), as: UTF8.self)
        guard entries, let key = top.range(of: "\n  \"scenarios\" : [", options: .backwards) else {
            return (top + "\n", "")
        }
        return (String(top[..<key.upperBound]), "\n  ]\n}\n")
    }

    /// One entry as it stands in the document's `scenarios` array, indented, without a separator.
    package static func indented(_ entry: Entry) throws -> String {
        let lines = String(decoding: try encoder.encode(entry), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// Each file a report is read back from (`report merge` a shard's, `report diff` a run's) is
    /// refused past this size (a suite of 5,000 scenarios writes about 5 MiB of `summary.json`);
    /// the files copied are streamed, not read whole.
    public static let maxFileBytes = 32 << 20

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension Summary.Entry {
    package init(_ f: FinishedScenario) {
        let r = f.result
        self.init(
            id: r.scenario.id, file: r.scenario.file, name: r.scenario.name, covers: r.scenario.covers,
            passed: r.passed, rejected: r.rejection, rejectedBecause: r.rejectionDetail, ticks: r.ticks,
            violations: r.violationCount,
            violationsByInvariant: Dictionary(
                uniqueKeysWithValues: r.violationCounts.map { ($0.key.rawValue, $0.value) }),
            firstProblem: r.firstProblem, expectationFailures: r.failures.map(\.description),
            haptics: r.hapticCounts, timing: f.timing, wallSeconds: f.wallSeconds, notApplicable: r.notApplicable,
            notJudged: r.expectationsNotJudged.isEmpty ? nil : r.expectationsNotJudged,
            modelFailure: r.modelFailure?.description, modelStderr: r.modelFailure.map(\.stderrTail),
            subPixel: r.subPixelCount > 0 ? r.subPixelCount : nil,
            subPixelByInvariant: r.subPixelCount > 0
                ? Dictionary(uniqueKeysWithValues: r.subPixelCounts.map { ($0.key.rawValue, $0.value) }) : nil)
    }
}

/// `scenario.resolved.json`: the scenario with everything derived from it spelled out. The
/// geometry comes from the editor that opened; for a refused photo it is absent.
package struct ResolvedScenario: Codable {
    var id: String
    var name: String
    var description: String
    var covers: [String]
    var storedWidth: Int
    var storedHeight: Int
    var orientation: Int
    var view: Size
    var screenScale: Double
    var touchRate: Int
    var reduceMotion: Bool
    var config: AvatarCropperConfig
    var imageFile: String?
    var rejected: String?
    var rejectedBecause: String?
    var steps: Int
    var ticks: Int
    var orientedWidth: Double?
    var orientedHeight: Double?
    var maskDiameter: Double?
    var sMin: Double?
    var sQuality: Double?
    var sDensity: Double?
    var sMax: Double?
    var initialScale: Double?
    var zoomLimited: Bool?
    var lowDensity: Bool?

    package init(_ r: RunResult) {
        let s = r.scenario
        id = s.id
        name = s.name
        description = s.description
        covers = s.covers
        storedWidth = s.image.source.storedWidth
        storedHeight = s.image.source.storedHeight
        orientation = s.image.source.orientation.rawValue
        view = s.device.view
        screenScale = s.device.screenScale
        touchRate = s.device.touchRate
        reduceMotion = s.device.reduceMotion
        config = s.config
        imageFile = s.image.file
        rejected = r.rejection
        rejectedBecause = r.rejectionDetail
        steps = s.steps.count
        ticks = r.ticks
        guard let g = r.geometry else { return }
        orientedWidth = g.width
        orientedHeight = g.height
        maskDiameter = g.maskDiameter
        sMin = g.sMin
        sQuality = g.sQuality
        sDensity = g.sDensity
        sMax = g.sMax
        initialScale = min(g.sMin * 1.05, g.sMax)
        zoomLimited = g.zoomLimited
        lowDensity = g.lowDensity
    }

    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
