import Foundation

/// `summary.json` of a batch: the counts, per device too, and every photo with a finding that
/// fails the batch. Deterministic: the same results give the same bytes.
public struct PhotoBatchSummary: Codable, Sendable {
    public var devices: [String]
    public var total: PhotoTally
    public var byDevice: [String: PhotoTally]
    public var failures: [Failure]
    /// With `--inset`: the percentage, how many photos got their inset and which did not.
    public var inset: InsetTally?

    public struct InsetTally: Codable, Sendable {
        public var percent: String
        public var made: Int
        public var failed: [Failed]

        public struct Failed: Codable, Sendable {
            public var path: String
            public var message: String
        }

        public init(_ inset: InsetPercent, _ results: some Sequence<PhotoInsetResult>) {
            percent = inset.text
            made = results.filter { $0.failed == nil }.count
            failed = results.compactMap { r in r.failed.map { Failed(path: r.path, message: $0) } }
                .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }
    }

    public struct Failure: Codable, Sendable {
        public var path: String
        public var device: String
        public var message: String
    }

    public init(_ results: [PhotoResult], devices: [String]) {
        self.devices = devices
        total = PhotoTally(results)
        byDevice = Dictionary(grouping: results, by: \.device).mapValues(PhotoTally.init)
        failures = results.filter(\.failed).map { r in
            let because = r.refusedBecause.map { ": " + $0 } ?? ""
            return Failure(
                path: r.path, device: r.device, message: r.refused.map { $0 + because } ?? r.avatarFailed ?? "")
        }.sorted { ($0.path, $0.device) < ($1.path, $1.device) }
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
