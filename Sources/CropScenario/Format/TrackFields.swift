import CropText
import CropVocabulary

/// Where a pointer action puts the finger, and for how long.
struct PointerDraft: Sendable {
    var at: ViewPoint = .center
    var duration: Double = 0
}

/// `touches`: fingers as W3C-style pointer actions or recorded samples. What a schema cannot
/// say (a finger lands before it moves and lifts, samples in time order, unique names) is
/// checked as the values are read.
extension ScenarioFormat {
    typealias TrackField = ObjectField<TouchTrack>

    static let trackTable = ObjectTable<TouchTrack>(
        [
            .value(
                "finger", \.finger, string, .required, read: { r throws(ScenarioError) in try r.string() },
                write: jsonString),
            TrackField(
                key: "actions",
                schema: array(either(PointerActionKind.allCases.map { pointerTable($0).object.schema })),
                parse: { r, t throws(ScenarioError) in t.body = .actions(try pointerActions(r, finger: t.finger)) },
                encode: { t in
                    guard case .actions(let actions) = t.body else { return nil }
                    return ScenarioEncoder.array(actions.map(ScenarioEncoder.pointerAction))
                }),
            TrackField(
                key: "samples", schema: array(sampleTable.object.schema, minItems: 1),
                parse: { r, t throws(ScenarioError) in t.body = .samples(try samples(r, finger: t.finger)) },
                encode: { t in
                    guard case .samples(let samples) = t.body else { return nil }
                    return ScenarioEncoder.sampleLines(samples)
                })
        ], rules: [requiredChoice([["actions"], ["samples"]])],
        shape: { o throws(ScenarioError) in
            if o.has("actions") {
                if o.has("samples") { throw o.reader.fail("a finger has either actions or samples, not both") }
            } else {
                _ = try o.required("samples")
            }
        })

    static let pointerTables = Dictionary(
        uniqueKeysWithValues: PointerActionKind.allCases.map { ($0, pointerTable($0)) })

    /// Each pointer action type takes only its own keys.
    static func pointerTable(_ kind: PointerActionKind) -> ObjectTable<PointerDraft> {
        let type = ObjectField<PointerDraft>(
            key: "type", schema: constant(.string(kind.rawValue)), .required,
            parse: { _, _ in }, encode: { _ in jsonString(kind.rawValue) })
        switch kind {
        case .down: return ObjectTable([type, .point("at", \.at, .required)])
        case .move:
            return ObjectTable([type, .point("to", \.at, .required), .time("duration", \.duration, standard: 0)])
        case .pause: return ObjectTable([type, .time("duration", \.duration, .required)])
        case .up, .cancel: return ObjectTable([type])
        }
    }

    static func pointerActions(_ r: JSONReader, finger: String) throws(ScenarioError) -> [PointerAction] {
        var actions: [PointerAction] = []
        var down = false
        for item in try r.array() {
            let typeReader = try item.object().required("type")
            let type = try typeReader.string()
            guard let kind = PointerActionKind(rawValue: type) else {
                throw typeReader.fail(
                    "action type must be \(pointerActions.joined(separator: ", ")), got \(quoted(type))")
            }
            let p = try pointerTables[kind]!.value(item, from: PointerDraft())
            switch kind {
            case .down:
                guard !down else { throw item.fail("finger \(quoted(finger)) is already down") }
                down = true
                actions.append(.down(p.at))
            case .move:
                guard down else { throw item.fail("finger \(quoted(finger)) moves before it is down") }
                actions.append(.move(to: p.at, duration: p.duration))
            case .pause:
                actions.append(.pause(p.duration))
            case .up, .cancel:
                guard down else { throw item.fail("finger \(quoted(finger)) lifts before it is down") }
                down = false
                actions.append(kind == .up ? .up : .cancel)
            }
        }
        guard !down else { throw r.fail("finger \(quoted(finger)) never lifts: end with an \"up\" or \"cancel\"") }
        return actions
    }

    /// Spelled out rather than made of key paths: a recorded finger holds hundreds of samples,
    /// and a key path is applied through the runtime on every read and write.
    static let sampleTable = ObjectTable<RawSample>([
        ObjectField(
            key: "t", schema: ref("time"), .required,
            parse: { r, s throws(ScenarioError) in s.time = try ScenarioParser.time(r) },
            encode: { s in ScenarioEncoder.number(s.time) }),
        ObjectField(
            key: "at", schema: ref("point"), .required,
            parse: { r, s throws(ScenarioError) in s.point = try ScenarioParser.point(r) },
            encode: { s in ScenarioEncoder.point(s.point) }),
        ObjectField(
            key: "phase", schema: oneOf(TouchPhase.allCases.map(\.rawValue)), .required,
            parse: { r, s throws(ScenarioError) in s.phase = try r.oneOf(TouchPhase.self) },
            encode: { s in jsonString(s.phase.rawValue) })
    ])

    static func samples(_ r: JSONReader, finger: String) throws(ScenarioError) -> [RawSample] {
        var samples: [RawSample] = []
        var down = false
        for item in try r.array() {
            let s = try sampleTable.value(item, from: RawSample(time: 0, point: .center, phase: .down))
            if let last = samples.last, s.time < last.time {
                throw item.fail("samples must be in time order: t = \(s.time) comes after t = \(last.time)")
            }
            switch s.phase {
            case .down: guard !down else { throw item.fail("finger \(quoted(finger)) is already down") }; down = true
            case .move: guard down else { throw item.fail("finger \(quoted(finger)) moves before it is down") }
            case .up, .cancel:
                guard down else { throw item.fail("finger \(quoted(finger)) lifts before it is down") }; down = false
            }
            samples.append(s)
        }
        guard !samples.isEmpty else { throw r.fail("samples needs at least a down and an up") }
        guard !down else {
            throw r.fail("finger \(quoted(finger)) never lifts: end with an \"up\" or \"cancel\" sample")
        }
        return samples
    }

    /// Up to the finger budget, each named once.
    static let touchesField = ActionField(
        kind: .touches, schema: array(ref("track"), minItems: 1),
        read: { v throws(ScenarioError) in
            var tracks: [TouchTrack] = []
            var names: Set<String> = []
            for t in try v.array() {
                guard tracks.count < ScenarioBudget.maxFingers else {
                    throw t.fail("more than \(ScenarioBudget.maxFingers) fingers in one step, the budget")
                }
                let track = try trackTable.value(t, from: TouchTrack(finger: "", body: .samples([]), path: t.path))
                guard names.insert(track.finger).inserted else {
                    throw t.fail("finger \(quoted(track.finger)) appears twice")
                }
                tracks.append(track)
            }
            guard !tracks.isEmpty else { throw v.fail("touches needs at least one finger") }
            return .touches(tracks)
        },
        write: {
            if case .touches(let tracks) = $0 { ScenarioEncoder.array(tracks.map(trackTable.encode)) } else { nil }
        })
}
