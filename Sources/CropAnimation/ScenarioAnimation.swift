import CropFrames
import CropImaging
import CropLogs
import CropSim
import CropVocabulary

/// `cropsim render --animate`: a run's frames as an animated WebP at the run's real speed, drawn
/// as the contact sheet draws them (`FrameRaster`) with the report's overlays (`FrameOverlay`).
/// Frames are drawn one at a time into one canvas and handed to the encoder, so the pixels held
/// never grow with the run's length (docs/animation.md).
public enum ScenarioAnimation {
    public struct Settings: Sendable, Hashable {
        /// Width of the frame in pixels (a view that is narrower at some tick is drawn at the same
        /// scale, centered).
        public var frameWidth: Int
        /// Frames per second, 1…60 (`AnimationClock`).
        public var fps: Int
        /// Print the tick, time, phase, scale and limits on every frame (`--hud`).
        public var hud: Bool

        public init(frameWidth: Int = 240, fps: Int = AnimationClock.ticksPerSecond, hud: Bool = false) {
            self.frameWidth = frameWidth
            self.fps = fps
            self.hud = hud
        }
    }

    /// libwebp's lossy quality: a 3 s pinch over a photo at the default width stays well under
    /// the 2 MB that pastes into a pull request; lossless is about six times the size
    /// (docs/animation.md has the measurements).
    static let quality: Float = 75

    /// What was written: the frames on the clock, and how long they play.
    public struct Summary: Sendable, Hashable {
        public var frames: Int
        public var milliseconds: Int
        public var width: Int
        public var height: Int
    }

    /// The animated WebP of `result`; `photo` is the upright thumbnail, or nil for the test
    /// pattern. Nil when the run has no frames (the editor refused the photo).
    public static func webp(_ result: RunResult, photo: RGBImage?, settings: Settings = .init())
        throws(AnimationError) -> (bytes: [UInt8], summary: Summary)?
    {
        guard AnimationClock.fpsRange.contains(settings.fps), (1...8192).contains(settings.frameWidth) else {
            throw AnimationError(
                "\(settings.fps) fps at \(settings.frameWidth) px: the rate must be 1…60 and the width 1…8192")
        }
        guard let points = FrameScene.imagePoints(result), let g = result.geometry, let last = result.frames.last else {
            return nil
        }
        let clock = AnimationClock(fps: settings.fps, lastTick: last.tick)
        let layout = FrameLayout(result.frames, width: settings.frameWidth)
        let encoder = try WebPAnimationEncoder(width: layout.width, height: layout.height, quality: quality)
        let overlay = FrameOverlay(result, hud: settings.hud)
        let imagePixels = Size(width: g.width, height: g.height)
        var canvas = AnimationCanvas(width: layout.width, height: layout.height)
        for n in 0..<clock.frameCount {
            let tick = clock.tick(ofFrame: n)
            let record = frame(result.frames, at: tick)
            let scene = FrameScene(record, imagePoints: points)
            let width = layout.frameWidth(for: scene.view)
            let x = canvas.draw(scene, imagePixels: imagePixels, photo: photo, frameWidth: width)
            overlay.draw(
                scene, frame: record, tick: tick, on: &canvas, originX: x,
                pointsPerPixel: scene.view.width / Double(width))
            try encoder.add(rgb: canvas.pixels, at: clock.start(ofFrame: n))
        }
        let end = clock.start(ofFrame: clock.frameCount)
        let bytes = try encoder.finish(at: end)
        return (bytes, Summary(frames: clock.frameCount, milliseconds: end, width: layout.width, height: layout.height))
    }

    /// The frame on screen at `tick`: the last record at or before it (a run logs one a tick, but
    /// need not start at 0 or be free of gaps).
    static func frame(_ frames: [FrameRecord], at tick: Int) -> FrameRecord {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].tick <= tick { lo = mid + 1 } else { hi = mid }
        }
        return frames[max(lo - 1, 0)]
    }
}
