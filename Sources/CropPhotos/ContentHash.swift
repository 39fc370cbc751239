import CCrypto
import CropFiles
import Foundation

/// SHA-256 of a file's bytes, read in 1 MiB chunks through one buffer: the identity of a photo
/// for resuming a batch (same bytes, same config: already done), whatever its name.
public enum ContentHash {
    public static func file(_ path: String) throws(ContentHashError) -> String {
        let file: ReadableFile
        do { file = try ReadableFile(path) } catch { throw ContentHashError(path: path, reason: error.reason) }
        guard let context = EVP_MD_CTX_new() else { throw ContentHashError(path: path, reason: "out of memory") }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n: Int
            do { n = try file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size)) } catch {
                throw ContentHashError(path: path, reason: error.reason)
            }
            if n == 0 { break }
            EVP_DigestUpdate(context, buffer, n)
        }
        return finish(context)
    }

    public static func bytes(_ bytes: [UInt8]) -> String {
        guard let context = EVP_MD_CTX_new() else { return "" }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        bytes.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        return finish(context)
    }

    private static func finish(_ context: OpaquePointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}

public struct ContentHashError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
