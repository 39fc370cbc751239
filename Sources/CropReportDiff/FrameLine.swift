import CropPipe

extension FrameSample {
    /// The most touches one frame may list: two hands, twice (`ScenarioBudget.maxFingers` is 10).
    static let maxTouches = 20

    /// One line of `frames.jsonl`, read as cropsim writes it: numbers in `formatNumber`'s
    /// spelling, so a pose that is not finite reads back (`null` is NaN, `1e999` infinity;
    /// issue 34: the failing run is the one people most want to diff), and a tick within
    /// `0...LogParser.maxTick`, so no later arithmetic on it can overflow.
    init(line: [UInt8]) throws(WireError) {
        var r = WireReader(line, overflowIsInfinity: true)
        var tick: Int?, scale: Double?, tx: Double?, ty: Double?, angle = 0.0
        var viewWidth: Double?, viewHeight: Double?, mask: Double?, grid: Bool?, instruction: Bool?, touches: [Double]?
        try r.beginObject()
        while let key = try r.nextKey() {
            if key.is("tick") {
                tick = try r.int(in: 0...LogParser.maxTick)
            } else if key.is("scale") {
                scale = try Self.number(&r)
            } else if key.is("tx") {
                tx = try Self.number(&r)
            } else if key.is("ty") {
                ty = try Self.number(&r)
            } else if key.is("angle") {
                angle = try Self.number(&r)
            } else if key.is("viewWidth") {
                viewWidth = try Self.number(&r)
            } else if key.is("viewHeight") {
                viewHeight = try Self.number(&r)
            } else if key.is("maskDiameter") {
                mask = try Self.number(&r)
            } else if key.is("gridVisible") {
                grid = try r.bool()
            } else if key.is("instructionVisible") {
                instruction = try r.bool()
            } else if key.is("touches") {
                touches = try Self.touches(&r)
            } else {
                try r.skip()
            }
        }
        try r.end()
        guard let tick, let scale, let tx, let ty, let viewWidth, let viewHeight, let mask, let grid, let instruction,
            let touches
        else {
            throw WireError("a field of every frame is missing")
        }
        self.init(
            tick: tick, scale: scale, tx: tx, ty: ty, angle: angle, viewWidth: viewWidth, viewHeight: viewHeight,
            maskDiameter: mask, gridVisible: grid, instructionVisible: instruction)
        touchPoints = touches
    }

    /// A number as `formatNumber` writes it: `null` for NaN.
    static func number(_ r: inout WireReader) throws(WireError) -> Double {
        r.null() ? .nan : try r.number()
    }

    /// `[[x,y],…]`, at most `maxTouches` of them, as `touchPoints`.
    static func touches(_ r: inout WireReader) throws(WireError) -> [Double] {
        var out: [Double] = []
        try r.beginArray()
        while try r.nextElement() {
            guard out.count < 2 * maxTouches else { throw WireError("more than \(maxTouches) touches") }
            try r.beginArray()
            let start = out.count
            while try r.nextElement() {
                guard out.count < start + 2 else { throw WireError("a touch is two numbers") }
                out.append(try number(&r))
            }
            guard out.count == start + 2 else { throw WireError("a touch is two numbers") }
        }
        return out
    }
}

/// The fields the diff reads of a `haptics.jsonl` or `effects.jsonl` line.
struct TimedRecord {
    var tick: Int
    var name: String

    init(line: [UInt8]) throws(WireError) {
        var r = WireReader(line, overflowIsInfinity: true)
        var tick: Int?, kind: String?, reason: String?, type: String?
        try r.beginObject()
        while let key = try r.nextKey() {
            if key.is("tick") {
                tick = try r.int(in: 0...LogParser.maxTick)
            } else if key.is("kind") {
                kind = try r.string()
            } else if key.is("reason") {
                reason = r.null() ? nil : try r.string()
            } else if key.is("type") {
                type = try r.string()
            } else {
                try r.skip()
            }
        }
        try r.end()
        guard let tick else { throw WireError("no tick") }
        self.tick = tick
        name = String((reason ?? kind ?? type ?? "record").prefix(40))
    }
}
