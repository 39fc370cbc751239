import Glibc

/// Lines from a file descriptor, read in large chunks (a `step` request may be a megabyte).
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if start > 1 << 20 { buffer.removeFirst(start); start = 0 }
                return line
            }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
