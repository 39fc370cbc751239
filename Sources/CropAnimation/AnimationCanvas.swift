import CropFrames
import CropImaging
import CropVocabulary

/// The animation's fixed-size RGB canvas: each frame is drawn into the same buffer (the view may
/// change size mid-run, the animation may not), then handed to the encoder, so one frame's pixels
/// are all an animation of any length holds.
struct AnimationCanvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    /// Where no frame reaches: the contact sheet's grey.
    static let backdrop: SIMD3<UInt8> = [40, 40, 40]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Draws `scene` as `FrameRaster` does, `frameWidth` pixels wide and centered, straight into
    /// the canvas, with the backdrop where it does not reach: the frame is not drawn into an
    /// image of its own and copied, and no pixel is written twice (issue 36). Returns the
    /// frame's left edge.
    mutating func draw(_ scene: FrameScene, imagePixels: Size, photo: RGBImage?, frameWidth: Int) -> Int {
        let w = max(frameWidth, 1), x = (width - w) / 2
        precondition(w <= width, "a frame wider than the canvas")
        let rows = min(FrameRaster.height(scene, width: w), height), rowBytes = width * 3
        pixels.withUnsafeMutableBufferPointer { p in
            let base = p.baseAddress!
            FrameRaster.draw(
                scene, imagePixels: imagePixels, photo: photo, width: w, rows: rows, into: base + x * 3,
                rowBytes: rowBytes)
            for row in 0..<rows {
                Self.backdrop(base + row * rowBytes, pixels: x)
                Self.backdrop(base + row * rowBytes + (x + w) * 3, pixels: width - x - w)
            }
            Self.backdrop(base + rows * rowBytes, pixels: (height - rows) * width)
        }
        return x
    }

    private static func backdrop(_ p: UnsafeMutablePointer<UInt8>, pixels n: Int) {
        for i in 0..<max(n, 0) {
            p[3 * i] = backdrop.x
            p[3 * i + 1] = backdrop.y
            p[3 * i + 2] = backdrop.z
        }
    }

    /// Mixes `color` into the pixel at (`x`, `y`) by `alpha` (0…1); outside the canvas, nothing.
    mutating func blend(x: Int, y: Int, _ color: SIMD3<UInt8>, alpha: Double) {
        guard x >= 0, x < width, y >= 0, y < height, alpha > 0 else { return }
        let i = (y * width + x) * 3, a = min(alpha, 1)
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            FrameRaster.channel(Double(old) + (Double(new) - Double(old)) * a)
        }
        pixels[i] = mix(pixels[i], color.x)
        pixels[i + 1] = mix(pixels[i + 1], color.y)
        pixels[i + 2] = mix(pixels[i + 2], color.z)
    }

    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: SIMD3<UInt8>, alpha: Double) {
        for py in max(y, 0)..<max(min(y + h, height), max(y, 0)) {
            for px in max(x, 0)..<max(min(x + w, width), max(x, 0)) { blend(x: px, y: py, color, alpha: alpha) }
        }
    }

    /// A ring of `thickness` pixels whose inner edge is `radius` from (`cx`, `cy`), anti-aliased
    /// across one pixel.
    mutating func ring(cx: Double, cy: Double, radius: Double, thickness: Double, _ color: SIMD3<UInt8>, alpha: Double)
    {
        let outer = radius + thickness, mid = radius + thickness / 2
        for py in max(Int(cy - outer) - 1, 0)...max(min(Int(cy + outer) + 1, height - 1), 0) {
            for px in max(Int(cx - outer) - 1, 0)...max(min(Int(cx + outer) + 1, width - 1), 0) {
                let dx = Double(px) + 0.5 - cx, dy = Double(py) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                let coverage = min(max(thickness / 2 - abs(d - mid) + 0.5, 0), 1)
                blend(x: px, y: py, color, alpha: alpha * coverage)
            }
        }
    }

    /// Lines of text centered on `centerX`, the first line's top at `top`, on a grey pill when
    /// `pill` (grey, so it shows over the dimmed photo and over the black around it); each font
    /// pixel is `scale`×`scale` canvas pixels.
    mutating func text(_ lines: [String], centerX: Int, top: Int, scale: Int, pill: Bool, _ color: SIMD3<UInt8>) {
        let longest = lines.map(\.count).max() ?? 0
        let left = centerX - (longest * OverlayFont.advance - 1) * scale / 2
        if pill { self.pill(lines: lines.count, columns: longest, left: left, top: top, scale: scale) }
        for (n, line) in lines.enumerated() {
            let x = centerX - (line.count * OverlayFont.advance - 1) * scale / 2
            write(line, x: x, y: top + n * Self.lineHeight(scale), scale: scale, color)
        }
    }

    /// Lines each in its own color, left-aligned at `left`, on a grey pill.
    mutating func text(_ lines: [(text: String, color: SIMD3<UInt8>)], left: Int, top: Int, scale: Int) {
        pill(lines: lines.count, columns: lines.map(\.text.count).max() ?? 0, left: left, top: top, scale: scale)
        for (n, line) in lines.enumerated() {
            write(line.text, x: left, y: top + n * Self.lineHeight(scale), scale: scale, line.color)
        }
    }

    static func lineHeight(_ scale: Int) -> Int { (OverlayFont.height + 3) * scale }

    private mutating func pill(lines: Int, columns: Int, left: Int, top: Int, scale: Int) {
        guard lines > 0 else { return }
        let w = columns * OverlayFont.advance * scale + 5 * scale, h = lines * Self.lineHeight(scale) + 3 * scale
        fill(x: left - 3 * scale, y: top - 3 * scale, width: w, height: h, [64, 64, 64], alpha: 0.85)
    }

    private mutating func write(_ line: String, x: Int, y: Int, scale: Int, _ color: SIMD3<UInt8>) {
        var x = x
        for c in line {
            for (row, bits) in OverlayFont.glyph(c).enumerated() {
                for column in 0..<OverlayFont.width where bits & (1 << (OverlayFont.width - 1 - column)) != 0 {
                    fill(x: x + column * scale, y: y + row * scale, width: scale, height: scale, color, alpha: 1)
                }
            }
            x += OverlayFont.advance * scale
        }
    }
}
