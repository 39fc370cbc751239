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

    init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

    public static func == (a: LineDigest, b: LineDigest) -> Bool { a.words == b.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// SHA-256 of line after line through one fetched algorithm and one context: OpenSSL 3's
/// one-shot `EVP_Digest` fetches the algorithm and makes a context for each call, which cost as
/// much as hashing a 450-byte frame line (issue 36).
final class LineHasher {
    private let algorithm: OpaquePointer?
    private let context: OpaquePointer?

    init() {
        algorithm = EVP_MD_fetch(nil, "SHA256", nil)
        context = EVP_MD_CTX_new()
    }

    deinit {
        EVP_MD_CTX_free(context)
        EVP_MD_free(algorithm)
    }

    /// The digest of `line`, equal to `LineDigest(line)`.
    func digest(_ line: UnsafeBufferPointer<UInt8>) -> LineDigest {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let done = withUnsafeMutableBytes(of: &words) { out in
            EVP_DigestInit_ex2(context, algorithm, nil) == 1
                && EVP_DigestUpdate(context, line.baseAddress, line.count) == 1
                && EVP_DigestFinal_ex(context, out.baseAddress?.assumingMemoryBound(to: UInt8.self), nil) == 1
        }
        // Without a context (out of memory in OpenSSL), the one-shot digest.
        guard done else { return LineDigest(line) }
        return LineDigest(
            words: (
                UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2),
                UInt64(bigEndian: words.3)
            ))
    }
}
