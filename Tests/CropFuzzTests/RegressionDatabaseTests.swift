import CropFiles
import CropFuzz
import CropSim
import CropTestSupport
import Foundation
import Testing

/// The folder of finds follows the ownership rule of every output folder: absent, empty or
/// marked (`.cropsim-finds`), never a project folder, `.` or `/`.
@Suite struct RegressionDatabaseTests {
    @Test func onlyAFolderOfFindsIsClaimed() throws {
        let folder = try TemporaryFolder()
        let base = folder.path
        try FileManager.default.createDirectory(
            atPath: base + "/project/node_modules", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: base + "/project/package.json"))
        for refused in [
            base + "/project", ".", "/", "", base + "/project/package.json", base + "/project/package.json/finds"
        ] {
            let error = #expect(throws: OutputError.self, "\(refused)") {
                try RegressionDatabase(directory: refused).claim()
            }
            #expect(error?.kind == .refused)
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/project/.cropsim-finds"))
        try RegressionDatabase(directory: base + "/finds").claim()
        #expect(FileManager.default.fileExists(atPath: base + "/finds/" + RegressionDatabase.markerName))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: base + "/finds/x.json"))
        try RegressionDatabase(directory: base + "/finds").claim()  // marked: still ours with files in it
        try FileManager.default.createDirectory(atPath: base + "/fifo-marker", withIntermediateDirectories: true)
        #expect(mkfifo(base + "/fifo-marker/" + RegressionDatabase.markerName, 0o644) == 0)
        #expect(throws: OutputError.self) { try RegressionDatabase(directory: base + "/fifo-marker").claim() }
    }
}
