import ArgumentParser
import CropFuzz
import CropSim
import CropVocabulary
import Foundation

/// `cropsim fuzz merge`: the finds of many campaigns into one regression folder, one file per
/// failure signature, the same whatever order the folders are given in.
struct FuzzMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract:
            "Merge the finds of many fuzz campaigns into one regression folder, deduplicated by failure signature.",
        discussion: """
            A find's file name is its failure signature (<invariant>-<place>.json); of several copies \
            the smallest file is kept (then the first in byte order). A file already in --into is \
            never replaced; --into must be absent, empty or a folder of finds (.cropsim-finds). Exit code 1 when new finds were added (they are failures the suite now \
            replays), 0 when there was nothing new, 2 when a find is not a valid scenario (nothing \
            is written then).

            """ + ExitStatus.help
    )

    @Argument(help: "The campaigns' --out folders.") var campaigns: [String]
    @Option(help: "The regression folder to add to.") var into = "Scenarios/regressions"

    func validate() throws {
        if campaigns.isEmpty { throw ValidationError("give at least one folder of finds") }
    }

    func run() throws {
        let entries: [String: RegressionMerge.Entry]
        do { entries = try RegressionMerge.collect(campaigns) } catch {
            throw CommandLineInputError(description: error.description)
        }
        let database = RegressionDatabase(directory: into)
        try database.claim()
        var added = 0
        for name in entries.keys.sorted() {
            let entry = entries[name]!
            let copies = entry.copies == 1 ? "" : " (smallest of \(entry.copies) copies)"
            if try database.save(String(decoding: entry.chosen.bytes, as: UTF8.self), as: name) != nil {
                added += 1
                print("added   \(name) from \(entry.chosen.source)\(copies)")
            } else if FileManager.default.contents(atPath: database.path(of: name)).map({
                [UInt8]($0) == entry.chosen.bytes
            }) == true {
                print("present \(name)")
            } else {
                print("kept    \(name): \(into) already has this signature (a different trace); not replacing it")
            }
        }
        print("\(entries.count) failure signatures from \(campaigns.count) campaigns: \(added) added to \(into)")
        if added > 0 { throw ExitCode.checkFailed }
    }
}
