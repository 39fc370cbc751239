/// Paths that messages carry are where the suite was run from, not behaviour: a refusal's
/// `rejectedBecause` reads `Scenarios/photos/truncated-body.jpg: cannot decode JPEG…` when the
/// suite ran as `cropsim run Scenarios`, and `/home/ci/repo/Scenarios/photos/…` when it ran with
/// an absolute path. Before two reports' files are compared, every folder prefix in front of the
/// scenario's photo file name is dropped, so such a scenario differs only if its behaviour does.
enum EmbeddedPaths {
    /// `bytes` with each `<folders>/<file>` shortened to `<file>`; a folder prefix runs back to
    /// the nearest quote, space, parenthesis or line start.
    static func stripping(_ bytes: [UInt8], file: String?) -> [UInt8] {
        guard let file, !file.isEmpty, !file.utf8.contains(0x2F) else { return bytes }
        let needle = [0x2F] + Array(file.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0, copied = 0
        while i + needle.count <= bytes.count {
            guard bytes[i] == 0x2F, bytes[i..<(i + needle.count)].elementsEqual(needle) else {
                i += 1
                continue
            }
            var start = i
            while start > copied, !delimiters.contains(bytes[start - 1]) { start -= 1 }
            out += bytes[copied..<start]
            copied = i + 1
            i += needle.count
        }
        return out + bytes[copied...]
    }

    /// `"`, space, `(`, `'`, newline, tab: what ends a path in a message.
    static let delimiters: Set<UInt8> = [0x22, 0x20, 0x28, 0x27, 0x0A, 0x09]
}
