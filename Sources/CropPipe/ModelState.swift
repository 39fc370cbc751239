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
        observation: Observation(pose: Pose(scale: missing, translation: Point(x: missing, y: missing)),
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
    static let sides: [(name: String, side: LimitSet)] = [
        ("zoomMin", .zoomMin), ("zoomMax", .zoomMax), ("panMinX", .panMinX), ("panMaxX", .panMaxX),
        ("panMinY", .panMinY), ("panMaxY", .panMaxY), ("tiltMin", .tiltMin), ("tiltMax", .tiltMax),
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
        if l?.instructionsVisible != o.instructionsVisible { member("instructions", first: &first); bool(o.instructionsVisible) }
        if l?.angleGuideVisible != o.angleGuideVisible { member("angleGuide", first: &first); bool(o.angleGuideVisible) }
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
        if changed(r.maskDiameter, l.map(\.maskDiameter)) { member("maskDiameter", first: &first); number(r.maskDiameter!) }
        if changed(r.panLimit?.x, l.map { $0.panLimit?.x }) { member("maxTx", first: &first); number(r.panLimit!.x) }
        if changed(r.panLimit?.y, l.map { $0.panLimit?.y }) { member("maxTy", first: &first); number(r.panLimit!.y) }
        if changed(r.view?.width, l.map { $0.view?.width }) { member("viewWidth", first: &first); number(r.view!.width) }
        if changed(r.view?.height, l.map { $0.view?.height }) { member("viewHeight", first: &first); number(r.view!.height) }
        if let g = r.gesture, g != l?.gesture { member("gesture", first: &first); string(g.rawValue) }
        if let c = r.cut, c != l?.cut { member("cut", first: &first); sides(c) }
        if let e = r.engaged, e != l?.engaged { member("engaged", first: &first); sides(e) }
        if let u = r.upload, u != l?.upload { member("upload", first: &first); string(u.rawValue) }
        if let z = r.zoomLimited, z != l?.zoomLimited { member("zoomLimited", first: &first); bool(z) }
        if let d = r.lowDensity, d != l?.lowDensity { member("lowDensity", first: &first); bool(d) }
        if changed(r.dimmingOpacity, l.map(\.dimmingOpacity)) { member("dimming", first: &first); number(r.dimmingOpacity!) }
    }

    private func same(_ a: Rect, _ b: Rect?) -> Bool {
        guard let b else { return false }
        return a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.width.bitPattern == b.width.bitPattern
            && a.height.bitPattern == b.height.bitPattern
    }

    private mutating func rect(_ r: Rect) { rect(r.x, r.y, r.width, r.height) }

    private mutating func sides(_ set: LimitSet) {
        byte(UInt8(ascii: "["))
        var first = true
        for (name, side) in ModelState.sides where set.contains(side) {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            string(name)
        }
        byte(UInt8(ascii: "]"))
    }
}

extension WireReader {
    /// Applies a `state` object's fields to `s`. An unknown field, or a value of the wrong type
    /// or out of range, is refused: a typo must not pass silently.
    public mutating func state(into s: inout ModelState) throws(WireError) {
        try beginObject()
        while let key = try nextKey() {
            if key.is("scale") { s.observation.pose.scale = try number() }
            else if key.is("tx") { s.observation.pose.translation.x = try number() }
            else if key.is("ty") { s.observation.pose.translation.y = try number() }
            else if key.is("angle") { s.observation.pose.angle = try number() }
            else if key.is("animating") { s.observation.animating = try bool() }
            else if key.is("slider") { s.slider = try number() }
            else if key.is("grid") { s.observation.gridVisible = try bool() }
            else if key.is("instructions") { s.observation.instructionsVisible = try bool() }
            else if key.is("crop") { s.observation.cropRect = try rect() }
            else if key.is("storedCrop") { s.observation.storedCropRect = try rect() }
            else { try rarer(key, into: &s) }
        }
    }

    private mutating func rarer(_ key: Key, into s: inout ModelState) throws(WireError) {
        switch key.name {
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

    private mutating func named<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ field: String) throws(WireError) -> T
    where T.RawValue == String {
        let name = try string()
        guard let value = T(rawValue: name) else {
            throw WireError("\(field) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"", violation: true)
        }
        return value
    }

    private mutating func sides() throws(WireError) -> LimitSet {
        var set = LimitSet()
        try beginArray()
        while try nextElement() {
            let name = try string()
            guard let side = ModelState.sides.first(where: { $0.name == name }) else {
                throw WireError("unknown side \"\(name)\"", violation: true)
            }
            set.insert(side.side)
        }
        return set
    }
}
