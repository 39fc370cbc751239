import CGSL

/// GSL's mt19937: the same seed gives the same numbers on every machine and every GSL build,
/// which Swift's own random number generators do not promise.
///
/// A class because it owns a C allocation; each run makes its own, so it is never shared
/// between threads.
final class MersenneTwister {
    private let state: UnsafeMutablePointer<gsl_rng>

    init(seed: UInt64) {
        gsl_set_error_handler_off()
        state = gsl_rng_alloc(cropsim_gsl_rng_mt19937())
        // mt19937 seeds from 32 bits; fold the high half in so derived seeds keep their entropy.
        gsl_rng_set(state, UInt(truncatingIfNeeded: (seed ^ (seed >> 32)) & 0xffff_ffff))
    }

    deinit { gsl_rng_free(state) }

    /// Uniform in `0..<n` (GSL rejects rather than taking a modulus, so there is no bias).
    func next(below n: UInt32) -> UInt32 {
        UInt32(gsl_rng_uniform_int(state, UInt(n)))
    }

    /// The seed of run `run` in a campaign seeded with `seed`: SplitMix64 of both, so that run
    /// i's trace depends on nothing else (not on jobs, shards or which runs came before).
    static func runSeed(_ seed: UInt64, run: Int) -> UInt64 {
        var z = seed &+ 0x9E37_79B9_7F4A_7C15 &* (UInt64(truncatingIfNeeded: run) &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
