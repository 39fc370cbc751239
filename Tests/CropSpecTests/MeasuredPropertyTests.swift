import CropSpec
import CropTestSupport
import Foundation
import Testing

/// Every property that can carry a magnitude does (issue 32): over the property table, each
/// measured property's every check in the oracle's sources passes its size, or (a discrete
/// action) lands through `land`, which does. A new check of a measured property without a size
/// fails here, before any find goes out without one.
@Suite struct MeasuredPropertyTests {
    /// The oracle's sources, by file name.
    static func sources() throws -> [String: String] {
        let folder = Repository.root.appendingPathComponent("Sources/CropSpec")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("Oracle") && $0.hasSuffix(".swift")
        }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Repository.text("Sources/CropSpec/\($0)")) })
    }

    /// The text of the call that opens at `start` (just past its `(`), to its closing parenthesis:
    /// string literals and their interpolations are skipped over, so a "(" in a message does not
    /// count.
    static func call(in text: Substring) -> Substring {
        var depth = 1
        var stack: [Bool] = []  // true: inside a string literal; false: inside an interpolation
        var interpolationDepth: [Int] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if stack.last == true {
                if c == "\\" {
                    let next = text.index(after: i)
                    if next < text.endIndex, text[next] == "(" {
                        stack.append(false); interpolationDepth.append(0); i = next
                    } else {
                        i = next
                    }
                } else if c == "\"" {
                    stack.removeLast()
                }
            } else if c == "\"" {
                stack.append(true)
            } else if c == "(" {
                if stack.isEmpty { depth += 1 } else { interpolationDepth[interpolationDepth.count - 1] += 1 }
            } else if c == ")" {
                if stack.isEmpty {
                    depth -= 1
                    if depth == 0 { return text[..<i] }
                } else if interpolationDepth.last == 0 {
                    stack.removeLast(); interpolationDepth.removeLast()
                } else {
                    interpolationDepth[interpolationDepth.count - 1] -= 1
                }
            }
            i = text.index(after: i)
        }
        return text
    }

    /// The argument lists of every `fail(.property, …)` in `sources`, however the call is broken
    /// across lines (the formatter may break after the `(`).
    static func failures(of property: Property, in sources: [String: String]) throws -> [Substring] {
        let opening = try Regex("fail\\(\\s*\\.\(property.rawValue),")
        return sources.values.flatMap { text in
            text.ranges(of: opening).map { call(in: text[$0.upperBound...]) }
        }
    }

    @Test func everyMeasuredPropertyPassesItsSize() throws {
        let sources = try Self.sources()
        let landed = sources.values.contains { text in
            guard let land = text.range(of: "func land("),
                let fail = text[land.upperBound...].firstRange(of: /fail\(\s*property,/)
            else { return false }
            return Self.call(in: text[fail.upperBound...]).contains("size:")
        }
        #expect(landed, "land(…) reports a discrete action's miss without its size")
        for row in PropertyTable.rows where Property.measured.contains(row.property) {
            let calls = try Self.failures(of: row.property, in: sources)
            let move = try Regex("Move\\(\\s*property: \\.\(row.property.rawValue),")
            let viaLand = sources.values.contains { $0.contains(move) }
            #expect(!calls.isEmpty || viaLand, "\(row.property.rawValue): no check found")
            for call in calls { #expect(call.contains("size:"), "\(row.property.rawValue): \(call.prefix(120))…") }
        }
    }

    /// The scanner itself: a parenthesis inside a message or an interpolation is not the call's end.
    @Test func theScannerSkipsStringsAndInterpolations() {
        let text: Substring = #"tick: t, "crop (\(r.x), \(f(a, (b)))) side", size: g.d(p))  after"#
        #expect(Self.call(in: text) == #"tick: t, "crop (\(r.x), \(f(a, (b)))) side", size: g.d(p)"#)
    }
}
