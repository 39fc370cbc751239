import CropImaging
import CropPhotos
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// `cropsim photos --inset`: the percentage's grammar, the rectangle's rounding, the crop of all
/// eight EXIF orientations pixel for pixel, and the inset lines' place in the journal and sheet.
@Suite struct PhotoInsetTests {
    @Test(arguments: [
        ("5%", 500, "5%"), ("12%", 1200, "12%"), ("12.5%", 1250, "12.5%"), ("12.50%", 1250, "12.5%"),
        ("12.25%", 1225, "12.25%"), ("07.05%", 705, "7.05%"), ("20%", 2000, "20%"), ("19.99%", 1999, "19.99%")
    ])
    func aPercentageIsReadExactly(_ text: String, _ hundredths: Int, _ shortest: String) throws {
        let inset = try InsetPercent(text)
        #expect(inset.hundredths == hundredths)
        #expect(inset.text == shortest)
        #expect(try InsetPercent(inset.text) == inset)
    }

    @Test(arguments: [
        ("4%", "must be 5%…20%"), ("21%", "must be 5%…20%"), ("4.99%", "must be 5%…20%"), ("20.01%", "must be 5%…20%"),
        ("-5%", "at most two decimals"), ("nan%", "at most two decimals"), ("1e309%", "at most two decimals"),
        ("%", "at most two decimals"), ("12%%", "at most two decimals"), ("12.345%", "at most two decimals"),
        (".5%", "at most two decimals"), ("12.%", "at most two decimals"), ("+12%", "at most two decimals"),
        (" 12%", "at most two decimals"), ("", "such as 12%"), ("12", "needs its percent sign"),
        ("12.5", "needs its percent sign")
    ])
    func anythingElseIsRefusedWithOneLine(_ text: String, _ reason: String) {
        #expect {
            try InsetPercent(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains("got \"\(text)\"") && !message.contains("\n")
        }
    }

    @Test func aRefusedHugeOrControlTextIsShownShortAndOnOneLine() {
        for text in [String(repeating: "9", count: 100_000) + "%", "1\n2%", "\u{1b}[31m%"] {
            #expect {
                try InsetPercent(text)
            } throws: { error in
                let message = "\(error)"
                return message.count < 140 && !message.contains("\n") && !message.contains("\u{1b}")
            }
        }
    }

    /// Every edge loses ⌊side × P / 100⌋ pixels, the same on both sides.
    @Test func theRectangleLosesTheFloorOfThePercentageFromEachEdge() throws {
        let cases: [(String, Int, Int, (Int, Int, Int, Int))] = [
            ("12.5%", 1000, 750, (125, 93, 750, 564)),  // 93.75 → 93
            ("5%", 4032, 3024, (201, 151, 3630, 2722)),  // 201.6 → 201, 151.2 → 151
            ("20%", 10, 9, (2, 1, 6, 7)),  // 1.8 → 1
            ("19.99%", 10_000, 1, (1999, 0, 6002, 1))
        ]
        for (text, w, h, want) in cases {
            let r = try InsetPercent(text).rect(width: w, height: h)
            let got: [Int] = [r.x, r.y, r.width, r.height], expected: [Int] = [want.0, want.1, want.2, want.3]
            #expect(got == expected, "\(text) of \(w)×\(h)")
        }
    }

    /// A stored image whose every pixel is distinct (x in red, y in green), tagged with each EXIF
    /// orientation: the inset is the upright full decode's rectangle, pixel for pixel, and its
    /// size is the rule's for the upright size.
    @Test(arguments: 1...8)
    func theInsetIsTheUprightPhotosRectangle(_ orientation: Int) throws {
        let (w, h) = (61, 43)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                pixels[(y * w + x) * 3] = UInt8(x * 4); pixels[(y * w + x) * 3 + 1] = UInt8(y * 5);
                pixels[(y * w + x) * 3 + 2] = 77
            }
        }
        let folder = try TemporaryFolder("inset"), path = folder.path("in.png")
        try Data(
            try ImageEncoder.png(pixels, width: w, height: h, format: .rgb8, exif: Self.exif(orientation: orientation))
        )
        .write(to: URL(fileURLWithPath: path))
        let upright = try ImageFile.decode(path: path)
        let uprightSize: [Int] = [upright.width, upright.height]
        #expect(uprightSize == (orientation >= 5 ? [h, w] : [w, h]))
        let inset = try InsetPercent("12.5%")
        let outcome = PhotoInsetCrop(inset: inset).crop(
            path: path, sha256: String(repeating: "ab", count: 32), haveOriginal: false)
        let r = try #require(outcome.result.rect)
        #expect(outcome.result.failed == nil)
        let want = inset.rect(width: upright.width, height: upright.height)
        #expect(r == PhotoInsetResult.Box(x: want.x, y: want.y, width: want.width, height: want.height))
        let file = try #require(outcome.result.file)
        #expect(file.hasSuffix("-12.5-v\(PhotoInsetCrop.formatVersion).png"))
        let written = folder.path("out.png")
        try Data(try #require(outcome.files[file])).write(to: URL(fileURLWithPath: written))
        let cropped = try ImageFile.decode(path: written)
        #expect(cropped.width == r.width && cropped.height == r.height)
        var differing = 0
        for y in 0..<r.height {
            for x in 0..<r.width where cropped[x, y] != upright[x + r.x, y + r.y] { differing += 1 }
        }
        #expect(differing == 0)
        #expect(outcome.files[try #require(outcome.result.preview)] != nil)
        #expect(outcome.files[try #require(outcome.result.original)] != nil)
    }

    /// EXIF (TIFF, big-endian) with IFD0 holding only Orientation: a PNG eXIf chunk's contents.
    static func exif(orientation: Int) -> [UInt8] {
        [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
    }

    /// Undecodable bytes give a line saying why, so a rerun does not try again.
    @Test func aPhotoThatCannotBeDecodedGetsAFailedLine() throws {
        let folder = try TemporaryFolder("inset"), path = folder.path("in.jpg")
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: path))
        let outcome = PhotoInsetCrop(inset: try InsetPercent("10%")).crop(path: path, sha256: "00", haveOriginal: false)
        #expect(outcome.result.failed?.hasPrefix(path + ":") == true)
        #expect(outcome.files.isEmpty && outcome.result.file == nil)
    }

    /// The inset key follows the percentage only; both kinds of line share one journal and are
    /// read back apart.
    @Test func insetLinesShareTheJournalKeyedByInset() throws {
        let a = PhotoInsetCrop(inset: try InsetPercent("12%")), b = PhotoInsetCrop(inset: try InsetPercent("12.00%"))
        #expect(a.key == b.key)
        #expect(a.key != PhotoInsetCrop(inset: try InsetPercent("12.01%")).key)
        // Version 1's key (optimized Huffman tables up to 12 MP, every PNG deflated alike) is not
        // this version's, so its lines are made again (PhotoCommandTests).
        #expect(a.key != ContentHash.bytes(Array("cropsim-photos-inset 1 1200 jpeg 92 preview 160".utf8)))
        let temporary = try TemporaryFolder("inset"), root = temporary.path
        let folder = try PhotoBatchFolder(root)
        try folder.prepare(insets: true)
        let device = PhotoCheck(devices: [DevicePreset.named("iphone-15")!], config: AvatarCropperConfig()).unreadable(
            path: "a.jpg", because: "gone")
        do {
            let journal = try PhotoJournal(folder: folder)
            try journal.append(device, insets: [a.unreadable(path: "a.jpg", because: "gone")])
        }
        let reopened = try PhotoJournal(folder: folder)
        #expect(reopened.previous.map(\.path) == ["a.jpg"])
        #expect(reopened.previousInsets.map(\.insetKey) == [a.key])
        #expect(reopened.previousInsets.first?.renamed(to: "b.jpg").path == "b.jpg")
    }

    /// Without insets the sheet is the thumbnail sheet; with them each card holds the original
    /// with the inset outlined, beside the inset.
    @Test func theSheetShowsOriginalAndInsetSideBySide() throws {
        let check = PhotoCheck(devices: [DevicePreset.named("iphone-15")!], config: AvatarCropperConfig())
        let results = check.unreadable(path: "p.jpg", because: "x")
        #expect(!PhotoSheet.render(results).contains("class=\"pair\""))
        var inset = PhotoInsetResult(path: "p.jpg", sha256: "ab", inset: "12.5%", insetKey: "k")
        (inset.uprightWidth, inset.uprightHeight) = (1000, 750)
        inset.rect = .init(x: 125, y: 93, width: 750, height: 564)
        (inset.file, inset.original, inset.preview) = (
            "insets/ab-12.5.jpg", "insets/ab-160.png", "insets/ab-12.5-160.png"
        )
        let html = PhotoSheet.render(results, insets: ["p.jpg": inset])
        #expect(html.contains("<img src=\"insets/ab-160.png\" alt=\"original\""))
        #expect(html.contains("left:12.5000%;top:12.4000%;width:75.0000%;height:75.2000%"))
        #expect(html.contains("<img src=\"insets/ab-12.5-160.png\" alt=\"inset 12.5%\""))
        #expect(html.contains("inset 12.5% 750×564"))
    }
}
