import CropPipe
import Glibc

/// The members of a frame line that make its `FrameSample`, read from their bytes by
/// `FrameLineScanner` with the meaning `FrameSample(line:)` gives them: `null` is NaN, a tick is
/// an integer in `0...LogParser.maxTick`, `angle` defaults to 0, a later member of the same name
/// wins. `read` says false for any value the general path would refuse or read another way, so
/// the scanner hands that line to it.
struct FrameValues {
    var tick: Int?, scale: Double?, tx: Double?, ty: Double?, angle = 0.0
    var viewWidth: Double?, viewHeight: Double?, mask: Double?, grid: Bool?, instruction: Bool?, touches: [Double]?

    /// Reads `value` when `key` is one of the sample's; other members are only hashed.
    mutating func read(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> Bool {
        func named(_ s: StaticString) -> Bool { Self.equal(key, s) }
        func number(_ into: inout Double?) -> Bool {
            into = Self.number(value)
            return into != nil
        }
        switch key.count {
        case 2 where named("tx"): return number(&tx)
        case 2 where named("ty"): return number(&ty)
        case 4 where named("tick"):
            guard let x = Self.number(value), x.isFinite, x == x.rounded(.towardZero), x >= 0,
                x <= Double(LogParser.maxTick)
            else { return false }
            tick = Int(x)
        case 5 where named("scale"): return number(&scale)
        case 5 where named("angle"):
            guard let x = Self.number(value) else { return false }
            angle = x
        case 7 where named("touches"):
            touches = Self.touches(value)
            return touches != nil
        case 9 where named("viewWidth"): return number(&viewWidth)
        case 10 where named("viewHeight"): return number(&viewHeight)
        case 11 where named("gridVisible"):
            grid = Self.bool(value)
            return grid != nil
        case 12 where named("maskDiameter"): return number(&mask)
        case 18 where named("instructionVisible"):
            instruction = Self.bool(value)
            return instruction != nil
        default: break
        }
        return true
    }

    /// The sample, or nil when a member every frame has is missing (the general path says so).
    var sample: FrameSample? {
        guard let tick, let scale, let tx, let ty, let viewWidth, let viewHeight, let mask, let grid, let instruction,
            let touches
        else {
            return nil
        }
        var s = FrameSample(
            tick: tick, scale: scale, tx: tx, ty: ty, angle: angle, viewWidth: viewWidth, viewHeight: viewHeight,
            maskDiameter: mask, gridVisible: grid, instructionVisible: instruction)
        s.touchPoints = touches
        return s
    }

    /// Whether `bytes` are `word`'s.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else {
            return bytes.isEmpty && word.utf8CodeUnitCount == 0
        }
        return memcmp(base, word.utf8Start, bytes.count) == 0
    }

    static func bool(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equal(value, "true") { return true }
        if equal(value, "false") { return false }
        return nil
    }

    /// `[[x,y],…]` of at most `FrameSample.maxTouches` numbers pairs, as `touchPoints`.
    static func touches(_ value: UnsafeBufferPointer<UInt8>) -> [Double]? {
        guard value.first == UInt8(ascii: "[") else { return nil }
        var out: [Double] = []
        var i = 1
        while i < value.count - 1 {
            guard out.count < 2 * FrameSample.maxTouches, value[i] == UInt8(ascii: "[") else { return nil }
            for last in [false, true] {
                guard let end = FrameLineScanner.numberEnd(value, from: i + 1) ?? literalNull(value, at: i + 1),
                    let x = number(UnsafeBufferPointer(rebasing: value[(i + 1)..<end])),
                    value[end] == (last ? UInt8(ascii: "]") : UInt8(ascii: ","))
                else { return nil }
                out.append(x)
                i = end
            }
            i += 1
            if value[i] == UInt8(ascii: ",") { i += 1 }
        }
        return out
    }

    private static func literalNull(_ value: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        i + 4 <= value.count && equal(UnsafeBufferPointer(rebasing: value[i..<(i + 4)]), "null") ? i + 4 : nil
    }

    /// Exact powers of ten as doubles: 10^0 … 10^22.
    static let powers: [Double] = (0...22).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }

    /// A number token already checked against JSON's grammar, or `null` (NaN), read as
    /// `WireReader.number` reads it. With at most 15 significant digits and a power of ten
    /// within 10^±22 both the digits and the power are exact doubles, so one multiplication or
    /// division rounds once, to the nearest double, as `WireReader` does (Clinger's fast path);
    /// anything else goes through `WireReader`. Nil for strings and other values.
    static func number(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        if equal(token, "null") { return .nan }
        guard let first = token.first, first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") <= 9 else { return nil }
        var i = first == UInt8(ascii: "-") ? 1 : 0
        var mantissa: UInt64 = 0, digits = 0, exponent = 0, afterPoint = false
        while i < token.count {
            let b = token[i]
            if b == UInt8(ascii: ".") { afterPoint = true; i += 1; continue }
            guard case let d = b &- UInt8(ascii: "0"), d <= 9 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            if mantissa != 0 { digits += 1 }
            if afterPoint { exponent -= 1 }
            i += 1
        }
        if i < token.count {  // the exponent: [eE][+-]?digits
            i += 1
            let negative = token[i] == UInt8(ascii: "-")
            if negative || token[i] == UInt8(ascii: "+") { i += 1 }
            guard token.count - i <= 4 else { return generalNumber(token) }
            var e = 0
            while i < token.count { e = e * 10 + Int(token[i] &- UInt8(ascii: "0")); i += 1 }
            exponent += negative ? -e : e
        }
        guard digits <= 15, abs(exponent) <= 22 else { return generalNumber(token) }
        let x =
            mantissa == 0
            ? 0 : exponent < 0 ? Double(mantissa) / powers[-exponent] : Double(mantissa) * powers[exponent]
        return first == UInt8(ascii: "-") ? -x : x
    }

    private static func generalNumber(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var r = WireReader(Array(token), overflowIsInfinity: true)
        return try? r.number()
    }
}
