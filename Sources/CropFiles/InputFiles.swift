#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// Every file and folder a command has read, so that no output replaces one of them: a
/// command-line program registers what it opens (`ReadableFile` does it for every file read
/// through it), and `OutputFile`/`MarkedFolder` refuse to write over a registered file or to
/// replace a folder that holds one. Compared by device and inode (and, for folders, by where they
/// really are), never by spelling.
///
/// Off until `enable()`: the studio's server reads a scenario and may then save over it on the
/// page's explicit request, which is its job.
public enum InputFiles {
    private struct State {
        var enabled = false
        /// Each input's identity and real path.
        var inputs: [FileIdentity: String] = [:]
    }

    private static let state = Mutex(State())

    public static func enable() { state.withLock { $0.enabled = true } }

    /// Registers the file open on `descriptor` (its path as the kernel knows it).
    public static func register(descriptor: Int32) {
        guard state.withLock({ $0.enabled }), let identity = FileIdentity(descriptor: descriptor) else { return }
        let real = link("/proc/self/fd/\(descriptor)")
        state.withLock { $0.inputs[identity] = $0.inputs[identity] ?? real ?? "" }
    }

    /// Registers the file or folder the path text reaches.
    public static func register(path: String) {
        guard state.withLock({ $0.enabled }), let identity = FileIdentity(path: path) else { return }
        let real = realPath(path)
        state.withLock { $0.inputs[identity] = $0.inputs[identity] ?? real ?? "" }
    }

    public static func contains(_ identity: FileIdentity) -> Bool {
        state.withLock { $0.inputs[identity] != nil }
    }

    /// The real path of an input that is the folder `folder` or lies below it, if any.
    public static func input(atOrBelow folder: String) -> String? {
        guard let root = realPath(folder) else { return nil }
        let prefix = root == "/" ? "/" : root + "/"
        return state.withLock { state in
            state.inputs.values.sorted().first { $0 == root || $0.hasPrefix(prefix) }
        }
    }

    /// `realpath(3)` of path text, or nil.
    public static func realPath(_ path: String) -> String? {
        PathText.withCString(path) { pointer in
            guard let resolved = realpath(pointer, nil) else { return nil }
            defer { free(resolved) }
            return PathText.escape(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
        }
    }

    private static func link(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count) }
        }
        return n > 0 && n < buffer.count ? PathText.escape(buffer[..<n]) : nil
    }
}
