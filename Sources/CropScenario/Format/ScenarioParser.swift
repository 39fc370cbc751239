import CropVocabulary

/// Turns a scenario file's bytes into a `Scenario`, or the first error with its place.
///
/// Strict on purpose: unknown keys, wrong types, NaN, negative durations, out-of-range numbers
/// and touches out of order are all errors, because a designer's typo must never silently run a
/// different gesture.
public enum ScenarioParser {
    public static func parse(_ bytes: [UInt8], file: String, id: String) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError(file: file, line: error.location.line, column: error.location.column, path: "$",
                                message: error.message)
        }
        return try scenario(JSONReader(value: root, source: SourceFile(name: file, bytes: bytes)), id: id)
    }

    typealias Format = ScenarioFormat
    typealias Limits = ScenarioFormat.Range

    static func scenario(_ r: JSONReader, id: String) throws(ScenarioError) -> Scenario {
        let o = try r.object()
        try o.finish(allowed: Format.top.keys)
        if let s = o.optional("$schema") { _ = try s.string() }
        let name = try o.required("name").string()
        let description = try o.optional("description")?.string() ?? ""
        var covers: [String] = []
        for c in try o.optional("covers")?.array() ?? [] {
            let text = try c.string()
            guard matches(Limits.requirementPattern, text) else {
                throw c.fail("requirement ids look like \"R8.3\", got \(quoted(text))")
            }
            covers.append(text)
        }
        let device = try self.device(o.required("device"))
        let image = try self.image(o.required("image"))
        let config = try self.config(o.optional("config"))
        let backend = try o.optional("backend").map { b throws(ScenarioError) in try self.backend(b) } ?? .none
        let steps = try self.steps(o.optional("steps"), rate: device.touchRate)
        let expect = try o.optional("expect").map { e throws(ScenarioError) in try expectations(e, checkpoint: false) } ?? .none
        var checkpoints: [Checkpoint] = []
        for c in try o.optional("checkpoints")?.array() ?? [] {
            let co = try c.object()
            let time = try self.time(co.required("at"))
            checkpoints.append(Checkpoint(time: time, expect: try expectations(c, checkpoint: true), path: c.path))
        }
        var scenario = Scenario(id: id, file: r.file, name: name, description: description, covers: covers, device: device,
                                image: image, config: config, steps: steps, backend: backend, expect: expect,
                                checkpoints: checkpoints)
        if let p = o.optional("policies") { scenario.policies = try policies(p) }
        if let m = o.optional("metamorphic") {
            for item in try m.array() { scenario.metamorphic.insert(try item.oneOf(Metamorphic.self)) }
            if scenario.metamorphic.contains(.mirror), steps.contains(where: { if case .resize = $0.action { true } else { false } }) {
                throw m.fail("the mirror check needs a scenario without resize steps: the view grows from its top-left origin")
            }
            if scenario.metamorphic.contains(.mirror), steps.contains(where: { if case .rotate90 = $0.action { true } else { false } }) {
                throw m.fail("the mirror check needs a scenario without rotate90 steps: the mirror of a clockwise turn is a button the editor does not have")
            }
        }
        return scenario
    }

    /// Whether `text` matches one of the format's patterns (the schema carries the same one).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: text)) != nil
    }

    // MARK: Device, image, config

    static func device(_ r: JSONReader) throws(ScenarioError) -> Device {
        if r.isString { return try presetDevice(r) }
        let o = try r.object()
        try o.finish(allowed: Format.device.keys)
        let preset = try o.optional("preset").map { p throws(ScenarioError) in try self.preset(p) }
        let (view, scale) = try presetOrExplicit(o, preset)
        var device = Device(view: view, screenScale: scale)
        try Format.deviceFields.read(o, into: &device)
        return device
    }

    static func image(_ r: JSONReader) throws(ScenarioError) -> ImageSpec {
        let o = try r.object()
        try o.finish(allowed: Format.image.keys)
        var image = ImageSpec(source: SourceImage(storedWidth: 0, storedHeight: 0))
        try Format.imageFields.read(o, into: &image)
        // With a file the size may come from the file itself; without one it is required.
        let required = image.file == nil
        image.source.storedWidth = try (required ? o.required("width") : o.optional("width"))?.integer(in: Limits.imageSide) ?? 0
        image.source.storedHeight = try (required ? o.required("height") : o.optional("height"))?.integer(in: Limits.imageSide) ?? 0
        return image
    }

    /// The policies the scenario's expectations assume, checked against the vocabulary's list.
    static func policies(_ r: JSONReader) throws(ScenarioError) -> [String: String] {
        let o = try r.object()
        try o.finish(allowed: Format.policies.keys)
        var assumed: [String: String] = [:]
        for descriptor in Policies.descriptors {
            guard let v = o.optional(descriptor.name) else { continue }
            let value = try v.string()
            guard descriptor.values.contains(value) else {
                throw v.fail("unknown value \(quoted(value)); expected one of \(descriptor.values.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            assumed[descriptor.name] = value
        }
        return assumed
    }

    static func config(_ r: JSONReader?) throws(ScenarioError) -> AvatarCropperConfig {
        var c = AvatarCropperConfig()
        guard let r else { return c }
        let o = try r.object()
        try o.finish(allowed: Format.config.keys)
        try Format.configFields.read(o, into: &c)
        return c
    }

    // MARK: Backend

    static func backend(_ r: JSONReader) throws(ScenarioError) -> BackendScript {
        let o = try r.object()
        try o.finish(allowed: Format.backend.keys)
        var script = BackendScript.none
        if let u = o.optional("user") {
            let uo = try u.object()
            try uo.finish(allowed: Format.user.keys)
            let uid = try uo.required("uid").string()
            guard !uid.isEmpty, !uid.contains("/") else { throw try uo.required("uid").fail("uid must be non-empty and contain no '/'") }
            script.user = UserContext(uid: uid, avatarPath: try uo.optional("avatarPath")?.string(),
                                      avatarVersion: try uo.optional("avatarVersion")?.integer(in: Limits.avatarVersion) ?? 0)
        }
        if let b = o.optional("baseURL") { script.baseURL = try b.string() }
        script.crops = try replies(o.optional("crop"), latency: BackendScript.cropLatency) { v throws(ScenarioError) in try okOrFail(v) }
        script.uploads = try replies(o.optional("uploads"), latency: BackendScript.uploadLatency) { v throws(ScenarioError) in
            if v.isNumber {
                let status = try v.integer(in: Limits.httpStatus)
                return status < 300 ? .success : .httpError(status: status)
            }
            switch try v.string() {
            case "ok": return .success
            case "timeout": return .timeout
            case "dropped": return .connectionDropped
            case let other: throw v.fail("an upload result is \"ok\", \"timeout\", \"dropped\" or an HTTP status, got \(quoted(other))")
            }
        }
        script.profileUpdates = try replies(o.optional("profileUpdates"), latency: BackendScript.profileLatency) { v throws(ScenarioError) in
            try okOrFail(v)
        }
        if script.user == nil && !(script.uploads.isEmpty && script.profileUpdates.isEmpty) {
            throw r.fail("uploads and profileUpdates need a \"user\" to upload for")
        }
        return script
    }

    static func okOrFail(_ v: JSONReader) throws(ScenarioError) -> Bool {
        switch try v.string() {
        case "ok": return true
        case "fail": return false
        case let other: throw v.fail("expected \"ok\" or \"fail\", got \(quoted(other))")
        }
    }

    /// `[{"result": …, "latency": 0.2}, …]`, consumed in order.
    static func replies<T: Sendable>(
        _ r: JSONReader?, latency: Double, _ result: (JSONReader) throws(ScenarioError) -> T
    ) throws(ScenarioError) -> [BackendScript.Reply<T>] {
        guard let r else { return [] }
        var out: [BackendScript.Reply<T>] = []
        for item in try r.array() {
            let io = try item.object()
            try io.finish(allowed: Format.okOrFailReply.keys)
            out.append(BackendScript.Reply(result: try result(io.required("result")),
                                           latency: try duration(io, "latency", default: latency)))
        }
        return out
    }

    // MARK: Primitives

    /// `[width, height]`.
    static func size(_ r: JSONReader) throws(ScenarioError) -> Size {
        let a = try r.array()
        guard a.count == 2 else { throw r.fail("expected [width, height], got \(a.count) numbers") }
        return Size(width: try a[0].number(in: Limits.viewSide, "width"), height: try a[1].number(in: Limits.viewSide, "height"))
    }

    /// `[x, y]` where each is points or `"NN%"`, or `"center"`.
    static func point(_ r: JSONReader) throws(ScenarioError) -> ViewPoint {
        if r.isString {
            guard try r.string() == "center" else { throw r.fail("a point is [x, y] or \"center\"") }
            return .center
        }
        let a = try r.array()
        guard a.count == 2 else { throw r.fail("a point is [x, y], got \(a.count) values") }
        return ViewPoint(x: try coordinate(a[0]), y: try coordinate(a[1]))
    }

    static func coordinate(_ r: JSONReader) throws(ScenarioError) -> Coordinate {
        if r.isString {
            let s = try r.string()
            guard let p = ScenarioGrammar.percent(s) else {
                throw r.fail("a coordinate is a number of points or a percentage like \"50%\", got \(quoted(s))")
            }
            let range = ScenarioGrammar.percentRange
            guard range.contains(p) else {
                throw r.fail("a percentage must be in \(Int(range.lowerBound))…\(Int(range.upperBound)) %, got \(quoted(s))")
            }
            return .percent(p)
        }
        return .points(try r.number(in: Limits.points, "coordinate"))
    }

    /// Seconds as a number, or a string with a unit: `"250ms"`, `"1.5s"`.
    static func time(_ r: JSONReader) throws(ScenarioError) -> Double {
        let seconds: Double
        if r.isString {
            let s = try r.string()
            guard let v = ScenarioGrammar.seconds(s) else {
                throw r.fail("a time is seconds (0.5) or a string with a unit (\"500ms\", \"0.5s\"), got \(quoted(s))")
            }
            seconds = v
        } else {
            seconds = try r.number()
        }
        guard seconds.isFinite, seconds >= 0 else { throw r.fail("times and durations must be ≥ 0, got \(seconds)") }
        guard seconds <= ScenarioBudget.maxSeconds else { throw r.fail("times and durations must be at most \(budgetSeconds), got \(seconds)") }
        return seconds
    }

    static func duration(_ o: ObjectReader, _ key: String, default value: Double) throws(ScenarioError) -> Double {
        try o.optional(key).map { v throws(ScenarioError) in try time(v) } ?? value
    }

    static func easing(_ o: ObjectReader) throws(ScenarioError) -> Easing {
        try o.optional("easing")?.oneOf(Easing.self) ?? .easeInOut
    }

    static func span(_ r: JSONReader) throws(ScenarioError) -> Double { try r.number(in: Limits.span, "span") }

    // MARK: Steps

    static let budgetSeconds = "\(Int(ScenarioBudget.maxSeconds)) s"

    /// Seconds with three decimals, as the oracle's violation messages print them.
    static func milliseconds(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }

    /// The steps, held to the budgets as they are read, so an overrun is reported at the step
    /// that crosses the line.
    static func steps(_ r: JSONReader?, rate: Int) throws(ScenarioError) -> [Step] {
        guard let r else { return [] }
        let items = try r.array()
        guard items.count <= ScenarioBudget.maxSteps else {
            throw items[ScenarioBudget.maxSteps].fail("more than \(ScenarioBudget.maxSteps) steps, the budget per scenario")
        }
        var steps: [Step] = []
        var samples = 0
        for item in items {
            let step = try self.step(item)
            let end = step.time + step.action.duration
            guard end <= ScenarioBudget.maxSeconds else {
                throw item.fail("this step's input ends at \(milliseconds(end)) s, past the budget of \(budgetSeconds) of simulated time")
            }
            samples += step.action.touchSamples(rate: rate)
            guard samples <= ScenarioBudget.maxTouchSamples else {
                throw item.fail("the steps up to here make \(samples) touch samples, past the budget of \(ScenarioBudget.maxTouchSamples)")
            }
            steps.append(step)
        }
        return steps
    }

    static func step(_ r: JSONReader) throws(ScenarioError) -> Step {
        let o = try r.object()
        try o.finish(allowed: Format.step.keys)
        if let n = o.optional("note") { _ = try n.string() }
        let time = try self.time(o.required("at"))
        let present = ActionKind.allCases.filter { o.has($0.rawValue) }
        guard present.count == 1, let key = present.first, let v = o.optional(key.rawValue) else {
            throw r.fail(present.isEmpty
                ? "a step needs one action: \(Format.actions.joined(separator: ", "))"
                : "a step has exactly one action, found \(present.map(\.rawValue).joined(separator: " and "))")
        }
        return Step(time: time, action: try action(key, v), path: r.path)
    }

    static func touchTrack(_ r: JSONReader) throws(ScenarioError) -> TouchTrack {
        let o = try r.object()
        try o.finish(allowed: Format.track.keys)
        let finger = try o.required("finger").string()
        if let a = o.optional("actions") {
            if o.has("samples") { throw r.fail("a finger has either actions or samples, not both") }
            var actions: [PointerAction] = []
            var down = false
            for item in try a.array() {
                let ao = try item.object()
                let typeReader = try ao.required("type")
                let type = try typeReader.string()
                guard let kind = PointerActionKind(rawValue: type), let keys = Format.pointerActionKeys[type] else {
                    throw typeReader.fail("action type must be \(Format.pointerActions.joined(separator: ", ")), got \(quoted(type))")
                }
                try ao.finish(allowed: ["type"] + keys.map(\.name))
                switch kind {
                case .down:
                    guard !down else { throw item.fail("finger \(quoted(finger)) is already down") }
                    down = true
                    actions.append(.down(try point(ao.required("at"))))
                case .move:
                    guard down else { throw item.fail("finger \(quoted(finger)) moves before it is down") }
                    actions.append(.move(to: try point(ao.required("to")), duration: try duration(ao, "duration", default: 0)))
                case .pause:
                    actions.append(.pause(try time(ao.required("duration"))))
                case .up, .cancel:
                    guard down else { throw item.fail("finger \(quoted(finger)) lifts before it is down") }
                    down = false
                    actions.append(kind == .up ? .up : .cancel)
                }
            }
            guard !down else { throw a.fail("finger \(quoted(finger)) never lifts: end with an \"up\" or \"cancel\"") }
            return TouchTrack(finger: finger, body: .actions(actions), path: r.path)
        }
        var samples: [RawSample] = []
        var down = false
        for item in try o.required("samples").array() {
            let so = try item.object()
            try so.finish(allowed: Format.sample.keys)
            let t = try time(so.required("t"))
            let phase = try so.required("phase").oneOf(TouchPhase.self)
            if let last = samples.last, t < last.time {
                throw item.fail("samples must be in time order: t = \(t) comes after t = \(last.time)")
            }
            switch phase {
            case .down: guard !down else { throw item.fail("finger \(quoted(finger)) is already down") }; down = true
            case .move: guard down else { throw item.fail("finger \(quoted(finger)) moves before it is down") }
            case .up, .cancel: guard down else { throw item.fail("finger \(quoted(finger)) lifts before it is down") }; down = false
            }
            samples.append(RawSample(time: t, point: try point(so.required("at")), phase: phase))
        }
        guard !samples.isEmpty else { throw r.fail("samples needs at least a down and an up") }
        guard !down else { throw r.fail("finger \(quoted(finger)) never lifts: end with an \"up\" or \"cancel\" sample") }
        return TouchTrack(finger: finger, body: .samples(samples), path: r.path)
    }

    // MARK: Expectations

    static func expectations(_ r: JSONReader, checkpoint: Bool) throws(ScenarioError) -> Expectations {
        let o = try r.object()
        try o.finish(allowed: checkpoint ? Format.checkpoint.keys : Format.expectations.keys)
        var e = Expectations()
        for field in ExpectationField.all {
            if let v = o.optional(field.key) { try field.parse(v, &e) }
        }
        return e
    }

    /// `1.5`, `"sMax"`, `"1.5*sMin"`, or `{"value": …, "tolerance": …}`.
    static func number(_ r: JSONReader) throws(ScenarioError) -> NumberExpectation {
        var tolerance = NumberExpectation.defaultTolerance
        var valueReader = r
        if r.isObject {
            let o = try r.object()
            try o.finish(allowed: Format.numberWithTolerance.keys)
            valueReader = try o.required("value")
            if let t = o.optional("tolerance") { tolerance = try t.number(in: Limits.tolerance, "tolerance") }
        }
        let target: NumberExpression
        if valueReader.isNumber {
            target = NumberExpression(factor: try valueReader.number(), symbol: nil)
        } else {
            let text = try valueReader.string()
            guard let parsed = ScenarioGrammar.expression(text) else {
                throw valueReader.fail("expected a number or an expression like \"sMax\", \"1.5*sMin\", \"-maxTx\"; symbols: "
                    + NumberExpression.Symbol.allCases.map(\.rawValue).joined(separator: ", "))
            }
            target = parsed
        }
        return NumberExpectation(target: target, tolerance: tolerance, path: r.path)
    }
}
