import CropModel
import CropScenario
import CropSim
import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The static properties hold for the model as shipped and catch broken values; the oracle cannot
/// see the model at all.
@Suite struct StaticSpecTests {
    @Test func theShippedModelPassesEveryStaticProperty() {
        let v = StaticSpec.violations(
            dimming: OverlayStyle.dimmingOpacity, strokeWidth: OverlayStyle.strokeWidth,
            gridCells: OverlayStyle.gridCells, text: { $0.text }, defaults: AvatarCropperConfig())
        #expect(v.map { "\($0.0.rawValue): \($0.1)" } == [])
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
        #expect(TickClock.ticksPerSecond == 60)
    }

    /// R12.4: the model's URL builder carries the version as `?v=`.
    @Test func avatarURLsCarryTheVersion() {
        #expect(
            UploadPolicy.url(
                base: "https://x.supabase.co/storage/v1/object/public", path: "users/u/avatar_512.png", version: 7
            )
            .hasSuffix("/avatars/users/u/avatar_512.png?v=7"))
    }

    /// The oracle restates the spec; it must not call the model's helpers (an oracle that did
    /// would agree with every bug in them). The compiler holds it to that: the oracle's target
    /// depends on the vocabulary alone, so no model helper is in scope there.
    @Test func theOracleCanSeeTheVocabularyOnly() throws {
        let manifest = try Repository.text("Package.swift")
        let target = try #require(
            manifest.range(of: #"name: "CropSpec",\s*dependencies:"#, options: .regularExpression))
        let end = try #require(manifest[target.upperBound...].range(of: "]\n"))
        let dependencies = manifest[target.upperBound..<end.lowerBound]
        #expect(dependencies.contains(#""CropVocabulary""#))
        #expect(!dependencies.contains("CropModel") && !dependencies.contains("CropSim"))
        let sources = try FileManager.default.subpathsOfDirectory(
            atPath: Repository.root.appendingPathComponent("Sources/CropSpec").path)
        for file in sources where file.hasSuffix(".swift") {
            let text = try Repository.text("Sources/CropSpec/\(file)")
            #expect(!text.contains("@testable"), "\(file)")
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                // Synchronization is the standard library's (a lock for springs declared by parameters).
                #expect(
                    ["import CropVocabulary", "import RealModule", "import Synchronization"].contains(String(line)),
                    "\(file): \(line)")
            }
        }
    }
}
