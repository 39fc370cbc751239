import CropFiles
import CropTestSupport
import Foundation
import Testing

/// `MarkedFolder` knows how to replace an output folder safely, not what a folder of any one
/// command holds: what marks a folder as ours comes from its caller (`FolderMark`), and so do the
/// words of its refusals. The report's own mark is held by CropReportTests and CropsimCLITests.
@Suite struct MarkedFolderTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder("marked") }

    static let sample = FolderMark(
        fileName: ".sample-mark", kind: "sample-mark", version: 3,
        legacyRequired: ["old.txt"], legacyAllowed: ["old.txt", "notes.txt"], noun: "sample", example: "Samples/latest")
    static let other = FolderMark(
        fileName: ".other-mark", kind: "other-mark", version: 1, noun: "other", example: "Others/latest")

    func fill(_ path: String, _ name: String, mark: FolderMark = Self.sample) throws {
        try MarkedFolder(path, mark: mark).replace { staging throws(OutputError) in
            try OutputFile.write(Array(name.utf8), to: staging + "/" + name)
        }
    }

    /// The caller's marker goes in first and the folder is replaced whole; a folder that holds
    /// another caller's marker is refused with one line naming the marker it lacks, untouched.
    @Test func aFolderIsOursOnlyByItsCallersMark() throws {
        let path = folder.path("out")
        try fill(path, "a.txt")
        #expect(try folder.contents("out") == [".sample-mark", "a.txt"])
        #expect(try folder.read("out/.sample-mark") == "sample-mark 3\n")
        try fill(path, "b.txt")
        #expect(try folder.contents("out") == [".sample-mark", "b.txt"])

        let theirs = folder.path("theirs")
        try fill(theirs, "c.txt", mark: Self.other)
        let refusal = #expect(throws: OutputError.self) { try fill(theirs, "d.txt") }
        #expect(refusal?.kind == .refused)
        #expect(
            refusal?.description
                == "\(theirs): is a folder cropsim did not write (it has no .sample-mark); refusing to replace it")
        #expect(try folder.contents("theirs") == [".other-mark", "c.txt"])
        // The right name with another kind's text is not the mark either.
        try folder.write("other-mark 1\n", to: "forged/.sample-mark")
        #expect(throws: OutputError.self) { try MarkedFolder(folder.path("forged"), mark: Self.sample).check() }
        #expect(try folder.read("forged/.sample-mark") == "other-mark 1\n")
    }

    /// A folder from before the marker is ours only with every required name and no other; an
    /// empty folder is always ours.
    @Test func aFolderFromBeforeTheMarkIsRecognizedByItsNames() throws {
        try folder.write("x", to: "legacy/old.txt")
        try folder.write("x", to: "legacy/notes.txt")
        #expect(try MarkedFolder(folder.path("legacy"), mark: Self.sample).check() == true)
        #expect(throws: OutputError.self) { try MarkedFolder(folder.path("legacy"), mark: Self.other).check() }
        try folder.write("x", to: "extra/old.txt")
        try folder.write("x", to: "extra/mine.txt")
        #expect(throws: OutputError.self) { try MarkedFolder(folder.path("extra"), mark: Self.sample).check() }
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        #expect(try MarkedFolder(folder.path("empty"), mark: Self.other).check() == true)
    }

    /// Refusals name the folder by the caller's noun and suggest its example path.
    @Test func refusalsUseTheCallersWords() throws {
        let empty = #expect(throws: OutputError.self) { _ = try MarkedFolder("", mark: Self.sample) }
        #expect(empty?.description == "\"\": the sample folder path is empty")
        let dot = #expect(throws: OutputError.self) { _ = try MarkedFolder("a/..", mark: Self.sample) }
        #expect(dot?.description == "a/..: names no sample folder of its own; give one such as Samples/latest")
        try folder.write("x", to: "file")
        let file = #expect(throws: OutputError.self) {
            try MarkedFolder(folder.path("file"), mark: Self.sample).check()
        }
        #expect(file?.description == "\(folder.path("file")): is a file, not a sample folder")
    }

    /// CropFiles holds no command's marker: each owner passes its own (`.cropsim-report` is
    /// CropReport's, `.cropsim-photos` CropPhotos', `.cropsim-finds` CropFuzz's).
    @Test func noMarkerIsNamedInCropFiles() throws {
        let folder = Repository.url("Sources/CropFiles")
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files = 0
        for case let file as String in walker where file.hasSuffix(".swift") {
            files += 1
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for marker in ["cropsim-report", "cropsim-photos", "cropsim-finds"] {
                #expect(!text.contains(marker), "Sources/CropFiles/\(file) names \(marker)")
            }
        }
        #expect(files > 5)
    }
}
