/// Where a value sits in its document, spelled out JSONPath-style (`$.steps[2].pinch.from`) only
/// when a message or a stored step needs it: formatting a path for every value read was a tenth
/// of the time spent on a large file.
indirect enum JSONPath: Sendable, CustomStringConvertible {
    case root
    case key(JSONPath, String)
    case index(JSONPath, Int)

    var description: String {
        switch self {
        case .root: "$"
        case .key(let parent, let key): "\(parent).\(quoted(key, quotes: false))"
        case .index(let parent, let i): "\(parent)[\(i)]"
        }
    }
}
