import CropVocabulary

/// Everything a model reports after an event or tick: the oracle's observation, the slider's
/// reading and the model's readout. A reply carries only the fields that changed
/// (docs/model-protocol.md#state); both sides keep the last state to apply or compute them.
public struct ModelState: Sendable {
    public var observation: Observation
    public var slider: Double
    public var readout: Readout

    public init(observation: Observation, slider: Double, readout: Readout) {
        self.observation = observation
        self.slider = slider
        self.readout = readout
    }

    /// Before a model's first report: the fields it never reports keep these values. The pose
    /// holds a NaN no model can send (`missing`), so that an `opened` without it is caught.
    public static let unreported = ModelState(
        observation: Observation(
            pose: Pose(scale: missing, translation: Point(x: missing, y: missing)),
            cropRect: Rect(x: 0, y: 0, width: 0, height: 0),
            storedCropRect: Rect(x: 0, y: 0, width: 0, height: 0), gridVisible: true, instructionsVisible: true,
            session: .editing, animating: false),
        slider: 0, readout: Readout())

    static let missing = Double(nan: 0x7ADE, signaling: false)

    /// Whether the pose has all its fields (the `opened` state must carry them).
    public var hasPose: Bool {
        let p = observation.pose
        return ![p.scale, p.translation.x, p.translation.y].contains { $0.bitPattern == Self.missing.bitPattern }
    }

    /// The sides of a `LimitSet` by their protocol names, in a fixed order.
    static let sides: [(name: StaticString, side: LimitSet)] = [
        ("zoomMin", .zoomMin), ("zoomMax", .zoomMax), ("panMinX", .panMinX), ("panMaxX", .panMaxX),
        ("panMinY", .panMinY), ("panMaxY", .panMaxY), ("tiltMin", .tiltMin), ("tiltMax", .tiltMax)
    ]
}

extension WireWriter {
    /// The fields of `state` that differ from `last` (all of them when `last` is nil), as the
    /// members of a `state` object. Numbers compare bit for bit, so −0 and a new NaN are sent.
    public mutating func state(_ s: ModelState, since last: ModelState?) {
        var first = true
        let o = s.observation, p = o.pose
        let l = last?.observation
        func changed(_ a: Double, _ b: Double?) -> Bool { b.map { $0.bitPattern != a.bitPattern } ?? true }
        byte(UInt8(ascii: "{"))
        if changed(p.scale, l?.pose.scale) { member("scale", first: &first); number(p.scale) }
        if changed(p.translation.x, l?.pose.translation.x) { member("tx", first: &first); number(p.translation.x) }
        if changed(p.translation.y, l?.pose.translation.y) { member("ty", first: &first); number(p.translation.y) }
        if changed(p.angle, l?.pose.angle) { member("angle", first: &first); number(p.angle) }
        if l?.animating != o.animating { member("animating", first: &first); bool(o.animating) }
        if l?.session != o.session { member("session", first: &first); string(o.session.rawValue) }
        if l?.gridVisible != o.gridVisible { member("grid", first: &first); bool(o.gridVisible) }
        if l?.instructionsVisible != o.instructionsVisible {
            member("instructions", first: &first); bool(o.instructionsVisible)
        }
        if l?.angleGuideVisible != o.angleGuideVisible {
            member("angleGuide", first: &first); bool(o.angleGuideVisible)
        }
        if changed(s.slider, last?.slider) { member("slider", first: &first); number(s.slider) }
        if !same(o.cropRect, l?.cropRect) { member("crop", first: &first); rect(o.cropRect) }
        if !same(o.storedCropRect, l?.storedCropRect) { member("storedCrop", first: &first); rect(o.storedCropRect) }
        readout(s.readout, since: last?.readout, first: &first)
        byte(UInt8(ascii: "}"))
    }

    private mutating func readout(_ r: Readout, since l: Readout?, first: inout Bool) {
        func changed(_ a: Double?, _ b: Double??) -> Bool {
            guard let a else { return false }
            guard let b, let old = b else { return true }
            return old.bitPattern != a.bitPattern
        }
        if changed(r.sMin, l.map(\.sMin)) { member("sMin", first: &first); number(r.sMin!) }
        if changed(r.sMax, l.map(\.sMax)) { member("sMax", first: &first); number(r.sMax!) }
        if changed(r.maskDiameter, l.map(\.maskDiameter)) {
            member("maskDiameter", first: &first); number(r.maskDiameter!)
        }
        if changed(r.panLimit?.x, l.map { $0.panLimit?.x }) { member("maxTx", first: &first); number(r.panLimit!.x) }
        if changed(r.panLimit?.y, l.map { $0.panLimit?.y }) { member("maxTy", first: &first); number(r.panLimit!.y) }
        if changed(r.view?.width, l.map { $0.view?.width }) {
            member("viewWidth", first: &first); number(r.view!.width)
        }
        if changed(r.view?.height, l.map { $0.view?.height }) {
            member("viewHeight", first: &first); number(r.view!.height)
        }
        if let g = r.gesture, g != l?.gesture { member("gesture", first: &first); string(g.rawValue) }
        if let c = r.cut, c != l?.cut { member("cut", first: &first); sides(c) }
        if let e = r.engaged, e != l?.engaged { member("engaged", first: &first); sides(e) }
        if let u = r.upload, u != l?.upload { member("upload", first: &first); string(u.rawValue) }
        if let z = r.zoomLimited, z != l?.zoomLimited { member("zoomLimited", first: &first); bool(z) }
        if let d = r.lowDensity, d != l?.lowDensity { member("lowDensity", first: &first); bool(d) }
        if changed(r.dimmingOpacity, l.map(\.dimmingOpacity)) {
            member("dimming", first: &first); number(r.dimmingOpacity!)
        }
    }

    private func same(_ a: Rect, _ b: Rect?) -> Bool {
        guard let b else { return false }
        return a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
            && a.width.bitPattern == b.width.bitPattern
            && a.height.bitPattern == b.height.bitPattern
    }

    private mutating func rect(_ r: Rect) { rect(r.x, r.y, r.width, r.height) }

    private mutating func sides(_ set: LimitSet) {
        byte(UInt8(ascii: "["))
        var first = true
        for (name, side) in ModelState.sides where set.contains(side) {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            byte(UInt8(ascii: "\"")); raw(name); byte(UInt8(ascii: "\""))  // no side's name needs escaping
        }
        byte(UInt8(ascii: "]"))
    }
}

extension WireReader {
    /// Applies a `state` object's fields to `s`. An unknown field, or a value of the wrong type
    /// or out of range, is refused: a typo must not pass silently.
    public mutating func state(into s: inout ModelState) throws(WireError) {
        try beginObject()
        while let key = try nextName() {
            if self.is(key, "scale") {
                s.observation.pose.scale = try number()
            } else if self.is(key, "tx") {
                s.observation.pose.translation.x = try number()
            } else if self.is(key, "ty") {
                s.observation.pose.translation.y = try number()
            } else if self.is(key, "angle") {
                s.observation.pose.angle = try number()
            } else if self.is(key, "animating") {
                s.observation.animating = try bool()
            } else if self.is(key, "slider") {
                s.slider = try number()
            } else if self.is(key, "grid") {
                s.observation.gridVisible = try bool()
            } else if self.is(key, "instructions") {
                s.observation.instructionsVisible = try bool()
            } else if self.is(key, "crop") {
                s.observation.cropRect = try rect()
            } else if self.is(key, "storedCrop") {
                s.observation.storedCropRect = try rect()
            } else if try !readout(key, into: &s.readout) {
                try rarer(key, into: &s)
            }
        }
    }

    /// The readout's numbers and limits, which change with most gestures; false for another key.
    private mutating func readout(_ key: Name, into r: inout Readout) throws(WireError) -> Bool {
        if self.is(key, "sMin") {
            r.sMin = try number()
        } else if self.is(key, "sMax") {
            r.sMax = try number()
        } else if self.is(key, "maskDiameter") {
            r.maskDiameter = try number()
        } else if self.is(key, "maxTx") {
            r.panLimit = Point(x: try number(), y: r.panLimit?.y ?? .nan)
        } else if self.is(key, "maxTy") {
            r.panLimit = Point(x: r.panLimit?.x ?? .nan, y: try number())
        } else if self.is(key, "viewWidth") {
            r.view = Size(width: try number(), height: r.view?.height ?? .nan)
        } else if self.is(key, "viewHeight") {
            r.view = Size(width: r.view?.width ?? .nan, height: try number())
        } else if self.is(key, "cut") {
            r.cut = try sides()
        } else if self.is(key, "engaged") {
            r.engaged = try sides()
        } else if self.is(key, "dimming") {
            r.dimmingOpacity = try number()
        } else {
            return false
        }
        return true
    }

    /// Every other key, by its text (escapes undone): the rare fields, and the common ones
    /// spelt with escapes, which the `is` chains above never match.
    private mutating func rarer(_ key: Name, into s: inout ModelState) throws(WireError) {
        switch text(key) {
        case "session": s.observation.session = try named(SessionPhase.self, "session")
        case "angleGuide": s.observation.angleGuideVisible = try bool()
        case "sMin": s.readout.sMin = try number()
        case "sMax": s.readout.sMax = try number()
        case "maskDiameter": s.readout.maskDiameter = try number()
        case "maxTx": s.readout.panLimit = Point(x: try number(), y: s.readout.panLimit?.y ?? .nan)
        case "maxTy": s.readout.panLimit = Point(x: s.readout.panLimit?.x ?? .nan, y: try number())
        case "viewWidth": s.readout.view = Size(width: try number(), height: s.readout.view?.height ?? .nan)
        case "viewHeight": s.readout.view = Size(width: s.readout.view?.width ?? .nan, height: try number())
        case "gesture": s.readout.gesture = try named(GestureKind.self, "gesture")
        case "cut": s.readout.cut = try sides()
        case "engaged": s.readout.engaged = try sides()
        case "upload": s.readout.upload = try named(UploadPhase.self, "upload")
        case "zoomLimited": s.readout.zoomLimited = try bool()
        case "lowDensity": s.readout.lowDensity = try bool()
        case "dimming": s.readout.dimmingOpacity = try number()
        case let name: throw WireError("the state has no field \"\(name)\"", violation: true)
        }
    }

    private mutating func named<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ field: String) throws(WireError)
        -> T
    where T.RawValue == String {
        let name = try string()
        guard let value = T(rawValue: name) else {
            throw WireError(
                "\(field) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"",
                violation: true)
        }
        return value
    }

    private mutating func sides() throws(WireError) -> LimitSet {
        var set = LimitSet()
        try beginArray()
        while try nextElement() {
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string") }
            let name = try rawString()
            let spelt = name.escaped ? text(name) : nil
            guard
                let side = ModelState.sides.first(where: { side in
                    spelt.map { $0 == side.name.description } ?? self.is(name, side.name)
                })
            else {
                throw WireError("unknown side \"\(text(name))\"", violation: true)
            }
            set.insert(side.side)
        }
        return set
    }
}
