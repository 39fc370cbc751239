import CropScenario
import CropText
import Foundation

/// `summary-rows.jsonl`: what the summary page is drawn from. A header line names the suite the
/// run's scenarios were drawn from (all of them, before `--shard`), then one `SummaryRow` a line
/// in id order. Every shard of a suite carries the same header, so `report merge` can tell a
/// shard of another suite, and a missing shard, from the shards it was given; the merged file is
/// the unsharded run's, byte for byte.
public struct SummaryRows: Equatable, Sendable {
    public static let fileName = "summary-rows.jsonl"

    public var suite: Suite
    /// In id order.
    public private(set) var rows: [SummaryRow]

    public init(suite: Suite, rows: [SummaryRow]) {
        self.suite = suite
        self.rows = rows.sorted { $0.id < $1.id }
    }

    /// The suite a run was drawn from: how many scenarios, and a fingerprint of their ids.
    public struct Suite: Codable, Equatable, Sendable {
        public var scenarios: Int
        /// FNV-1a (64 bits) of the sorted ids, each ended by a newline: it tells suites apart
        /// by accident, not against an adversary (the shards are the user's own).
        public var fingerprint: String

        public init(ids: [String]) {
            scenarios = ids.count
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for id in ids.sorted() {
                for byte in id.utf8 + [0x0a] {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            let hex = String(hash, radix: 16)
            fingerprint = String(repeating: "0", count: 16 - hex.count) + hex
        }

        var json: String { "{\"suite\":{\"scenarios\":\(scenarios),\"fingerprint\":\(jsonString(fingerprint))}}" }
    }

    public var text: String {
        ([suite.json] + rows.map(\.json)).map { $0 + "\n" }.joined()
    }

    /// Why a file is not one `text` would write, as "line N: reason".
    public struct Malformed: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads the file back, accepting only what `text` writes (so nothing else reaches a page):
    /// each line must decode and encode again to the same bytes, rows strictly in id order, and
    /// `prob` holding only the report's own markup.
    public init(parsing bytes: [UInt8]) throws(Malformed) {
        guard bytes.last == 0x0a else { throw Malformed(description: "is empty or does not end with a newline") }
        let lines = bytes.dropLast().split(separator: 0x0a, omittingEmptySubsequences: false)
        func decoded<T: Decodable>(_ type: T.Type, _ k: Int) throws(Malformed) -> T {
            do { return try JSONDecoder().decode(T.self, from: Data(lines[k])) } catch {
                throw Malformed(
                    description:
                        "line \(k + 1): is not \(T.self == Header.self ? "the header" : "a summary row") cropsim writes"
                )
            }
        }
        let header = try decoded(Header.self, 0)
        guard header.suite.json == String(decoding: lines[0], as: UTF8.self) else {
            throw Malformed(description: "line 1: is not the header cropsim writes")
        }
        var rows: [SummaryRow] = []
        for k in lines.indices.dropFirst() {
            let row = try decoded(SummaryRow.self, k)
            guard row.json == String(decoding: lines[k], as: UTF8.self) else {
                throw Malformed(
                    description: "line \(k + 1): is not a summary row cropsim writes (keys, order or escapes differ)")
            }
            guard row.problemsAreSafe else {
                throw Malformed(description: "line \(k + 1): problems hold markup the report never writes")
            }
            if let last = rows.last, !(last.id < row.id) {
                throw Malformed(description: "line \(k + 1): \(row.id) is out of id order or repeated")
            }
            rows.append(row)
        }
        self.init(suite: header.suite, rows: rows)
    }

    private struct Header: Decodable {
        var suite: Suite
    }
}
