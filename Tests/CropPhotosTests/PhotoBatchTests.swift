import CropFiles
import CropPhotos
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The pieces of `cropsim photos` that decide what is safe: which files are photos, which
/// folders may be written, and what a killed batch leaves for the next run.
@Suite struct PhotoBatchTests {
    /// Each test's own folder (Swift Testing makes a suite value per test), removed after it.
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder("photos")
    }

    func touch(_ relative: String, _ text: String = "x") throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func theCorpusIsEveryPhotoBelowTheFoldersSortedWithoutFollowingFolderLinks() throws {
        for name in ["b/2.JPG", "b/1.png", "a.jpeg", "notes.txt", "c/d/e/deep.jpg"] { try touch(name) }
        try FileManager.default.createSymbolicLink(atPath: root + "/b/loop", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.jpg", withDestinationPath: root + "/a.jpeg")
        #expect(mkfifo(root + "/pipe.jpg", 0o644) == 0)
        let found = try PhotoCorpus.collect([root, root + "/a.jpeg"]).map { String($0.dropFirst(root.count + 1)) }
        #expect(found == ["a.jpeg", "b/1.png", "b/2.JPG", "c/d/e/deep.jpg", "link.jpg"])
        // The batch's own output folder inside the corpus is never walked: its thumbnails are not photos.
        #expect(try PhotoCorpus.collect([root], excluding: root + "/b/").allSatisfy { !$0.contains("/b/") })
        #expect(throws: PhotoCorpusError.self) { try PhotoCorpus.collect([root + "/missing"]) }
        #expect(throws: PhotoCorpusError.self) { try PhotoCorpus.collect([root + "/pipe.jpg"]) }
    }

    @Test func onlyAnAbsentEmptyOrPreviousBatchFolderIsWritten() throws {
        try touch("foreign/keep.txt")
        try touch("file")
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: false)
        for refused in ["foreign", "file", "file/below", ".", "", "/"] {
            let path = refused.hasPrefix("/") || refused.isEmpty || refused == "." ? refused : root + "/" + refused
            #expect(throws: OutputError.self, "\(refused)") { try PhotoBatchFolder(path) }
        }
        let batch = try PhotoBatchFolder(root + "/empty")
        try batch.prepare()
        _ = try PhotoBatchFolder(root + "/empty")  // now ours
        _ = try PhotoBatchFolder(root + "/new/nested")
        #expect(try String(contentsOfFile: root + "/foreign/keep.txt", encoding: .utf8) == "x")
        // Another run writing its marker this moment (two runs started together): still empty.
        try touch("racing/..cropsim-photos.tmp-4242")
        _ = try PhotoBatchFolder(root + "/racing")
        try touch("racing/other")
        #expect(throws: OutputError.self) { try PhotoBatchFolder(root + "/racing") }
    }

    /// A batch folder whose `thumbs/` is a link out is refused before anything is written
    /// through it; a journal with lines of another tool refuses the folder and stays as it was.
    @Test func aPhotosFolderIsOursInsideToo() throws {
        let outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let folder = try PhotoBatchFolder(root + "/batch")
        try folder.prepare()
        try FileManager.default.removeItem(atPath: root + "/batch/thumbs")
        try FileManager.default.createSymbolicLink(atPath: root + "/batch/thumbs", withDestinationPath: outside)
        #expect(throws: OutputError.self) { try folder.prepare() }
        #expect(throws: OutputError.self) { try folder.add([1, 2, 3], at: "thumbs/x.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)

        let journal = root + "/batch/" + PhotoJournal.fileName
        let foreign = (0..<1000).map { "{\"name\":\"foreign\",\"n\":\($0)}\n" }.joined()
        try foreign.write(toFile: journal, atomically: false, encoding: .utf8)
        let refused = #expect(throws: OutputError.self) { try PhotoJournal(folder: folder) }
        #expect(refused?.kind == .refused && refused?.description.contains("line 1") == true)
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == foreign)
    }

    func result(_ path: String) -> PhotoResult {
        let check = PhotoCheck(devices: [DevicePreset.named("iphone-15")!], config: AvatarCropperConfig())
        return check.unreadable(path: path, because: "test")[0]
    }

    /// A batch killed mid-write leaves a torn last line: the next run keeps every whole line,
    /// drops the torn one (rewriting the file) and appends after it.
    @Test func aTornLastLineIsDroppedAndEveryWholeLineKept() throws {
        let folder = try PhotoBatchFolder(root + "/batch")
        try folder.prepare()
        do {
            let journal = try PhotoJournal(folder: folder)
            try journal.append([result("a.jpg")])
            try journal.append([result("b.jpg")])
        }
        let file = root + "/batch/" + PhotoJournal.fileName
        let whole = try String(contentsOfFile: file, encoding: .utf8)
        try (whole + String(whole.prefix(40))).write(toFile: file, atomically: false, encoding: .utf8)
        let reopened = try PhotoJournal(folder: folder)
        #expect(reopened.previous.map(\.path) == ["a.jpg", "b.jpg"])
        #expect(reopened.dropped == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == whole)
        try reopened.append([result("c.jpg")])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3 && lines[2].contains("\"path\":\"c.jpg\""))
    }

    /// The same bytes under another name reuse a verdict, under the new name: a duplicate's
    /// refusal names the duplicate, not the file checked first.
    @Test func aReusedVerdictNamesTheDuplicate() {
        var first = result("photos/a.jpg")
        first.refusedBecause = "photos/a.jpg: cannot decode JPEG: Premature end of data"
        first.avatarFailed = "photos/a.jpg: something else"
        let copy = first.renamed(to: "photos/copy of a.jpg")
        #expect(copy.path == "photos/copy of a.jpg")
        #expect(copy.refusedBecause == "photos/copy of a.jpg: cannot decode JPEG: Premature end of data")
        #expect(copy.avatarFailed == "photos/copy of a.jpg: something else")
        #expect(copy.key == first.key)
        var unrelated = first
        unrelated.refusedBecause = "the short side is 100 px, under 320 px"
        #expect(unrelated.renamed(to: "b.jpg").refusedBecause == unrelated.refusedBecause)
    }

    /// The config key changes with anything that changes a result, and only then.
    @Test func theConfigKeyFollowsTheConfigAndDevice() {
        let phone = DevicePreset.named("iphone-15")!, pad = DevicePreset.named("ipad")!
        let a = PhotoCheck(devices: [phone], config: AvatarCropperConfig())
        var config = AvatarCropperConfig()
        config.qualityMultiplier = 2
        let b = PhotoCheck(devices: [phone], config: config)
        #expect(
            a.configKey(for: phone) == PhotoCheck(devices: [pad], config: AvatarCropperConfig()).configKey(for: phone))
        #expect(a.configKey(for: phone) != b.configKey(for: phone))
        #expect(a.configKey(for: phone) != a.configKey(for: pad))
        #expect(a.configKey(for: phone).count == 64)
    }
}
