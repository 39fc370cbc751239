import CropFiles
@preconcurrency import Glibc  // `stdout`, written only from the main thread

/// Standard output for a `TextSink`, through the C library's buffer that `print` writes to as
/// well, so the two interleave in order. A failed write shows at exit (`Cropsim.main`).
struct StandardOutput: TextSink {
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        fwrite(base, 1, bytes.count, stdout)
    }
}
