import CWebP
@testable import CropAnimation
import CropScenario
import CropSim
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// Animations of real runs, read back with libwebpmux's demuxer: the file's timeline is the
/// clock's, the bytes are stable, and the overlays land where and when they should.
struct ScenarioAnimationTests {
    static let scenarios = Repository.scenarios

    static func run(_ id: String) throws -> RunResult {
        let loaded = ScenarioLoader.load([scenarios.appendingPathComponent("\(id).json").path])
        #expect(loaded.errors.isEmpty)
        return Simulator.run(try #require(loaded.scenarios.first))
    }

    /// The frames' durations and the canvas size, as a reader of the file sees them.
    static func timeline(_ bytes: [UInt8]) throws -> (durations: [Int], width: Int32, height: Int32) {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            let mux = try #require(WebPMuxCreate(&data, 0))
            defer { WebPMuxDelete(mux) }
            var count: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            #expect(WebPMuxNumChunks(mux, WEBP_CHUNK_ANMF, &count) == WEBP_MUX_OK)
            #expect(WebPMuxGetCanvasSize(mux, &width, &height) == WEBP_MUX_OK)
            let durations = try (1...Int(count)).map { n in
                var frame = WebPMuxFrameInfo()
                #expect(WebPMuxGetFrame(mux, UInt32(n), &frame) == WEBP_MUX_OK)
                defer { WebPDataClear(&frame.bitstream) }
                return Int(frame.duration)
            }
            return (durations, width, height)
        }
    }

    @Test(arguments: [60, 24])
    func theFilePlaysTheRunAtRealSpeed(fps: Int) throws {
        let result = try Self.run("gestures/pinch-out-to-max")
        let made = try #require(
            try ScenarioAnimation.webp(result, photo: nil, settings: .init(frameWidth: 120, fps: fps)))
        let clock = AnimationClock(fps: fps, lastTick: try #require(result.frames.last).tick)
        let (durations, width, height) = try Self.timeline(made.bytes)
        #expect(made.summary.frames == clock.frameCount)
        #expect(durations.reduce(0, +) == clock.start(ofFrame: clock.frameCount))
        #expect(made.summary.milliseconds == durations.reduce(0, +))
        // Frames merge only where nothing moved: each one starts on the clock.
        let clockStarts = Set((0..<clock.frameCount).map(clock.start(ofFrame:)))
        let starts = durations.indices.map { durations[..<$0].reduce(0, +) }
        #expect(Set(starts).isSubset(of: clockStarts))
        #expect(durations.count > clock.frameCount / 3)
        #expect(width == 120 && Int(height) == made.summary.height)
    }

    @Test func theSameRunGivesTheSameBytes() throws {
        let result = try Self.run("gestures/pinch-out-to-max")
        let a = try #require(try ScenarioAnimation.webp(result, photo: nil, settings: .init(frameWidth: 96, fps: 30)))
        let b = try #require(try ScenarioAnimation.webp(result, photo: nil, settings: .init(frameWidth: 96, fps: 30)))
        #expect(a.bytes == b.bytes)
    }

    @Test func aRefusedPhotoHasNoAnimation() throws {
        let result = try Self.run("photos/corrupt-header-refused")
        #expect(try ScenarioAnimation.webp(result, photo: nil)?.bytes == nil)
    }
}

extension ScenarioAnimationTests {
    @Test(arguments: [(0, 240), (61, 240), (60, 0)])
    func settingsOutsideTheirRangesAreRefusedNotTrapped(fps: Int, width: Int) throws {
        let result = try Self.run("gestures/pinch-out-to-max")
        #expect(throws: AnimationError.self) {
            try ScenarioAnimation.webp(result, photo: nil, settings: .init(frameWidth: width, fps: fps))
        }
    }
}
