import CropPhotos
import CropTestSupport
import Foundation
import Testing

/// Real photos: `run` renders avatars, `crop --scenario` the same bytes from the same pose, and
/// a corrupt photo or a decompression bomb is exit 2 with nothing written.
@Suite struct PhotoCommandTests {
    @Test func cropOfAScenarioIsTheAvatarItsRunRendered() throws {
        let tmp = try TemporaryFolder()
        try AssertExecuteCommand(["run", "Scenarios/photos", "--jobs", "2", "--report-dir", tmp.path("ph")])
        let avatar = try Data(contentsOf: tmp.url("ph/scenarios/p3-ring-pinch-drag-confirm/avatar.png"))
        #expect(try PNGHeader(avatar) == PNGHeader(width: 512, height: 512))
        #expect(try !Data(contentsOf: tmp.url("ph/scenarios/color-bars-jpeg-output/avatar.jpg")).isEmpty)

        let crop = try AssertExecuteCommand([
            "crop", "--image", "Scenarios/photos/P3-sRGB-color-ring.jpg",
            "--scenario", "Scenarios/photos/p3-ring-pinch-drag-confirm.json", "--out", tmp.path("a.png")
        ])
        #expect(try Data(contentsOf: tmp.url("a.png")) == avatar, "crop --scenario differs from run's avatar")
        #expect(!crop.stdout.contains(#""angle""#), "a crop without a turn prints an angle")
    }

    @Test func cropNormalizesTheAngle() throws {
        let tmp = try TemporaryFolder()
        try AssertExecuteCommand(
            [
                "crop", "--image", "Scenarios/photos/P3-sRGB-color-ring.jpg", "--center", "--angle", "-270",
                "--out", tmp.path("t.png")
            ], stdout: #""angle":90,"#)
    }

    @Test func aCorruptPhotoIsExitTwoAndWritesNothing() throws {
        let tmp = try TemporaryFolder()
        try AssertExecuteCommand(
            ["crop", "--image", "Tests/Fixtures/images/corrupt/truncated.jpg", "--out", tmp.path("b.png"), "--center"],
            exitCode: 2, errorContaining: "truncated.jpg")
        #expect(!tmp.exists("b.png"))
        try AssertExecuteCommand(
            [
                "crop", "--image", "Tests/Fixtures/images/corrupt/65536-uint32-limit.png", "--out", tmp.path("c.png"),
                "--center"
            ],
            exitCode: 2, errorContaining: "more than the limit")
        #expect(!tmp.exists("c.png"))
    }

    /// An undecodable photo's inset is counted as not made, as summary.json counts it (issue 34).
    @Test func anInsetThatCannotBeMadeIsNotCountedAsMade() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: tmp.url("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Tests/Fixtures/images/corrupt/truncated.jpg"),
            to: tmp.url("in/t.jpg"))
        try AssertExecuteCommand(
            ["photos", tmp.path("in"), "--inset", "5%", "--devices", "iphone-se", "--out", tmp.path("out")],
            exitCode: 1, stdout: ", 0 insets at 5% made, 1 could not be made (0 already done)")
        let summary =
            try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.url("out/summary.json"))) as? [String: Any]
        #expect((summary?["inset"] as? [String: Any])?["made"] as? Int == 0)
    }

    /// A rerun remakes an inset whose journal line has an earlier format's key (version 1's, its
    /// file under version 1's name, as that version left them), under this version's file name:
    /// files are never replaced, so the new inset must not meet the old one's name.
    @Test func aRerunRemakesAnInsetOfAnEarlierFormat() throws {
        let tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: tmp.url("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Tests/Fixtures/images/color/P3-sRGB-color-bars.png"),
            to: tmp.url("in/p.png"))
        let photos = ["photos", tmp.path("in"), "--inset", "5%", "--devices", "iphone-se", "--out", tmp.path("out")]
        try AssertExecuteCommand(photos, stdout: ", 1 insets at 5% made (0 already done)")
        let journal = tmp.url("out/results.jsonl")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        let i = try #require(lines.firstIndex { $0.contains("\"insetKey\"") })
        var line = try #require(try JSONSerialization.jsonObject(with: Data(lines[i].utf8)) as? [String: Any])
        let file = try #require(line["file"] as? String)
        let old = file.replacingOccurrences(of: "-v\(PhotoInsetCrop.formatVersion).png", with: ".png")
        #expect(old != file)
        try FileManager.default.moveItem(at: tmp.url("out/" + file), to: tmp.url("out/" + old))
        (line["file"], line["insetKey"]) = (
            old, ContentHash.bytes(Array("cropsim-photos-inset 1 500 jpeg 92 preview 160".utf8))
        )
        var rewritten = lines
        rewritten[i] = String(
            decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self)
        try Data((rewritten.joined(separator: "\n") + "\n").utf8).write(to: journal)

        try AssertExecuteCommand(photos, stdout: ", 1 insets at 5% made (0 already done)")
        let remade = try Data(contentsOf: tmp.url("out/" + file))
        let last = try #require(
            try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").last { $0.contains("\"insetKey\"") }
        )
        let made = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(made["file"] as? String == file && made["bytes"] as? Int == remade.count)
        #expect(tmp.exists("out/" + old), "an earlier format's file is left, like an earlier percentage's")
        try AssertExecuteCommand(photos, stdout: ", 0 insets at 5% made (1 already done)")
    }

    @Test func geometryPrintsTheZoomRangeOrSaysWhyNot() throws {
        try AssertExecuteCommand(geometry(), stdout: #""sMax" : 1.2788095238095238"#)
        try AssertExecuteCommand(
            geometry(imageSize: "300x4000"), exitCode: 2,
            errorContaining: "This photo is too small for a profile picture")
        try AssertExecuteCommand(
            geometry() + ["--orientation", "9"], exitCode: 2, error: "error: --orientation must be 1…8, got 9")
        try AssertExecuteCommand(
            geometry(screenScale: "nan"), exitCode: 2, error: "error: --screen-scale must be a number in 1…4, got nan")
    }

    @Test func newWritesAScenarioThatRunsAndNeverOverwrites() throws {
        let tmp = try TemporaryFolder()
        let new = ["new", "gestures/mine", "--template", "hand-over", "--dir", tmp.path("suite")]
        try AssertExecuteCommand(new)
        try AssertExecuteCommand(new, exitCode: 2, errorContaining: "gestures/mine.json")
        try AssertExecuteCommand(["run", tmp.path("suite"), "--report-dir", tmp.path("r")])
    }
}

/// A PNG's size, read after checking the signature, every chunk's CRC and the closing IEND.
struct PNGHeader: Equatable {
    var width: UInt32
    var height: UInt32

    init(width: UInt32, height: UInt32) {
        self.width = width
        self.height = height
    }

    init(_ png: Data) throws {
        let bytes = [UInt8](png)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw FixtureError("not a PNG signature")
        }
        func uint32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var at = 8, last = ""
        while at + 12 <= bytes.count {
            let length = Int(uint32(at))
            guard at + 12 + length <= bytes.count else { throw FixtureError("chunk at \(at) runs past the end") }
            guard crc32(bytes[(at + 4)..<(at + 8 + length)]) == uint32(at + 8 + length) else {
                throw FixtureError("bad CRC at \(at)")
            }
            last = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            at += 12 + length
        }
        guard at == bytes.count, last == "IEND", bytes.count > 24 else { throw FixtureError("no IEND at the end") }
        width = uint32(16)
        height = uint32(20)
    }
}

func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
