import CropVocabulary

/// Version 2's result fields (docs/model-protocol.md#results): a tag byte, then the value as raw
/// little-endian bytes; tag 0 ends the result. Numbers, rects, flags, sides and haptics (the one
/// effect a tick commonly carries) are binary; the other effects and the string-valued state
/// fields travel as version 1's result object behind `json`.
public enum BinaryField: UInt8, Sendable {
    case end = 0
    case scale = 1, tx = 2, ty = 3, angle = 4, slider = 5, sMin = 6, sMax = 7, maskDiameter = 8
    case maxTx = 9, maxTy = 10, viewWidth = 11, viewHeight = 12, dimming = 13
    case crop = 20, storedCrop = 21
    case animating = 30, grid = 31, instructions = 32, angleGuide = 33, zoomLimited = 34, lowDensity = 35
    case cut = 40, engaged = 41
    case json = 50
    /// A haptic effect: kind (0 lightImpact, 1 success, 2 error, 3 snap), then the light
    /// impact's reason (`LimitReason`'s order), 0 for the others.
    case haptic = 51
}

/// What `stateFields` stopped at: the result's end, its json part, or a haptic effect.
enum ResultPart {
    case end
    case json(WireLine)
    case haptic(Haptic)
}

extension WireWriter {
    /// The binary fields of `s` that differ from `last` (bit for bit, as version 1 compares),
    /// without the end tag. The string-valued fields are left to `stringFields`.
    public mutating func binaryState(_ s: ModelState, since last: ModelState) {
        let o = s.observation, l = last.observation
        number(.scale, o.pose.scale, l.pose.scale)
        number(.tx, o.pose.translation.x, l.pose.translation.x)
        number(.ty, o.pose.translation.y, l.pose.translation.y)
        number(.angle, o.pose.angle, l.pose.angle)
        number(.slider, s.slider, last.slider)
        if o.animating != l.animating { flag(.animating, o.animating) }
        if o.gridVisible != l.gridVisible { flag(.grid, o.gridVisible) }
        if o.instructionsVisible != l.instructionsVisible { flag(.instructions, o.instructionsVisible) }
        if o.angleGuideVisible != l.angleGuideVisible { flag(.angleGuide, o.angleGuideVisible) }
        rect(.crop, o.cropRect, l.cropRect)
        rect(.storedCrop, o.storedCropRect, l.storedCropRect)
        let r = s.readout, p = last.readout
        number(.sMin, r.sMin, p.sMin)
        number(.sMax, r.sMax, p.sMax)
        number(.maskDiameter, r.maskDiameter, p.maskDiameter)
        number(.maxTx, r.panLimit?.x, p.panLimit?.x)
        number(.maxTy, r.panLimit?.y, p.panLimit?.y)
        number(.viewWidth, r.view?.width, p.view?.width)
        number(.viewHeight, r.view?.height, p.view?.height)
        number(.dimming, r.dimmingOpacity, p.dimmingOpacity)
        if let c = r.cut, c != p.cut { sides(.cut, c) }
        if let e = r.engaged, e != p.engaged { sides(.engaged, e) }
        if let z = r.zoomLimited, z != p.zoomLimited { flag(.zoomLimited, z) }
        if let d = r.lowDensity, d != p.lowDensity { flag(.lowDensity, d) }
    }

    /// The string-valued state fields that changed, as members of a version-1 `state` object
    /// (empty when none did).
    public mutating func stringFields(_ s: ModelState, since last: ModelState) {
        var first = true
        if s.observation.session != last.observation.session {
            member("session", first: &first); string(s.observation.session.rawValue)
        }
        if let g = s.readout.gesture, g != last.readout.gesture { member("gesture", first: &first); string(g.rawValue) }
        if let u = s.readout.upload, u != last.readout.upload { member("upload", first: &first); string(u.rawValue) }
    }

    private mutating func number(_ tag: BinaryField, _ x: Double?, _ old: Double?) {
        guard let x, old.map({ $0.bitPattern != x.bitPattern }) ?? true else { return }
        byte(tag.rawValue)
        f64(x)
    }

    private mutating func flag(_ tag: BinaryField, _ on: Bool) {
        byte(tag.rawValue)
        bool01(on)
    }

    private mutating func rect(_ tag: BinaryField, _ r: Rect, _ old: Rect) {
        guard [r.x, r.y, r.width, r.height].map(\.bitPattern) != [old.x, old.y, old.width, old.height].map(\.bitPattern)
        else { return }
        byte(tag.rawValue)
        f64(r.x); f64(r.y); f64(r.width); f64(r.height)
    }

    /// The effects as binary haptics, if every one is a haptic (else nothing, and false: they go
    /// in the json part, in their order).
    public mutating func binaryHaptics(_ effects: [EditorEffect]) -> Bool {
        guard effects.allSatisfy({ if case .haptic = $0 { true } else { false } }) else { return false }
        for case .haptic(let h) in effects {
            byte(BinaryField.haptic.rawValue)
            switch h {
            case .lightImpact(let reason): byte(0); byte(UInt8(LimitReason.allCases.firstIndex(of: reason)!))
            case .success: byte(1); byte(0)
            case .error: byte(2); byte(0)
            case .snap: byte(3); byte(0)
            }
        }
        return true
    }

    private mutating func sides(_ tag: BinaryField, _ set: LimitSet) {
        byte(tag.rawValue)
        var bits: UInt8 = 0
        for (i, side) in ModelState.sides.enumerated() where set.contains(side.side) { bits |= 1 << i }
        byte(bits)
    }
}

extension BinaryReader {
    /// Applies a result's binary fields to `s` up to its end tag, its `json` part or a haptic
    /// (that part or effect, for the caller to take: call again for the fields after it). An
    /// unknown tag is a protocol violation, running past the frame's end a malformed reply.
    mutating func stateFields(into s: inout ModelState) throws(WireError) -> ResultPart {
        while true {
            let at = i
            guard let tag = BinaryField(rawValue: try u8()) else {
                throw WireError("at byte \(at): unknown field tag \(bytes[at])", violation: true)
            }
            switch tag {
            case .end: return .end
            case .json: return .json(try json())
            case .haptic: return .haptic(try haptic())
            case .scale: s.observation.pose.scale = try f64()
            case .tx: s.observation.pose.translation.x = try f64()
            case .ty: s.observation.pose.translation.y = try f64()
            case .angle: s.observation.pose.angle = try f64()
            case .slider: s.slider = try f64()
            case .crop: s.observation.cropRect = try rect()
            case .storedCrop: s.observation.storedCropRect = try rect()
            case .animating: s.observation.animating = try bool()
            case .grid: s.observation.gridVisible = try bool()
            case .instructions: s.observation.instructionsVisible = try bool()
            case .angleGuide: s.observation.angleGuideVisible = try bool()
            default: try readout(tag, into: &s.readout)
            }
        }
    }

    private mutating func readout(_ tag: BinaryField, into r: inout Readout) throws(WireError) {
        switch tag {
        case .sMin: r.sMin = try f64()
        case .sMax: r.sMax = try f64()
        case .maskDiameter: r.maskDiameter = try f64()
        case .maxTx: r.panLimit = Point(x: try f64(), y: r.panLimit?.y ?? .nan)
        case .maxTy: r.panLimit = Point(x: r.panLimit?.x ?? .nan, y: try f64())
        case .viewWidth: r.view = Size(width: try f64(), height: r.view?.height ?? .nan)
        case .viewHeight: r.view = Size(width: r.view?.width ?? .nan, height: try f64())
        case .dimming: r.dimmingOpacity = try f64()
        case .cut: r.cut = try sides()
        case .engaged: r.engaged = try sides()
        case .zoomLimited: r.zoomLimited = try bool()
        default: r.lowDensity = try bool()  // the last tag `stateFields` leaves here
        }
    }

    private mutating func haptic() throws(WireError) -> Haptic {
        let at = i
        let kind = try u8(), reason = try u8()
        switch kind {
        case 0 where Int(reason) < LimitReason.allCases.count: return .lightImpact(LimitReason.allCases[Int(reason)])
        case 1 where reason == 0: return .success
        case 2 where reason == 0: return .error
        case 3 where reason == 0: return .snap
        default: throw WireError("at byte \(at): no haptic has kind \(kind) and reason \(reason)", violation: true)
        }
    }

    private mutating func rect() throws(WireError) -> Rect {
        Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64())
    }

    /// Eight bits, one per side in `ModelState.sides`' order.
    private mutating func sides() throws(WireError) -> LimitSet {
        let bits = try u8()
        var set = LimitSet()
        for (i, side) in ModelState.sides.enumerated() where bits & (1 << i) != 0 { set.insert(side.side) }
        return set
    }
}
