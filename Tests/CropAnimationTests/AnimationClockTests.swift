import CropAnimation
import Testing

/// The clock against a brute-force reading of its promise: frame `n` starts at `n / fps` s and
/// shows the tick on screen then (ticks last 1/60 s), and the animation ends after the frame
/// that shows the last tick.
struct AnimationClockTests {
    @Test func everyTickAtSixtyFramesASecond() {
        let clock = AnimationClock(lastTick: 179)
        #expect(clock.frameCount == 180)
        #expect((0..<180).allSatisfy { clock.tick(ofFrame: $0) == $0 })
        #expect(clock.start(ofFrame: 180) == 3000)
        let durations = (0..<180).map { clock.start(ofFrame: $0 + 1) - clock.start(ofFrame: $0) }
        #expect(Set(durations) == [16, 17])
    }

    @Test(arguments: [1, 7, 24, 25, 30, 59, 60])
    func framesShowTheTickOnScreenAtTheirStart(fps: Int) {
        for lastTick in [0, 1, 59, 60, 61, 179, 1000] {
            let clock = AnimationClock(fps: fps, lastTick: lastTick)
            var n = 0
            // The tick on screen at n / fps seconds, by rationals: the largest t with t / 60 <= n / fps.
            while true {
                let onScreen = (0...).first { ($0 + 1) * fps > n * 60 }!
                if onScreen > lastTick { break }
                #expect(clock.tick(ofFrame: n) == onScreen, "fps \(fps), frame \(n)")
                #expect(abs(Double(clock.start(ofFrame: n)) - Double(n) * 1000 / Double(fps)) < 1)
                n += 1
            }
            #expect(clock.frameCount == n, "fps \(fps), last tick \(lastTick)")
        }
    }

    @Test func theFrameRateRangeIsOneToTheTickRate() {
        #expect(AnimationClock.fpsRange == 1...60)
    }
}
