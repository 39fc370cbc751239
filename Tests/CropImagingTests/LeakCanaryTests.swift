import Foundation
import Testing

/// Proves that LeakSanitizer is watching the test process: `scripts/check-imaging-asan` runs this
/// alone with `CROPIMAGING_LEAK_CANARY=1` and requires a leak report, so the clean sanitizer run
/// that follows means something. Skipped in every other run.
@Suite struct LeakCanaryTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CROPIMAGING_LEAK_CANARY"] == "1"))
    func leaksOnPurpose() {
        let block = malloc(64)
        #expect(block != nil)
    }
}
