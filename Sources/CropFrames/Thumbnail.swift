import CropImaging
import Foundation

/// Photos inside the page: a scenario's thumbnail shrunk to at most 256 px on its long edge and
/// embedded as a PNG data URI, so the report stays one self-contained file of sane size.
package enum Thumbnail {
    package static let maxSide = 256

    /// A box-filtered copy no larger than `maxSide` on the long edge (the image itself if smaller).
    package static func shrink(_ image: RGBImage, maxSide: Int = maxSide) -> RGBImage {
        let long = max(image.width, image.height)
        guard long > maxSide, image.width > 0, image.height > 0 else { return image }
        let w = max(1, image.width * maxSide / long), h = max(1, image.height * maxSide / long)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            let y0 = y * image.height / h, y1 = max(y0 + 1, (y + 1) * image.height / h)
            for x in 0..<w {
                let x0 = x * image.width / w, x1 = max(x0 + 1, (x + 1) * image.width / w)
                var sum = SIMD3<Int>(repeating: 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let p = image[sx, sy]
                        sum &+= SIMD3(Int(p.x), Int(p.y), Int(p.z))
                    }
                }
                let n = (y1 - y0) * (x1 - x0), i = (y * w + x) * 3
                pixels[i] = UInt8(sum.x / n)
                pixels[i + 1] = UInt8(sum.y / n)
                pixels[i + 2] = UInt8(sum.z / n)
            }
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }

    /// `data:image/png;base64,…`, or nil if encoding fails (the page then shows the test pattern).
    static func dataURI(_ image: RGBImage) -> (uri: String, width: Int, height: Int)? {
        let small = shrink(image)
        guard let png = try? ImageEncoder.png(small.pixels, width: small.width, height: small.height, format: .rgb8)
        else {
            return nil
        }
        return ("data:image/png;base64," + Data(png).base64EncodedString(), small.width, small.height)
    }
}
