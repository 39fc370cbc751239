import CropModel
import CropSim
import CropSpec
import Foundation
import Testing

/// The static properties hold for the model as shipped and catch broken values; the oracle's own
/// sources name none of the model's helpers.
@Suite struct StaticSpecTests {
    @Test func theShippedModelPassesEveryStaticProperty() {
        #expect(StaticSpec.violations().map { "\($0.0.rawValue): \($0.1)" } == [])
    }

    @Test func brokenValuesAreCaught() {
        #expect(StaticSpec.overlay(dimming: 0.8, strokeWidth: 1, gridCells: 2).count == 1)
        #expect(StaticSpec.overlay(dimming: 0.92, strokeWidth: 0, gridCells: 3).count == 2)
        #expect(StaticSpec.messages { $0 == .memoryFallback ? "Using an optimised preview" : $0.text }.count == 1)
        var c = AvatarCropperConfig()
        c.qualityMultiplier = 1.5
        c.encoding = .jpegSRGB(quality: 0.9)
        #expect(StaticSpec.configDefaults(c).count == 2)
    }

    /// Gesture notes, Recognition: "drag begins after 10 pt of movement; a double-tap is two taps
    /// whose downs are at most 0.3 s apart and at most 40 pt apart; the editor ticks at 60 Hz".
    @Test func recognizerDefaultsAreTheNotes() {
        let s = RecognizerSettings.standard
        #expect(s.dragThreshold == 10)
        #expect(s.doubleTapMaxInterval == 0.3)
        #expect(s.doubleTapMaxDistance == 40)
        #expect(Editor.ticksPerSecond == 60)
    }

    /// R12.4: the model's URL builder carries the version as `?v=`.
    @Test func avatarURLsCarryTheVersion() {
        #expect(UploadPolicy.url(base: "https://x.supabase.co/storage/v1/object/public", path: "users/u/avatar_512.png", version: 7)
                    .hasSuffix("/avatars/users/u/avatar_512.png?v=7"))
    }

    /// Whether `line` names `name` as an identifier of its own (`SpecTolerance.points` is not
    /// `Tolerance.points`).
    static func uses(_ line: Substring, _ name: String) -> Bool {
        var rest = line[...]
        while let r = rest.range(of: name) {
            if r.lowerBound == line.startIndex || name.first == "." || !line[line.index(before: r.lowerBound)].isLetter { return true }
            rest = line[r.upperBound...]
        }
        return false
    }

    @Test func theForbiddenNameCheckSeesIdentifiers() {
        #expect(Self.uses("let g = ZoomGeometry(source: s)", "ZoomGeometry"))
        #expect(!Self.uses("x <= SpecTolerance.points", "Tolerance.points"))
        #expect(Self.uses("x <= Tolerance.points", "Tolerance.points"))
    }

    /// The oracle restates the spec; it must not call the model's helpers (an oracle that did
    /// would agree with every bug in them). Comment lines may name them.
    @Test func theOracleUsesNoModelHelper() throws {
        let forbidden = ["ZoomGeometry", "translation(placing", "imagePoint(under", "DoubleTapLadder", "ZoomSlider", "Transition(",
                         "Transition.", "Spring(", "Spring.", ".step(", "orientedSize", "storedRect(", "storedPoint(", "UploadPolicy",
                         "ThumbnailPolicy", "isRetryable", "limits(at", "panLimit(scale", "isInside(", "isClose(", "swapsAxes",
                         "maxTicks", "Editor.", "Tolerance.relative", "Tolerance.points", "reasons", "wholeAxes"]
        let folder = Repository.root.appendingPathComponent("Sources/CropSpec")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 5)
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            for (n, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for name in forbidden where Self.uses(line, name) {
                    Issue.record("Sources/CropSpec/\(file):\(n + 1) uses \(name)")
                }
            }
        }
    }
}
