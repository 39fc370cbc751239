import CropVocabulary

extension WireWriter {
    /// An event as the protocol's `ops` carry it (docs/model-protocol.md#events). Each constant
    /// run of bytes is one fragment, so an event with two numbers is five appends.
    public mutating func event(_ e: EditorEvent) {
        switch e {
        case .panBegan: raw("{\"type\":\"panBegan\"}")
        case .panChanged(let d):
            raw("{\"type\":\"panChanged\",\"dx\":"); number(d.x); raw(",\"dy\":"); number(d.y); close()
        case .panEnded: raw("{\"type\":\"panEnded\"}")
        case .pinchBegan(let p): raw("{\"type\":\"pinchBegan\",\"x\":"); point(p)
        case .pinchChanged(let scale, let p):
            raw("{\"type\":\"pinchChanged\",\"scale\":"); number(scale); raw(",\"x\":"); point(p)
        case .pinchEnded: raw("{\"type\":\"pinchEnded\"}")
        case .twistChanged(let scale, let rotation, let p):
            raw("{\"type\":\"twistChanged\",\"scale\":"); number(scale); raw(",\"rotation\":"); number(rotation);
            raw(",\"x\":"); point(p)
        case .rotate90: raw("{\"type\":\"rotate90\"}")
        case .gestureCancelled: raw("{\"type\":\"gestureCancelled\"}")
        case .doubleTap(let p): raw("{\"type\":\"doubleTap\",\"x\":"); point(p)
        case .setZoomSlider(let percent, let animated):
            raw("{\"type\":\"setZoomSlider\",\"percent\":"); number(percent);
            raw(animated ? ",\"animated\":true}" : ",\"animated\":false}")
        case .incrementZoom: raw("{\"type\":\"incrementZoom\"}")
        case .decrementZoom: raw("{\"type\":\"decrementZoom\"}")
        case .recenter: raw("{\"type\":\"recenter\"}")
        case .resize(let size):
            raw("{\"type\":\"resize\",\"width\":"); number(size.width); raw(",\"height\":"); number(size.height);
            close()
        case .setReduceMotion(let on):
            raw(on ? "{\"type\":\"setReduceMotion\",\"on\":true}" : "{\"type\":\"setReduceMotion\",\"on\":false}")
        case .memoryWarning: raw("{\"type\":\"memoryWarning\"}")
        case .confirm: raw("{\"type\":\"confirm\"}")
        case .cancel: raw("{\"type\":\"cancel\"}")
        case .cropFinished(let ok):
            raw(
                ok
                    ? "{\"type\":\"cropFinished\",\"succeeded\":true}"
                    : "{\"type\":\"cropFinished\",\"succeeded\":false}")
        case .uploadFinished(let attempt, let outcome):
            raw("{\"type\":\"uploadFinished\",\"attempt\":"); int(attempt); raw(",\"outcome\":")
            switch outcome {
            case .success: raw("\"success\"}")
            case .timeout: raw("\"timeout\"}")
            case .connectionDropped: raw("\"connectionDropped\"}")
            case .httpError(let status): raw("\"httpError\",\"status\":"); int(status); close()
            }
        case .profileUpdated(let ok):
            raw(
                ok
                    ? "{\"type\":\"profileUpdated\",\"succeeded\":true}"
                    : "{\"type\":\"profileUpdated\",\"succeeded\":false}")
        case .retry: raw("{\"type\":\"retry\"}")
        }
    }

    /// A touch sample as a touch-level model's `ops` carry it (docs/model-protocol.md#touches):
    /// `{"type":"touch","pointer":1,"phase":"move","x":…,"y":…,"time":…}`.
    public mutating func touch(_ t: TouchSample) {
        raw("{\"type\":\"touch\",\"pointer\":"); int(t.pointer)
        switch t.phase {
        case .down: raw(",\"phase\":\"down\",\"x\":")
        case .move: raw(",\"phase\":\"move\",\"x\":")
        case .up: raw(",\"phase\":\"up\",\"x\":")
        case .cancel: raw(",\"phase\":\"cancel\",\"x\":")
        }
        number(t.point.x); raw(",\"y\":"); number(t.point.y); raw(",\"time\":"); number(t.milliseconds); close()
    }

    /// `…,"y":y}` after the `"x":` its caller wrote.
    private mutating func point(_ p: Point) {
        number(p.x); raw(",\"y\":"); number(p.y); close()
    }

    private mutating func close() { byte(UInt8(ascii: "}")) }
}

extension WireReader {
    /// An event, for a model that speaks the protocol (the reference editor's server).
    public mutating func event() throws(WireError) -> EditorEvent {
        var f = EventFields()
        try beginObject()
        while let key = try nextKey() {
            if key.is("type") {
                f.type = try string()
            } else if key.is("x") {
                f.x = try number()
            } else if key.is("y") {
                f.y = try number()
            } else if key.is("dx") {
                f.dx = try number()
            } else if key.is("dy") {
                f.dy = try number()
            } else if key.is("scale") {
                f.scale = try number()
            } else if key.is("rotation") {
                f.rotation = try number()
            } else if key.is("percent") {
                f.percent = try number()
            } else if key.is("width") {
                f.width = try number()
            } else if key.is("height") {
                f.height = try number()
            } else if key.is("animated") || key.is("on") || key.is("succeeded") {
                f.flag = try bool()
            } else if key.is("attempt") {
                f.attempt = try int(in: 0...Int(Int32.max))
            } else if key.is("status") {
                f.status = try int(in: 0...Int(Int32.max))
            } else if key.is("outcome") {
                f.outcome = try string()
            } else {
                throw WireError("an event has no field \"\(key.name)\"", violation: true)
            }
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
        case "twistChanged":
            return .twistChanged(
                scale: try n(scale, "scale"), rotation: try n(rotation, "rotation"), focal: try point())
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
