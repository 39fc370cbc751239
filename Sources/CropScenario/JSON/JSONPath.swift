/// Where a value sits in its document, spelled out JSONPath-style (`$.steps[2].pinch.from`) only
/// when a message or a stored step needs it: most values never need their path, and formatting
/// one for every value read is string work on the parser's hottest loop.
indirect enum JSONPath: Sendable, CustomStringConvertible {
    case root
    case key(JSONPath, String)
    case index(JSONPath, Int)

    /// One step down: a key of an object or an index of an array.
    enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    func appending(_ step: Step) -> JSONPath {
        switch step {
        case .key(let key): .key(self, key)
        case .index(let i): .index(self, i)
        }
    }

    var description: String {
        switch self {
        case .root: "$"
        case .key(let parent, let key): "\(parent).\(quoted(key, quotes: false))"
        case .index(let parent, let i): "\(parent)[\(i)]"
        }
    }
}
