/// `cropsim photos --inset P%`: how much the batch cropper cuts from every edge, 5 % to 20 %, in
/// hundredths of a percent so that the key, the file name and the rectangle are exact integers.
///
/// The text is strict: one or two digits, optionally a point and one or two more, then `%`
/// (`12%`, `12.5%`, `12.25%`). A bare number is refused, because `12` could as well be read as
/// pixels or as a fraction; so is anything a float parser would also take (`1e1%`, `nan%`, `+12%`).
public struct InsetPercent: Sendable, Hashable {
    /// 1250 is 12.5 %.
    public let hundredths: Int
    public static let allowed = 500...2000

    public init(_ text: String) throws(Refusal) {
        let shown = Self.shown(text)
        var body = Substring(text)
        guard body.last == "%" else {
            throw Refusal(
                body.isEmpty || !body.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
                    ? "must be a percentage such as 12% or 12.5%, got \(shown)"
                    : "needs its percent sign (12% or 12.5%), got \(shown)")
        }
        body.removeLast()
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        func digits(_ s: Substring) -> Bool { (1...2).contains(s.count) && s.allSatisfy { ("0"..."9").contains($0) } }
        guard (1...2).contains(parts.count), parts.allSatisfy(digits), let whole = Int(parts[0]) else {
            throw Refusal("must be a percentage with at most two decimals, such as 12% or 12.5%, got \(shown)")
        }
        let fraction = parts.count == 2 ? Int(parts[1].padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0 : 0
        hundredths = whole * 100 + fraction
        guard Self.allowed.contains(hundredths) else { throw Refusal("must be 5%…20%, got \(shown)") }
    }

    /// The shortest text for the value: `12%`, `12.5%`, `12.25%`.
    public var text: String { number + "%" }

    /// The value without its sign, for file names: `12`, `12.5`, `12.25`.
    public var number: String {
        let fraction = hundredths % 100
        guard fraction != 0 else { return "\(hundredths / 100)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(hundredths / 100).\(digits)"
    }

    /// The inset rectangle of an upright `width × height` photo, in whole pixels: each edge loses
    /// `floor(side × P / 100)` pixels (exact integer arithmetic), the same on both sides, so the
    /// crop stays centered and never cuts more than asked: left = right = ⌊w·P/100⌋,
    /// top = bottom = ⌊h·P/100⌋, size (w − 2·left) × (h − 2·top). At most 20 % goes from each
    /// edge, so at least 60 % of each side is left (a 1 px side stays 1 px).
    public func rect(width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = width * hundredths / 10_000, y = height * hundredths / 10_000
        return (x, y, width - 2 * x, height - 2 * y)
    }

    /// The refused text, quoted, cut to 40 characters and with control characters and quotes
    /// written `\xNN` (as path text writes them; an argument arrives already escaped that way),
    /// so the message stays one short line whatever was typed.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(40) {
            if scalar.properties.generalCategory == .control || scalar == "\"" {
                out +=
                    scalar.value < 0x100
                    ? "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                    : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return "\"" + out + (text.unicodeScalars.count > 40 ? "…" : "") + "\""
    }

    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
