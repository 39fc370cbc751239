import CCrypto

/// A log line's SHA-256: what the diff keeps of each `frames.jsonl` line to compare it exactly.
/// Keeping the lines themselves would hold both reports' logs whole in memory (a 32 MiB log of
/// short lines as Strings peaked at 192 MiB, issue 34); 32 bytes a line tell any two apart.
public struct LineDigest: Hashable, Sendable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    public init<Bytes: Collection<UInt8>>(_ line: Bytes) {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        let hashed: Int32? = line.withContiguousStorageIfAvailable { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, nil, EVP_sha256(), nil)
        }
        if hashed == nil {
            let copy = Array(line)
            _ = copy.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, nil, EVP_sha256(), nil) }
        }
        func word(_ k: Int) -> UInt64 { digest[(8 * k)..<(8 * k + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
        words = (word(0), word(1), word(2), word(3))
    }

    public static func == (a: LineDigest, b: LineDigest) -> Bool { a.words == b.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
