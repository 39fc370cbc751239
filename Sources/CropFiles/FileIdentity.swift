#if canImport(Glibc)
    import Glibc
#endif

/// Which file a path reaches, however it is spelled: its device and inode. Outputs are compared
/// with inputs by identity, never by spelling (`photo.jpg`, `./photo.jpg` and a hard link are
/// one file), so no command writes over one of its own inputs.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The file the path text reaches (symbolic links followed), or nil when nothing is there.
    public init?(path: String) {
        var info = stat()
        guard PathText.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// The file open on `descriptor`.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }
}
