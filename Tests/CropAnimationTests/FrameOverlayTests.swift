@testable import CropAnimation
import CropReport
import CropSim
import CropVocabulary
import Testing

/// The overlays against the plain frame: each shows at its ticks and only there.
struct FrameOverlayTests {
    struct Drawn {
        var plain: AnimationCanvas
        var overlaid: AnimationCanvas
        var scene: FrameScene
        var k: Double

        /// Pixels the overlay changed, in the rectangle of view points `minY..<maxY`.
        func changed(fromY minY: Double, toY maxY: Double) -> Int {
            (Int(minY / k)..<min(Int(maxY / k), plain.height)).reduce(0) { sum, y in
                sum + (0..<plain.width).filter { x in
                    let i = (y * plain.width + x) * 3
                    return plain.pixels[i..<(i + 3)] != overlaid.pixels[i..<(i + 3)]
                }.count
            }
        }
    }

    static func draw(_ result: RunResult, tick: Int, width: Int = 240) throws -> Drawn {
        let points = try #require(FrameScene.imagePoints(result)), g = try #require(result.geometry)
        let scene = FrameScene(ScenarioAnimation.frame(result.frames, at: tick), imagePoints: points)
        let image = FrameRaster.draw(scene, imagePixels: Size(width: g.width, height: g.height), photo: nil, width: width)
        var plain = AnimationCanvas(width: image.width, height: image.height)
        plain.clear()
        plain.blit(image, x: 0, y: 0)
        var overlaid = plain
        FrameOverlay(result).draw(scene, tick: tick, on: &overlaid, originX: 0, pointsPerPixel: scene.view.width / Double(width))
        return Drawn(plain: plain, overlaid: overlaid, scene: scene, k: scene.view.width / Double(width))
    }

    @Test func theHapticFlashesAroundTheMaskAndFades() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-out-to-max")
        let haptic = try #require(result.haptics.first)
        let at = try Self.draw(result, tick: haptic.tick)
        // Just outside the mask's stroke, level with its center.
        let x = Int((at.scene.maskCenter.x + at.scene.maskRadius) / at.k + 1.5 + 3), y = Int(at.scene.maskCenter.y / at.k)
        let i = (y * at.overlaid.width + x) * 3
        let flash = SIMD3(at.overlaid.pixels[i], at.overlaid.pixels[i + 1], at.overlaid.pixels[i + 2])
        #expect(flash == FrameOverlay.impactColor, "the light impact's orange at the haptic's tick")
        let later = try Self.draw(result, tick: haptic.tick + FrameOverlay.flashTicks)
        #expect(later.plain.pixels == later.overlaid.pixels, "gone \(FrameOverlay.flashTicks) ticks later")
        let before = try Self.draw(result, tick: haptic.tick - 1)
        let ring = (before.scene.maskCenter.y - before.scene.maskRadius - 12)..<(before.scene.maskCenter.y + before.scene.maskRadius + 12)
        #expect(before.changed(fromY: ring.lowerBound, toY: ring.upperBound) == 0, "not before the haptic")
    }

    @Test func theInstructionShowsUnderTheMaskUntilTheFirstGesture() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-out-to-max")
        let first = try Self.draw(result, tick: 0)
        #expect(first.scene.instructionVisible)
        let below = first.scene.maskCenter.y + first.scene.maskRadius
        #expect(first.changed(fromY: below, toY: first.scene.view.height) > 50)
        #expect(first.changed(fromY: 0, toY: below) == 0)
        let end = try Self.draw(result, tick: try #require(result.frames.last).tick)
        #expect(!end.scene.instructionVisible && end.plain.pixels == end.overlaid.pixels)
    }

    @Test func aTipShowsOnAPillAboveTheMaskForTwoSeconds() throws {
        let result = try ScenarioAnimationTests.run("requirements/zoom-limited-tip-once")
        let shown = try #require(result.effects.first { if case .show(.zoomLimitedByQuality) = $0.effect { true } else { false } })
        let lastTick = try #require(result.frames.last).tick
        let during = try Self.draw(result, tick: min(shown.tick + 1, lastTick))
        let above = during.scene.maskCenter.y - during.scene.maskRadius
        #expect(during.changed(fromY: 0, toY: above) > 200, "the pill and its text")
        if shown.tick + FrameOverlay.tipTicks <= lastTick {
            let after = try Self.draw(result, tick: shown.tick + FrameOverlay.tipTicks)
            #expect(after.changed(fromY: 0, toY: above) == 0)
        }
    }
}
