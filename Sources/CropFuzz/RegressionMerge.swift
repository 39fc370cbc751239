import CropFiles
import CropScenario
import CropSim
import CropVocabulary
import Foundation

/// Gathers the finds of many fuzz campaigns (each machine's `--out` folder) into one regression
/// folder. A find's file name is its failure signature (`<invariant>-<place>.json`,
/// `RegressionDatabase.fileName`), so a hundred shards that hit one bug give one file: of the
/// copies, the smallest (then the first in byte order) is kept — the most shrunk, and the same
/// choice whatever order the folders come in.
public struct RegressionMerge {
    public struct Find: Sendable {
        /// The file name: the failure signature.
        public var name: String
        public var bytes: [UInt8]
        /// Where it was read, for messages.
        public var source: String
    }

    /// One signature's outcome.
    public struct Entry: Sendable {
        public var chosen: Find
        public var copies: Int
    }

    /// Every `*.json` directly in each folder, each parsed as a scenario: an unreadable or
    /// invalid file is an error naming it (exit 2), before anything is written.
    public static func collect(_ folders: [String]) throws(RegressionMergeError) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for folder in folders {
            var info = stat()
            guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw RegressionMergeError(
                    description: "\(folder.isEmpty ? "\"\"" : folder): is not a folder of fuzz finds")
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                throw RegressionMergeError(description: "\(folder): cannot list the folder")
            }
            for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                // A find is read as untrusted input: no link, no FIFO, no more than a scenario may be.
                let bytes: [UInt8]
                do throws(ReadableFile.Refusal) {
                    bytes = try ReadableFile(path, followLinks: false).readAll(limit: ScenarioBudget.maxFileBytes)
                } catch {
                    throw RegressionMergeError(description: "\(path): \(error.reason)")
                }
                do throws(ScenarioError) {
                    _ = try ScenarioParser.parse(bytes, file: path, id: String(name.dropLast(5)))
                } catch {
                    throw RegressionMergeError(description: error.description)
                }
                let find = Find(name: name, bytes: bytes, source: path)
                if let existing = entries[name] {
                    let better =
                        bytes.count < existing.chosen.bytes.count
                        || (bytes.count == existing.chosen.bytes.count
                            && bytes.lexicographicallyPrecedes(existing.chosen.bytes))
                    entries[name] = Entry(chosen: better ? find : existing.chosen, copies: existing.copies + 1)
                } else {
                    entries[name] = Entry(chosen: find, copies: 1)
                }
            }
        }
        return entries
    }
}

public struct RegressionMergeError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
