import CropText
import CropVocabulary

/// An editor model in another process, behind the `EditorModel` protocol: events and ticks are
/// queued and sent as one `step` request when the checked editor syncs, and the answers come
/// back together (docs/model-protocol.md). Anything the process does wrong becomes its
/// `failure`, which ends the session as a find.
public struct PipeEditor: EditorModel {
    public typealias Context = ModelProcessPool

    private let lease: ProcessLease
    private var state: ModelState
    /// The queued ops of the next `step`, already written (as JSON, or as version 2's binary
    /// ops when `binary`), and how many there are.
    private var ops = WireWriter(capacity: 1 << 16)
    private var opCount = 0
    private var binary = false
    /// How many ops each `step` sent and not yet answered carries, and the frame of its last op,
    /// oldest first.
    private var inFlight: [(ops: Int, frame: Int)] = []
    /// Ticks queued so far and the frame of the last op queued (events go to frame ticks + 1, a
    /// tick ends frame ticks, as `CheckedEditor.frame` counts), and the last frame of the request
    /// the model failed on: its failure is placed there (`ModelFailure.frame`).
    private var ticksQueued = 0
    private var lastFrame = 0
    private var failedFrame: Int?
    /// Ops per `step`: small enough that the model works on one while cropsim judges the one
    /// before (two cores busy), large enough that a request's fixed cost is spread thin.
    static let chunk = 256
    private var openFailure: ModelFailure?
    /// Effects this session's replies carried so far, and the most one scenario may carry: far
    /// more than any editor emits (a haptic or a tip per gesture, a handful for the upload flow),
    /// far fewer than a flood holds. One 15 MB `step` reply with 250,000 valid haptics took 530 MiB
    /// and wrote a 170 MB report (issue 34); past the cap the model fails (`protocolViolation`),
    /// so effects, and the violations they cause, stay bounded per scenario.
    private var effectCount = 0
    public static let maxEffects = 10_000

    public static var answersLater: Bool { true }

    public static func identity(in pool: ModelProcessPool) -> ModelIdentity { pool.identity }

    public static func open(_ request: OpenRequest, in pool: ModelProcessPool, effects: inout [EditorEffect])
        throws(OpenRefusal) -> PipeEditor
    {
        var editor = PipeEditor(lease: ProcessLease(pool), state: .unreported)
        guard let process = editor.lease.process else {
            editor.openFailure = ModelFailure(kind: .crashed, message: "a new process of the model did not start")
            return editor
        }
        editor.binary = process.version == 2
        process.sessionOpened()
        guard let line = process.exchange("open", { $0.open(request) }) else { return editor }
        var refusal: String?
        do throws(WireError) {
            refusal = try editor.readOpened(line, process: process, effects: &effects)
        } catch {
            process.fail(error.violation ? .protocolViolation : .malformed, "its reply to open: \(error.message)")
        }
        if let refusal { throw OpenRefusal(message: refusal) }
        return editor
    }

    private init(lease: ProcessLease, state: ModelState) {
        self.lease = lease
        self.state = state
    }

    public mutating func apply(_ event: EditorEvent, into effects: inout [EditorEffect]) {
        if binary {
            ops.binaryEvent(event)
        } else {
            ops.byte(opCount == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            ops.event(event)
        }
        opCount += 1
        lastFrame = ticksQueued + 1
        if opCount == Self.chunk { sendChunk() }
    }

    public mutating func touch(_ sample: TouchSample, into effects: inout [EditorEffect]) {
        if binary {
            ops.binaryTouch(sample)
        } else {
            ops.byte(opCount == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            ops.touch(sample)
        }
        opCount += 1
        lastFrame = ticksQueued + 1
        if opCount == Self.chunk { sendChunk() }
    }

    public mutating func tick(into effects: inout [EditorEffect]) {
        if binary { ops.byte(BinaryOp.tick.rawValue) } else { ops.raw(opCount == 0 ? "[\"tick\"" : ",\"tick\"") }
        opCount += 1
        ticksQueued += 1
        lastFrame = ticksQueued
        if opCount == Self.chunk { sendChunk() }
    }

    /// Sends the queued ops as one `step`, to be answered while more are queued and judged.
    private mutating func sendChunk() {
        guard opCount > 0, let process = lease.process else { return }
        if binary {
            process.sendStep(ops, count: opCount)
        } else {
            ops.byte(UInt8(ascii: "]"))
            let queued = ops
            process.send("step") {
                $0.raw(",\"ops\":"); $0.append(queued)
            }
        }
        inFlight.append((opCount, lastFrame))
        ops.removeAll()
        opCount = 0
    }

    public mutating func flush(into answers: inout [ModelAnswer]) {
        sendChunk()
        guard let process = lease.process, !inFlight.isEmpty else { return }
        let (count, frame) = inFlight.removeFirst()
        defer { if failedFrame == nil, process.failure != nil { failedFrame = frame } }
        guard let line = process.receive(deadline: process.timeout) else { return }
        let start = answers.count
        do throws(WireError) {
            switch process.lastKind {
            case .stepped: try readBinaryStepped(line, process: process, count: count, into: &answers)
            case .json: try readStepped(line, process: process, count: count, into: &answers)
            case .step: throw WireError("a reply in a frame of kind step", violation: true)
            }
        } catch {
            answers.removeSubrange(start...)
            process.fail(error.violation ? .protocolViolation : .malformed, "its reply to step: \(error.message)")
        }
    }

    public var observation: Observation { state.observation }
    public var sliderPercent: Double { state.slider }
    public var readout: Readout { state.readout }
    public var failure: ModelFailure? {
        openFailure
            ?? lease.process?.failure.map { failure in
                var placed = failure
                placed.frame = failedFrame
                return placed
            }
    }

    // MARK: Replies

    /// Reads `opened` (returning nil) or `refused` (returning its message).
    private mutating func readOpened(_ line: WireLine, process: ModelProcess, effects: inout [EditorEffect])
        throws(WireError) -> String?
    {
        guard process.lastKind == .json else {
            throw WireError("the reply to open must be a json frame", violation: true)
        }
        var r = WireReader(line)
        var refusal: String?
        var type = ""
        try r.beginObject()
        while let key = try r.nextKey() {
            if key.is("type") {
                type = try r.string()
            } else if key.is("id") {
                try Self.check(id: try r.int(in: 0...Int.max), process)
            } else if key.is("effects") {
                try readEffects(&r, into: &effects)
            } else if key.is("state") {
                try r.state(into: &state)
            } else if key.is("message") {
                refusal = try r.string()
            } else if key.is("code") {
                _ = try r.number()
            } else {
                throw WireError(
                    "an \(type.isEmpty ? "open" : type) reply has no field \"\(key.name)\"", violation: true)
            }
        }
        try r.end()
        switch type {
        case "opened":
            guard state.hasPose else { throw WireError("the opened state must have scale, tx and ty", violation: true) }
            return nil
        // The model's own words reach messages and the terminal: escaped and cut like its stderr.
        case "refused": return shownText(refusal ?? "", limit: StderrTail.lineLength)
        case "error":
            process.fail(
                .errorReply, "it answered open with an error: \(shownText(refusal ?? "", limit: StderrTail.lineLength))"
            ); return nil
        default: throw WireError("expected opened or refused, got \"\(type)\"", violation: true)
        }
    }

    private mutating func readStepped(
        _ line: WireLine, process: ModelProcess, count: Int, into answers: inout [ModelAnswer]
    ) throws(WireError) {
        var r = WireReader(line)
        var type = "", message = ""
        var results = 0
        try r.beginObject()
        while let key = try r.nextName() {
            if r.is(key, "type") {
                type = try r.string()
            } else if r.is(key, "id") {
                try Self.check(id: try r.int(in: 0...Int.max), process)
            } else if r.is(key, "results") {
                try r.beginArray()
                while try r.nextElement() {
                    results += 1
                    guard results <= count else {
                        throw WireError("more results than the \(count) ops sent", violation: true)
                    }
                    answers.append(try result(&r))
                }
            } else if r.is(key, "message") {
                message = try r.string()
            } else if r.is(key, "code") {
                _ = try r.number()
            } else {
                throw WireError("a stepped reply has no field \"\(r.text(key))\"", violation: true)
            }
        }
        try r.end()
        if type == "error" {
            process.fail(.errorReply, "it answered a step with an error: \(message)")
            throw WireError("an error reply", violation: true)
        }
        guard type == "stepped" else { throw WireError("expected stepped, got \"\(type)\"", violation: true) }
        guard results == count else { throw WireError("\(results) results for the \(count) ops sent", violation: true) }
    }

    /// One op's result: its effects and the state after it.
    private mutating func result(_ r: inout WireReader) throws(WireError) -> ModelAnswer {
        var effects: [EditorEffect] = []
        try resultMembers(&r, into: &effects)
        return ModelAnswer(
            effects: effects, observation: state.observation, sliderPercent: state.slider, readout: state.readout)
    }

    /// A result object's `state` and `effects` (version 1's result, or version 2's `json` part).
    private mutating func resultMembers(_ r: inout WireReader, into effects: inout [EditorEffect]) throws(WireError) {
        try r.beginObject()
        while let key = try r.nextName() {
            if r.is(key, "state") {
                try r.state(into: &state)
            } else if r.is(key, "effects") {
                try readEffects(&r, into: &effects)
            } else {
                throw WireError("a result has no field \"\(r.text(key))\"", violation: true)
            }
        }
    }

    /// A version-2 `stepped` frame: id (u64), result count (u32), the results, nothing after.
    private mutating func readBinaryStepped(
        _ line: WireLine, process: ModelProcess, count: Int, into answers: inout [ModelAnswer]
    )
        throws(WireError)
    {
        var r = BinaryReader(line)
        let id = try r.u64()
        if id != UInt64(process.answeredID) {
            throw WireError("a reply with id \(id) to request \(process.answeredID)", violation: true)
        }
        let results = Int(try r.u32())
        guard results <= count else { throw WireError("more results than the \(count) ops sent", violation: true) }
        guard results == count else { throw WireError("\(results) results for the \(count) ops sent", violation: true) }
        for _ in 0..<results {
            var effects: [EditorEffect] = []
            fields: while true {
                switch try r.stateFields(into: &state) {
                case .end: break fields
                case .haptic(let h):
                    try countEffect()
                    effects.append(.haptic(h))
                case .json(let part):
                    var json = WireReader(part)
                    try resultMembers(&json, into: &effects)
                    try json.end()
                }
            }
            answers.append(
                ModelAnswer(
                    effects: effects, observation: state.observation, sliderPercent: state.slider,
                    readout: state.readout))
        }
        guard r.atEnd else { throw WireError("\(r.remaining) bytes after the last result") }
    }

    private mutating func readEffects(_ r: inout WireReader, into effects: inout [EditorEffect]) throws(WireError) {
        try r.beginArray()
        while try r.nextElement() {
            try countEffect()
            effects.append(try r.effect())
        }
    }

    private mutating func countEffect() throws(WireError) {
        effectCount += 1
        guard effectCount <= Self.maxEffects else {
            throw WireError(
                "more than \(Self.maxEffects) effects in one scenario (the rest of the reply was not read)",
                violation: true)
        }
    }

    private static func check(id: Int, _ process: ModelProcess) throws(WireError) {
        if id != process.answeredID {
            throw WireError("a reply with id \(id) to request \(process.answeredID)", violation: true)
        }
    }
}

/// Snapshots of the process's session, for a run kept between batches (`LiveRun`). Every call
/// needs the queued ops answered first (the caller syncs): a snapshot is the session after the
/// last answered op, and the state this value holds is the state the model last reported.
extension PipeEditor: SessionSnapshots {
    public var keepsSnapshots: Bool { lease.process?.snapshots ?? false }

    public func snapshot() -> Int? {
        guard opCount == 0, inFlight.isEmpty else { return nil }
        return lease.process?.snapshot()
    }

    public func restore(_ handle: Int) -> Bool {
        guard opCount == 0, inFlight.isEmpty else { return false }
        return lease.process?.restore(handle) ?? false
    }

    public func release(_ handle: Int) { lease.process?.release(handle) }
}
