import CropVocabulary

extension WireWriter {
    /// An event as the protocol's `ops` carry it (docs/model-protocol.md#events).
    public mutating func event(_ e: EditorEvent) {
        switch e {
        case .panBegan: raw("{\"type\":\"panBegan\"}")
        case .panChanged(let d): head("panChanged"); field("dx", d.x); field("dy", d.y)
        case .panEnded: raw("{\"type\":\"panEnded\"}")
        case .pinchBegan(let p): head("pinchBegan"); field("x", p.x); field("y", p.y)
        case .pinchChanged(let scale, let p): head("pinchChanged"); field("scale", scale); field("x", p.x); field("y", p.y)
        case .pinchEnded: raw("{\"type\":\"pinchEnded\"}")
        case .twistChanged(let scale, let rotation, let p):
            head("twistChanged"); field("scale", scale); field("rotation", rotation); field("x", p.x); field("y", p.y)
        case .rotate90: raw("{\"type\":\"rotate90\"}")
        case .gestureCancelled: raw("{\"type\":\"gestureCancelled\"}")
        case .doubleTap(let p): head("doubleTap"); field("x", p.x); field("y", p.y)
        case .setZoomSlider(let percent, let animated):
            head("setZoomSlider"); field("percent", percent); raw(",\"animated\":"); bool(animated)
        case .incrementZoom: raw("{\"type\":\"incrementZoom\"}")
        case .decrementZoom: raw("{\"type\":\"decrementZoom\"}")
        case .recenter: raw("{\"type\":\"recenter\"}")
        case .resize(let size): head("resize"); field("width", size.width); field("height", size.height)
        case .setReduceMotion(let on): head("setReduceMotion"); raw(",\"on\":"); bool(on)
        case .memoryWarning: raw("{\"type\":\"memoryWarning\"}")
        case .confirm: raw("{\"type\":\"confirm\"}")
        case .cancel: raw("{\"type\":\"cancel\"}")
        case .cropFinished(let ok): head("cropFinished"); raw(",\"succeeded\":"); bool(ok)
        case .uploadFinished(let attempt, let outcome):
            head("uploadFinished"); raw(",\"attempt\":"); int(attempt); raw(",\"outcome\":")
            switch outcome {
            case .success: raw("\"success\"")
            case .timeout: raw("\"timeout\"")
            case .connectionDropped: raw("\"connectionDropped\"")
            case .httpError(let status): raw("\"httpError\",\"status\":"); int(status)
            }
        case .profileUpdated(let ok): head("profileUpdated"); raw(",\"succeeded\":"); bool(ok)
        case .retry: raw("{\"type\":\"retry\"}")
        }
        if e.hasFields { byte(UInt8(ascii: "}")) }
    }

    /// A touch sample as a touch-level model's `ops` carry it (docs/model-protocol.md#touches):
    /// `{"type":"touch","pointer":1,"phase":"move","x":…,"y":…,"time":…}`.
    public mutating func touch(_ t: TouchSample) {
        raw("{\"type\":\"touch\",\"pointer\":"); int(t.pointer)
        raw(",\"phase\":\"")
        switch t.phase {
        case .down: raw("down")
        case .move: raw("move")
        case .up: raw("up")
        case .cancel: raw("cancel")
        }
        byte(UInt8(ascii: "\""))
        field("x", t.point.x); field("y", t.point.y); field("time", t.milliseconds)
        byte(UInt8(ascii: "}"))
    }

    private mutating func head(_ type: StaticString) {
        raw("{\"type\":\"")
        raw(type)
        byte(UInt8(ascii: "\""))
    }

    private mutating func field(_ name: StaticString, _ x: Double) {
        byte(UInt8(ascii: ","))
        key(name)
        number(x)
    }
}

extension EditorEvent {
    /// Written as `{"type": …}` alone, or with fields (closed by the caller).
    var hasFields: Bool {
        switch self {
        case .panBegan, .panEnded, .pinchEnded, .rotate90, .gestureCancelled, .incrementZoom, .decrementZoom, .recenter,
             .memoryWarning, .confirm, .cancel, .retry:
            false
        default:
            true
        }
    }
}

extension WireReader {
    /// An event, for a model that speaks the protocol (the reference editor's server).
    public mutating func event() throws(WireError) -> EditorEvent {
        var f = EventFields()
        try beginObject()
        while let key = try nextKey() {
            if key.is("type") { f.type = try string() }
            else if key.is("x") { f.x = try number() }
            else if key.is("y") { f.y = try number() }
            else if key.is("dx") { f.dx = try number() }
            else if key.is("dy") { f.dy = try number() }
            else if key.is("scale") { f.scale = try number() }
            else if key.is("rotation") { f.rotation = try number() }
            else if key.is("percent") { f.percent = try number() }
            else if key.is("width") { f.width = try number() }
            else if key.is("height") { f.height = try number() }
            else if key.is("animated") || key.is("on") || key.is("succeeded") { f.flag = try bool() }
            else if key.is("attempt") { f.attempt = try int(in: 0...Int(Int32.max)) }
            else if key.is("status") { f.status = try int(in: 0...Int(Int32.max)) }
            else if key.is("outcome") { f.outcome = try string() }
            else { throw WireError("an event has no field \"\(key.name)\"", violation: true) }
        }
        return try f.event()
    }
}

/// An event's members as read, in any order, then checked and built.
private struct EventFields {
    var type = ""
    var x, y, dx, dy, scale, rotation, percent, width, height: Double?
    var flag: Bool?
    var attempt: Int?
    var status: Int?
    var outcome: String?

    func n(_ value: Double?, _ name: String) throws(WireError) -> Double {
        guard let value else { throw WireError("\(type) needs \"\(name)\"", violation: true) }
        return value
    }

    func point() throws(WireError) -> Point { Point(x: try n(x, "x"), y: try n(y, "y")) }

    func on() throws(WireError) -> Bool {
        guard let flag else { throw WireError("\(type) needs its flag", violation: true) }
        return flag
    }

    func event() throws(WireError) -> EditorEvent {
        switch type {
        case "panBegan": return .panBegan
        case "panChanged": return .panChanged(delta: Point(x: try n(dx, "dx"), y: try n(dy, "dy")))
        case "panEnded": return .panEnded
        case "pinchBegan": return .pinchBegan(focal: try point())
        case "pinchChanged": return .pinchChanged(scale: try n(scale, "scale"), focal: try point())
        case "pinchEnded": return .pinchEnded
        case "twistChanged": return .twistChanged(scale: try n(scale, "scale"), rotation: try n(rotation, "rotation"), focal: try point())
        case "rotate90": return .rotate90
        case "gestureCancelled": return .gestureCancelled
        case "doubleTap": return .doubleTap(at: try point())
        case "setZoomSlider": return .setZoomSlider(percent: try n(percent, "percent"), animated: try on())
        case "incrementZoom": return .incrementZoom
        case "decrementZoom": return .decrementZoom
        case "recenter": return .recenter
        case "resize": return .resize(Size(width: try n(width, "width"), height: try n(height, "height")))
        case "setReduceMotion": return .setReduceMotion(try on())
        case "memoryWarning": return .memoryWarning
        case "confirm": return .confirm
        case "cancel": return .cancel
        case "cropFinished": return .cropFinished(succeeded: try on())
        case "uploadFinished": return .uploadFinished(attempt: attempt ?? 1, outcome: try uploadOutcome())
        case "profileUpdated": return .profileUpdated(succeeded: try on())
        case "retry": return .retry
        default: throw WireError("unknown event \"\(type)\"", violation: true)
        }
    }

    func uploadOutcome() throws(WireError) -> UploadOutcome {
        switch outcome {
        case "success": return .success
        case "timeout": return .timeout
        case "connectionDropped": return .connectionDropped
        case "httpError": return .httpError(status: status ?? 500)
        default: throw WireError("unknown upload outcome \(outcome.map { "\"\($0)\"" } ?? "(none)")", violation: true)
        }
    }
}
