import Foundation

/// `summary.json` of a batch: the counts, per device too, and every photo with a finding that
/// fails the batch. Deterministic: the same results give the same bytes.
public struct PhotoBatchSummary: Codable, Sendable {
    public var devices: [String]
    public var total: PhotoTally
    public var byDevice: [String: PhotoTally]
    public var failures: [Failure]

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
            return Failure(path: r.path, device: r.device, message: r.refused.map { $0 + because } ?? r.avatarFailed ?? "")
        }.sorted { ($0.path, $0.device) < ($1.path, $1.device) }
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
