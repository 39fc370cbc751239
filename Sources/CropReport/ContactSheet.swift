import CropImaging
import CropSim
import CropVocabulary

/// `cropsim render`'s output: chosen frames of one run in a grid, each with its tick and time
/// underneath, as one RGB image a designer can drop into a review.
public enum ContactSheet {
    public struct Layout: Sendable, Hashable {
        /// Width of one frame in pixels.
        public var frameWidth: Int
        /// Frames per row; nil for up to 6.
        public var columns: Int?
        public var gap = 8
        /// Height of the label strip under each frame.
        public var labelHeight = 18

        public init(frameWidth: Int = 240, columns: Int? = nil) {
            self.frameWidth = frameWidth
            self.columns = columns
        }
    }

    /// Frames at `ticks` (clamped to the run) in rows of `layout.columns`. `photo` is the
    /// scenario's upright thumbnail, or nil for the test pattern. Nil when the run has no frames
    /// (the editor refused the photo) or `ticks` is empty.
    public static func render(_ result: RunResult, ticks: [Int], photo: RGBImage?, layout: Layout = .init()) -> RGBImage? {
        guard let points = FrameScene.imagePoints(result), let g = result.geometry, !ticks.isEmpty, !result.frames.isEmpty
        else { return nil }
        let pixels = Size(width: g.width, height: g.height)
        let frames = ticks.compactMap { FrameSelection.frame(result.frames, at: $0) }
        let images = frames.map { FrameRaster.draw(FrameScene($0, imagePoints: points), imagePixels: pixels, photo: photo, width: layout.frameWidth) }
        let columns = max(1, min(layout.columns ?? 6, images.count))
        let rows = (images.count + columns - 1) / columns
        let cellW = layout.frameWidth, cellH = (images.map(\.height).max() ?? 0) + layout.labelHeight
        let width = layout.gap + columns * (cellW + layout.gap)
        let height = layout.gap + rows * (cellH + layout.gap)
        var sheet = Canvas(width: width, height: height, fill: [40, 40, 40])
        for (n, (image, frame)) in zip(images, frames).enumerated() {
            let x = layout.gap + (n % columns) * (cellW + layout.gap)
            let y = layout.gap + (n / columns) * (cellH + layout.gap)
            sheet.blit(image, x: x, y: y)
            let label = "\(frame.tick)  \(svgNumber(frame.time, decimals: 3))s"
            sheet.text(label, x: x + 2, y: y + image.height + (layout.labelHeight - PixelFont.height * 2) / 2, scale: 2,
                       color: [235, 235, 235])
        }
        return RGBImage(width: width, height: height, pixels: sheet.pixels)
    }

    /// The same sheet encoded as PNG (libpng through CropImaging).
    public static func png(_ result: RunResult, ticks: [Int], photo: RGBImage?, layout: Layout = .init()) throws(ImagingError) -> [UInt8]? {
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
            let rows = PixelFont.glyph(ch)
            for (ry, bits) in rows.enumerated() {
                for rx in 0..<PixelFont.width where bits & (1 << (PixelFont.width - 1 - rx)) != 0 {
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
            cx += (PixelFont.width + 1) * scale
        }
    }
}

/// A 3×5 bitmap font for frame labels: digits, '.', 's' and space are all a label needs.
enum PixelFont {
    static let width = 3
    static let height = 5

    static func glyph(_ c: Character) -> [UInt8] {
        switch c {
        case "0": [7, 5, 5, 5, 7]
        case "1": [2, 6, 2, 2, 7]
        case "2": [7, 1, 7, 4, 7]
        case "3": [7, 1, 7, 1, 7]
        case "4": [5, 5, 7, 1, 1]
        case "5": [7, 4, 7, 1, 7]
        case "6": [7, 4, 7, 5, 7]
        case "7": [7, 1, 1, 1, 1]
        case "8": [7, 5, 7, 5, 7]
        case "9": [7, 5, 7, 1, 7]
        case ".": [0, 0, 0, 0, 2]
        case "s": [0, 0, 3, 2, 6]
        default: [0, 0, 0, 0, 0]
        }
    }
}
