import Foundation

/// Linux calls that Glibc's Swift module does not declare (they need `_GNU_SOURCE`).
enum Rename {
    static let exchange: UInt32 = 2  // RENAME_EXCHANGE
    static let noReplace: UInt32 = 1  // RENAME_NOREPLACE

    private typealias Renameat2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private typealias Syncfs = @convention(c) (Int32) -> Int32
    private static let renameat2: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
    private static let syncfsCall: Syncfs? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: Syncfs.self) }

    static func at2(_ from: String, _ to: String, flags: UInt32) -> Int32 {
        guard let renameat2 else {
            errno = ENOSYS
            return -1
        }
        return renameat2(AT_FDCWD, from, AT_FDCWD, to, flags)
    }

    /// The kernel or file system cannot do it (old kernel, some network file systems).
    static func unsupported(_ code: Int32) -> Bool { code == EINVAL || code == ENOSYS || code == EOPNOTSUPP }

    static func syncfs(_ fd: Int32) -> Int32 {
        if let syncfsCall { return syncfsCall(fd) }
        sync()
        return 0
    }
}
