@testable import CropFrames
@testable import CropReport
import CropSim
import Testing

/// The contact sheet (`render --sheet`, the photos batch's sheet): frames in a grid, each
/// captioned with its tick, phase and haptics.
@Suite struct ContactSheetTests {
    func firstFrame() throws -> (RunResult, FrameScene) {
        let r = try #require(try Fixture.results(["gestures/pinch-out-to-max"]).first)
        let scene = FrameScene(try #require(r.frames.first), imagePoints: try #require(FrameScene.imagePoints(r)))
        return (r, scene)
    }

    @Test func theContactSheetIsAGridOfFrames() throws {
        let (r, scene) = try firstFrame()
        let layout = ContactSheet.Layout(frameWidth: 100, columns: 3)
        let sheet = try #require(ContactSheet.render(r, ticks: [0, 5, 10, 15, 20], photo: nil, layout: layout))
        let frameHeight = Int((scene.view.height / (scene.view.width / 100)).rounded())
        #expect(sheet.width == layout.gap + 3 * (100 + layout.gap))
        #expect(sheet.height == layout.gap + 2 * (frameHeight + layout.labelHeight + layout.gap))
        #expect(layout.labelHeight >= 3 * (OverlayFont.height + 3), "room for tick and time, phase, a haptic")
        let png = try #require(try ContactSheet.png(r, ticks: [0, 5], photo: nil, layout: layout))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(ContactSheet.render(r, ticks: [], photo: nil) == nil)
    }

    @Test func theContactSheetMarksPhaseAndHapticsUnderEachFrame() throws {
        let (r, _) = try firstFrame()
        let haptic = try #require(r.haptics.first)
        let layout = ContactSheet.Layout(frameWidth: 240, columns: 2)
        let sheet = try #require(ContactSheet.render(r, ticks: [0, haptic.tick], photo: nil, layout: layout))
        let frameHeight = sheet.height - 2 * layout.gap - layout.labelHeight
        func has(_ color: SIMD3<UInt8>, column: Int) -> Bool {
            let x0 = layout.gap + column * (240 + layout.gap)
            return (frameHeight + layout.gap..<sheet.height).contains { y in
                (x0..<(x0 + 240)).contains { sheet[$0, y] == color }
            }
        }
        #expect(has(HapticStyle.color(haptic.haptic), column: 1), "the haptic's swatch under its frame")
        #expect(!has(HapticStyle.color(haptic.haptic), column: 0))
        #expect(has(HapticStyle.phaseColor("idle"), column: 0), "the idle phase's swatch at tick 0")
    }
}
