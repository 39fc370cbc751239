import Foundation

/// An answer that carries frames: a long recording's are megabytes of JSON.
protocol CarriesFrames: Encodable {
    var frames: [StudioProtocol.Frame] { get set }
}

extension StudioProtocol.FramesResponse: CarriesFrames {}
extension StudioProtocol.OpenResponse: CarriesFrames {}

/// Encodes an answer's frames a slice at a time into one buffer. Foundation's `JSONEncoder`
/// builds a tree of every value before it writes a byte: for the 6,600 frames of a 110 s
/// recording (2.8 MB of JSON) that tree took about 30 MB at once, which with eight such
/// sessions put the studio at 130–150 MiB (issue 34). A slice's tree is bounded; the bytes are
/// those `JSONEncoder` writes (its key order aside), so the page reads the same answer.
enum FramesJSON {
    static let slice = 256

    static func encode<Value: CarriesFrames>(_ value: Value) throws -> [UInt8] {
        var shell = value
        shell.frames = []
        let outer = Array(try JSONEncoder().encode(shell))
        // Strings are escaped (a quote inside one is `\"`), so this key with its empty array can
        // only be the one written for `frames`.
        let key = Array(#""frames":[]"#.utf8)
        guard let at = (0...(outer.count - key.count)).first(where: { outer[$0..<($0 + key.count)].elementsEqual(key) })
        else {
            return Array(try JSONEncoder().encode(value))
        }
        var out: [UInt8] = []
        out.reserveCapacity(outer.count + value.frames.count * 440)
        out += outer[..<(at + key.count - 1)]
        let encoder = JSONEncoder()
        for start in stride(from: 0, to: value.frames.count, by: slice) {
            let part = try encoder.encode(Array(value.frames[start..<min(start + slice, value.frames.count)]))
            if start > 0 { out.append(UInt8(ascii: ",")) }
            out += part.dropFirst().dropLast()  // without its own brackets
        }
        out += outer[(at + key.count - 1)...]
        return out
    }
}
