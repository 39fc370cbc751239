/// A relative path read from an input cropsim did not just make itself — a scenario id in a
/// shard's `summary.json`, a file name in a journal — checked byte by byte before any path is
/// formed from it. The bytes checked are the ones a system call would see (`PathText.bytes`), so
/// an escape such as `\x2f` cannot smuggle a `/` or `..` past the check.
public enum UntrustedName {
    public static let maxBytes = 1024
    public static let maxComponentBytes = 255

    /// Nil when `text` is a plain relative path of plain components, else why not. With
    /// `escapedBytes`, bytes that are not UTF-8 (written `\xNN`) are allowed, as in the id of a
    /// scenario file whose name is not UTF-8; what they stand for is checked all the same.
    public static func problem(_ text: String, escapedBytes: Bool = false) -> String? {
        let raw = PathText.bytes(text)
        guard escapedBytes || raw == Array(text.utf8) else {
            return "holds an escaped byte (\\xNN): not a name cropsim writes"
        }
        guard !raw.isEmpty else { return "is empty" }
        guard raw.count <= maxBytes else { return "is longer than \(maxBytes) bytes" }
        guard !raw.contains(where: PathText.isControl) else { return "holds a control character or NUL" }
        guard raw.first != UInt8(ascii: "/") else { return "is an absolute path" }
        for component in raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if component.isEmpty { return "has an empty part (//, or / at the end)" }
            if component.elementsEqual([0x2e]) || component.elementsEqual([0x2e, 0x2e]) { return "has a . or .. part" }
            if component.count > maxComponentBytes { return "has a part longer than \(maxComponentBytes) bytes" }
        }
        return nil
    }
}
