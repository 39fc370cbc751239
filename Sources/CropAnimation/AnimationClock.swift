import CropVocabulary

/// Which tick each animation frame shows and when, by integer arithmetic only, so an animation
/// plays at the run's real speed at any frame rate and never drifts: frame `n` starts at
/// `n / fps` seconds, shows the tick on screen at that moment (`⌊n · 60 / fps⌋` at 60 ticks a
/// second), and starts at `⌊n · 1000 / fps⌋` ms. Durations then alternate (16 and 17 ms at 60 fps)
/// while every frame's start stays within a millisecond of its real time.
public struct AnimationClock: Sendable, Hashable {
    /// Frames per second: 1 up to the simulator's tick rate (faster would only repeat ticks).
    public let fps: Int
    /// The run's last tick: the animation ends with the frame that shows it.
    public let lastTick: Int

    public static let ticksPerSecond = TickClock.ticksPerSecond
    public static let fpsRange = 1...ticksPerSecond

    public init(fps: Int = ticksPerSecond, lastTick: Int) {
        precondition(Self.fpsRange.contains(fps) && lastTick >= 0, "fps \(fps) or last tick \(lastTick) out of range")
        self.fps = fps
        self.lastTick = lastTick
    }

    /// Frames whose tick is at most `lastTick`: `n · 60 / fps < lastTick + 1`.
    public var frameCount: Int { ((lastTick + 1) * fps - 1) / Self.ticksPerSecond + 1 }

    /// The tick frame `n` shows.
    public func tick(ofFrame n: Int) -> Int { n * Self.ticksPerSecond / fps }

    /// When frame `n` starts, in milliseconds; `start(ofFrame: frameCount)` is when the last one ends.
    public func start(ofFrame n: Int) -> Int { n * 1000 / fps }
}
