import CropFiles
import CropTestSupport
import Foundation
import PropertyBased
import Testing

/// How commands open what they are given (`Sources/CropFiles`): paths as bytes, names from
/// inputs, non-regular files.
@Suite struct FilesTests {
    /// Each test's own folder (Swift Testing makes a suite value per test), removed after it.
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder("files")
    }

    @Test func pathTextGivesBackEveryByteSequence() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...40)) { bytes in
            let text = PathText.escape(bytes)
            #expect(PathText.bytes(text) == bytes)
            #expect(!text.utf8.contains { $0 < 0x20 || $0 == 0x7f })
        }
    }

    @Test func plainNamesAreTheirOwnPathText() {
        for name in ["photos/café.png", "a b/c.jpg", "back\\slash", "日本/写真.png", ""] {
            #expect(PathText.escape(Array(name.utf8)) == name)
            #expect(PathText.bytes(name) == Array(name.utf8))
        }
        #expect(PathText.escape([0x63, 0x61, 0x66, 0xe9]) == "caf\\xe9")
        #expect(PathText.escape(Array("a\nb".utf8)) == "a\\x0ab")
        #expect(PathText.escape(Array("\\x41".utf8)) == "\\x5cx41")  // a literal \x stays itself
        #expect(PathText.escape([0xed, 0xa0, 0x80]) == "\\xed\\xa0\\x80")  // a UTF-16 surrogate is not UTF-8
        #expect(PathText.shown("two\nlines\u{1b}[31m") == "two\\x0alines\\x1b[31m")
    }

    @Test func aNameThatIsNotUTF8IsOpenedByItsBytes() throws {
        let raw = Array((root + "/caf").utf8) + [0xe9] + Array(".txt".utf8)
        let fd = open(raw.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        _ = write(fd, "hello", 5)
        close(fd)
        let text = PathText.escape(raw)
        #expect(text.hasSuffix("caf\\xe9.txt"))
        #expect(try ReadableFile(text).readAll(limit: 100) == Array("hello".utf8))
        // A path text standing for a NUL byte names no file at all.
        #expect(throws: ReadableFile.Refusal.self) { _ = try ReadableFile(root + "/a\\x00b") }
    }

    @Test func namesFromInputsAreCheckedByteByByte() {
        for good in ["gestures/pinch", "a", "a.b/c-d_e", "é/ü"] {
            #expect(UntrustedName.problem(good) == nil, "\(good)")
        }
        let bad = [
            "", "/etc/passwd", "a/../b", "..", "./a", "a//b", "a/", "a\u{0}b", "a\u{1b}[31m", "a\nb", "a\\x2f..\\x2fb",
            String(repeating: "a", count: 256), String(repeating: "a/", count: 600) + "a"
        ]
        for name in bad { #expect(UntrustedName.problem(name) != nil, "\(name.debugDescription)") }
        // A run's own id from a file whose name is not UTF-8: its bytes are checked, not refused.
        #expect(UntrustedName.problem("caf\\xe9", escapedBytes: true) == nil)
        #expect(UntrustedName.problem("a\\x2f..\\x2fb", escapedBytes: true) != nil)
    }

    /// A FIFO without a writer blocks a plain open forever: the time limit turns that hang into a
    /// failure (no wall-clock window is judged).
    @Test(.timeLimit(.minutes(1))) func nonRegularFilesAreRefusedWithoutBlocking() throws {
        #expect(mkfifo(root + "/fifo", 0o644) == 0)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/file")
        let fifo = #expect(throws: ReadableFile.Refusal.self) { _ = try ReadableFile(root + "/fifo") }
        #expect(fifo?.notRegular == true && fifo?.reason.contains("FIFO") == true)
        #expect(throws: ReadableFile.Refusal.self) { _ = try ReadableFile(root + "/link", followLinks: false) }
        #expect(try ReadableFile(root + "/link").readAll(limit: 1) == [0x78])
        #expect(throws: ReadableFile.Refusal.self) { try ReadableFile(root + "/file").readAll(limit: 0) }
        #expect(throws: ReadableFile.Refusal.self) { _ = try ReadableFile(root) }
    }
}
