import PropertyBased

/// The tests' one seeded generator is swift-property-based's `Xoshiro` (xoshiro256**), the one
/// its property tests draw from; a test that draws its own cases starts it from a number, so the
/// same cases come every run and on every machine.
extension Xoshiro {
    /// Four state words from one seed, never all zero (the one state xoshiro cannot leave).
    public init(seed: UInt64) {
        self.init(seed: (seed, seed ^ 0x9E37_79B9_7F4A_7C15, ~seed, seed &+ 1))
    }

    /// A uniform double in 0..<1.
    public mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
}
