import Testing

@testable import CropImaging

/// `BoxRows` adds rows into column sums 16 samples at a time, a block's first row replacing the
/// sums: on widths whose samples are not a multiple of 16, and blocks that leave partial ones,
/// every reduced row is the plain sum over its block, scaled as the resampler takes it.
@Suite struct BoxRowsTests {
    /// Sample `c` of pixel `(x, y)`: every byte value, neighbours different.
    static func sample(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { UInt8((x * 37 + y * 101 + c * 59 + x * y) % 256) }

    /// The naive reduction: each block's samples summed one by one, over its own pixel count.
    static func reference(width: Int, height: Int, block: (columns: Int, rows: Int)) -> [[Float]] {
        stride(from: 0, to: height, by: block.rows).map { top in
            let rows = top..<min(top + block.rows, height)
            return stride(from: 0, to: width, by: block.columns).flatMap { left in
                let columns = left..<min(left + block.columns, width)
                let scale = 1 / Float(255 * columns.count * rows.count)
                return (0..<3).map { c in
                    var sum: UInt32 = 0
                    for y in rows { for x in columns { sum += UInt32(sample(x, y, c)) } }
                    return Float(sum) * scale
                }
            }
        }
    }

    @Test(arguments: [1, 5, 6, 11, 17, 33], [(1, 1), (2, 3), (4, 2), (5, 5), (7, 11)])
    func reducedRowsAreTheBlocksSums(_ width: Int, _ block: (Int, Int)) {
        let height = 23
        var boxes = BoxRows(width: width, height: height, block: (block.0, block.1))
        var got: [[Float]] = []
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            for i in row.indices { row[i] = Self.sample(i / 3, y, i % 3) }
            let floats = row.withUnsafeBufferPointer { boxes.push($0.baseAddress!) }
            let ends = (y + 1) % block.1 == 0 || y == height - 1
            #expect((floats != nil) == ends, "row \(y)")
            if let floats { got.append(Array(UnsafeBufferPointer(start: floats, count: boxes.reducedWidth * 3))) }
        }
        #expect(got.count == boxes.reducedHeight)
        #expect(got == Self.reference(width: width, height: height, block: block))
    }
}
