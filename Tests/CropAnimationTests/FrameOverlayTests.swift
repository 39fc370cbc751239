@testable import CropAnimation
import CropFrames
import CropSim
import CropVocabulary
import Foundation
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
                sum
                    + (0..<plain.width).filter { x in
                        let i = (y * plain.width + x) * 3
                        return plain.pixels[i..<(i + 3)] != overlaid.pixels[i..<(i + 3)]
                    }.count
            }
        }
    }

    static func draw(_ result: RunResult, tick: Int, width: Int = 240, hud: Bool = false) throws -> Drawn {
        let points = try #require(FrameScene.imagePoints(result)), g = try #require(result.geometry)
        let record = ScenarioAnimation.frame(result.frames, at: tick)
        let scene = FrameScene(record, imagePoints: points)
        var plain = AnimationCanvas(width: width, height: FrameRaster.height(scene, width: width))
        _ = plain.draw(scene, imagePixels: Size(width: g.width, height: g.height), photo: nil, frameWidth: width)
        var overlaid = plain
        FrameOverlay(result, hud: hud).draw(
            scene, frame: record, tick: tick, on: &overlaid, originX: 0,
            pointsPerPixel: scene.view.width / Double(width))
        return Drawn(plain: plain, overlaid: overlaid, scene: scene, k: scene.view.width / Double(width))
    }

    /// The last tick with nothing on the overlay: the instruction gone, no haptic label, no tip.
    static func quietTick(_ result: RunResult) throws -> Int {
        let busy =
            result.haptics.map { ($0.tick, FrameOverlay.labelTicks) }
            + result.effects.compactMap { e in
                if case .show = e.effect { return (e.tick, FrameOverlay.tipTicks) }
                if case .alert = e.effect { return (e.tick, FrameOverlay.tipTicks) }
                return nil
            }
        let quiet = result.frames.last { f in
            !f.instructionsVisible && !busy.contains { f.tick >= $0.0 && f.tick < $0.0 + $0.1 }
        }
        return try #require(quiet).tick
    }

    /// The ring's color just outside the mask's stroke, level with its center.
    static func ringColor(_ at: Drawn) -> SIMD3<UInt8> {
        let x = Int((at.scene.maskCenter.x + at.scene.maskRadius) / at.k + 1.5 + 3),
            y = Int(at.scene.maskCenter.y / at.k)
        let i = (y * at.overlaid.width + x) * 3
        return SIMD3(at.overlaid.pixels[i], at.overlaid.pixels[i + 1], at.overlaid.pixels[i + 2])
    }

    @Test func theHapticFlashesAroundTheMaskAndFades() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-out-to-max")
        let haptic = try #require(result.haptics.first)
        let at = try Self.draw(result, tick: haptic.tick)
        #expect(Self.ringColor(at) == HapticStyle.color(haptic.haptic), "the haptic's own color at its tick")
        #expect(HapticStyle.color(haptic.haptic) != [0xE6, 0x9F, 0x00], "not the fingertips' orange")
        let below = at.scene.maskCenter.y + at.scene.maskRadius + 4
        #expect(at.changed(fromY: below, toY: below + 30) > 20, "its label under the mask")
        let faded = try Self.draw(result, tick: haptic.tick + FrameOverlay.flashTicks)
        #expect(
            Self.ringColor(faded)
                == Self.ringColor(Drawn(plain: faded.plain, overlaid: faded.plain, scene: faded.scene, k: faded.k)),
            "the ring gone \(FrameOverlay.flashTicks) ticks later")
        let later = try Self.draw(result, tick: haptic.tick + FrameOverlay.labelTicks)
        #expect(later.plain.pixels == later.overlaid.pixels, "the label gone \(FrameOverlay.labelTicks) ticks later")
        let before = try Self.draw(result, tick: haptic.tick - 1)
        let (center, radius) = (before.scene.maskCenter.y, before.scene.maskRadius)
        let ring = (center - radius - 12)..<(center + radius + 12)
        #expect(before.changed(fromY: ring.lowerBound, toY: ring.upperBound) == 0, "not before the haptic")
    }

    @Test func zoomMinAndZoomMaxFlashInDifferentColors() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-past-both-limits")
        let max = try #require(result.haptics.first { $0.haptic == .lightImpact(.zoomMax) })
        let min = try #require(result.haptics.first { $0.haptic == .lightImpact(.zoomMin) })
        let atMax = Self.ringColor(try Self.draw(result, tick: max.tick)),
            atMin = Self.ringColor(try Self.draw(result, tick: min.tick))
        #expect(atMax != atMin)
        #expect(HapticStyle.label(max.haptic) == "ZOOM MAX" && HapticStyle.label(min.haptic) == "ZOOM MIN")
    }

    @Test func everyHapticKindHasItsOwnColorAndLabel() {
        let kinds: [Haptic] = LimitReason.allCases.map { .lightImpact($0) } + [.snap, .success, .error]
        #expect(Set(kinds.map(HapticStyle.label)).count == kinds.count)
        // The two pan edges are one kind (one color, the axis in the label); every other kind differs.
        let colors = kinds.filter { $0 != .lightImpact(.panClampY) }.map { HapticStyle.color($0) }
        #expect(Set(colors.map { [$0.x, $0.y, $0.z] }).count == colors.count)
        #expect(!colors.contains([0xE6, 0x9F, 0x00]), "none is the fingertips' orange")
    }

    @Test func theHUDPrintsOnlyWhenAskedFor() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-out-to-max")
        let last = try Self.quietTick(result)
        let plain = try Self.draw(result, tick: last), hud = try Self.draw(result, tick: last, hud: true)
        #expect(plain.plain.pixels == plain.overlaid.pixels)
        #expect(hud.changed(fromY: 0, toY: 60) > 200, "three lines at the top")
        let frame = try #require(result.frames.first { $0.tick == last })
        #expect(FrameCaption.tickAndTime(frame) == "TICK \(last) \(String(format: "%.3f", frame.time)) S")
        #expect(FrameCaption.limits(frame).hasPrefix("LIMITS "))
    }

    @Test func theInstructionShowsUnderTheMaskUntilTheFirstGesture() throws {
        let result = try ScenarioAnimationTests.run("gestures/pinch-out-to-max")
        let first = try Self.draw(result, tick: 0)
        #expect(first.scene.instructionVisible)
        let below = first.scene.maskCenter.y + first.scene.maskRadius
        #expect(first.changed(fromY: below, toY: first.scene.view.height) > 50)
        #expect(first.changed(fromY: 0, toY: below) == 0)
        let end = try Self.draw(result, tick: try Self.quietTick(result))
        #expect(!end.scene.instructionVisible && end.plain.pixels == end.overlaid.pixels)
    }

    @Test func aTipShowsOnAPillAboveTheMaskForTwoSeconds() throws {
        let result = try ScenarioAnimationTests.run("requirements/zoom-limited-tip-once")
        let shown = try #require(
            result.effects.first { if case .show(.zoomLimitedByQuality) = $0.effect { true } else { false } })
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
