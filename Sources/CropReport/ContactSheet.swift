import CropFrames
import CropImaging
import CropSim
import CropVocabulary

/// `cropsim render`'s output: chosen frames of one run in a grid, each with its tick, time and
/// gesture phase underneath and a mark for each haptic since the frame before, as one RGB image
/// a designer can drop into a review.
public enum ContactSheet {
    public struct Layout: Sendable, Hashable {
        /// Width of one frame in pixels.
        public var frameWidth: Int
        /// Frames per row; nil for up to 6.
        public var columns: Int?
        public var gap = 8

        public init(frameWidth: Int = 240, columns: Int? = nil) {
            self.frameWidth = frameWidth
            self.columns = columns
        }

        /// One font pixel in sheet pixels: 2 where a frame is wide enough for 13 letters at that
        /// size (the "TICK 7200 120.000 S" of the longest run wraps at most once), else 1.
        var fontScale: Int { frameWidth >= 160 ? 2 : 1 }
        var lineHeight: Int { (OverlayFont.height + 3) * fontScale }
        /// Height of the label strip under each frame: tick and time, then phase and haptics.
        var labelHeight: Int { 4 * lineHeight + 2 * fontScale }
        var columnsOfText: Int { max(1, (frameWidth - 4) / (OverlayFont.advance * fontScale)) }
    }

    /// Frames at `ticks` (clamped to the run) in rows of `layout.columns`. `photo` is the
    /// scenario's upright thumbnail, or nil for the test pattern. Nil when the run has no frames
    /// (the editor refused the photo) or `ticks` is empty.
    public static func render(_ result: RunResult, ticks: [Int], photo: RGBImage?, layout: Layout = .init())
        -> RGBImage?
    {
        guard let points = FrameScene.imagePoints(result), let g = result.geometry, !ticks.isEmpty,
            !result.frames.isEmpty
        else { return nil }
        let pixels = Size(width: g.width, height: g.height)
        let frames = ticks.compactMap { FrameSelection.frame(result.frames, at: $0) }
        let images = frames.map {
            FrameRaster.draw(
                FrameScene($0, imagePoints: points), imagePixels: pixels, photo: photo, width: layout.frameWidth)
        }
        let columns = max(1, min(layout.columns ?? 6, images.count))
        let rows = (images.count + columns - 1) / columns
        let cellW = layout.frameWidth, cellH = (images.map(\.height).max() ?? 0) + layout.labelHeight
        let width = layout.gap + columns * (cellW + layout.gap)
        let height = layout.gap + rows * (cellH + layout.gap)
        var sheet = Canvas(width: width, height: height, fill: [40, 40, 40])
        let haptics = result.haptics.sorted { $0.tick < $1.tick }
        for (n, (image, frame)) in zip(images, frames).enumerated() {
            let x = layout.gap + (n % columns) * (cellW + layout.gap)
            let y = layout.gap + (n / columns) * (cellH + layout.gap)
            sheet.blit(image, x: x, y: y)
            let since = n == 0 ? Int.min : frames[n - 1].tick
            let felt = haptics.filter { $0.tick > since && $0.tick <= frame.tick }
            label(frame, haptics: felt, on: &sheet, x: x, y: y + image.height + layout.fontScale, layout: layout)
        }
        return RGBImage(width: width, height: height, pixels: sheet.pixels)
    }

    /// Under a frame: "TICK 41 0.683 S", then a swatch and the phase, then a swatch and a label
    /// for each haptic felt since the frame before (its tick when earlier than this frame's).
    static func label(
        _ frame: FrameRecord, haptics: [(tick: Int, haptic: Haptic)], on sheet: inout Canvas, x: Int, y: Int,
        layout: Layout
    ) {
        let s = layout.fontScale, light: SIMD3<UInt8> = [235, 235, 235]
        var lines: [(text: String, swatch: SIMD3<UInt8>?)] = OverlayFont.wrap(
            FrameCaption.tickAndTime(frame), columns: layout.columnsOfText
        ).map { ($0, nil) }
        lines.append((frame.phase.uppercased(), HapticStyle.phaseColor(frame.phase)))
        for h in haptics {
            lines.append(
                (HapticStyle.label(h.haptic) + (h.tick == frame.tick ? "" : " @\(h.tick)"), HapticStyle.color(h.haptic))
            )
        }
        let room = max(1, layout.labelHeight / layout.lineHeight)
        if lines.count > room {
            let hidden = lines.count - room + 1
            lines = Array(lines.prefix(room - 1)) + [("+\(hidden) MORE", nil)]
        }
        for (i, line) in lines.enumerated() {
            let top = y + i * layout.lineHeight
            var left = x + 2
            if let swatch = line.swatch {
                sheet.fill(x: left, y: top, side: OverlayFont.height * s, swatch)
                left += (OverlayFont.height + 2) * s
            }
            let text = String(line.text.prefix(max(1, layout.columnsOfText - (line.swatch == nil ? 0 : 2))))
            sheet.text(
                text, x: left, y: top, scale: s,
                color: line.swatch.map { $0 == [0x99, 0x99, 0x99] ? light : $0 } ?? light)
        }
    }

    /// The same sheet encoded as PNG (libpng through CropImaging).
    public static func png(_ result: RunResult, ticks: [Int], photo: RGBImage?, layout: Layout = .init())
        throws(ImagingError) -> [UInt8]?
    {
        guard let sheet = render(result, ticks: ticks, photo: photo, layout: layout) else { return nil }
        return try ImageEncoder.png(sheet.pixels, width: sheet.width, height: sheet.height, format: .rgb8)
    }
}

/// A plain RGB buffer to compose a sheet on.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: SIMD3<UInt8>) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = fill.x
            pixels[i + 1] = fill.y
            pixels[i + 2] = fill.z
        }
    }

    mutating func blit(_ image: RGBImage, x: Int, y: Int) {
        for row in 0..<image.height where y + row < height {
            let n = min(image.width, width - x) * 3
            guard n > 0 else { return }
            let from = row * image.width * 3, to = ((y + row) * width + x) * 3
            pixels.replaceSubrange(to..<(to + n), with: image.pixels[from..<(from + n)])
        }
    }

    mutating func text(_ s: String, x: Int, y: Int, scale: Int, color: SIMD3<UInt8>) {
        var cx = x
        for ch in s {
            let rows = OverlayFont.glyph(ch)
            for (ry, bits) in rows.enumerated() {
                for rx in 0..<OverlayFont.width where bits & (1 << (OverlayFont.width - 1 - rx)) != 0 {
                    for sy in 0..<scale {
                        for sx in 0..<scale {
                            let px = cx + rx * scale + sx, py = y + ry * scale + sy
                            guard px >= 0, px < width, py >= 0, py < height else { continue }
                            let i = (py * width + px) * 3
                            pixels[i] = color.x
                            pixels[i + 1] = color.y
                            pixels[i + 2] = color.z
                        }
                    }
                }
            }
            cx += OverlayFont.advance * scale
        }
    }

    /// A `side`×`side` square with its top-left corner at (`x`, `y`), cut to the canvas.
    mutating func fill(x: Int, y: Int, side: Int, _ color: SIMD3<UInt8>) {
        for py in max(y, 0)..<max(min(y + side, height), max(y, 0)) {
            for px in max(x, 0)..<max(min(x + side, width), max(x, 0)) {
                let i = (py * width + px) * 3
                pixels[i] = color.x
                pixels[i + 1] = color.y
                pixels[i + 2] = color.z
            }
        }
    }
}
