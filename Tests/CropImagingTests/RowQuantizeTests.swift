@testable import CropImaging
import Testing

/// `RowConverter.quantize` (eight floats at a time) gives `Resampler.quantize`'s byte for every
/// float: the scalar rounding is the contract, the vectors only its speed.
@Suite struct RowQuantizeTests {
    /// Every k / 255 and its neighbours, the half-way points and theirs, out-of-range values, and
    /// a dense sweep of -0.1...1.1; at lengths that leave a scalar tail.
    @Test func theVectorsGiveTheScalarBytes() {
        var values: [Float] = [-1, -0, 0, 1, 2, 1e-30, -1e-30, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for k in 0...255 {
            for base in [Float(k) / 255, (Float(k) + 0.5) / 255] {
                values += [base, base.nextUp, base.nextDown, base.nextUp.nextUp, base.nextDown.nextDown]
            }
        }
        values += stride(from: Float(-0.1), through: 1.1, by: 0.000_173)
        for length in [values.count, values.count - 3, 7, 0] {
            var got = [UInt8](repeating: 0, count: max(length, 1))
            values.withUnsafeBufferPointer { floats in
                got.withUnsafeMutableBufferPointer {
                    RowConverter.quantize(floats.baseAddress!, count: length, into: $0.baseAddress!)
                }
            }
            #expect(Array(got.prefix(length)) == values.prefix(length).map(Resampler.quantize))
        }
    }
}
