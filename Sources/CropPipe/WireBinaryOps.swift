import CropVocabulary

/// Version 2's ops (docs/model-protocol.md#ops): one byte naming the op, then its fields as raw
/// little-endian values. The ticks, touches and gesture events a tick carries are binary; the
/// rarer events are version 1's JSON object behind the code `json`.
public enum BinaryOp: UInt8, Sendable {
    case tick = 0
    case panBegan = 1, panChanged = 2, panEnded = 3
    case pinchBegan = 4, pinchChanged = 5, pinchEnded = 6
    case twistChanged = 7, doubleTap = 8, setZoomSlider = 9
    case touch = 10
    case json = 50
}

extension WireWriter {
    /// An event as a version-2 op.
    public mutating func binaryEvent(_ e: EditorEvent) {
        switch e {
        case .panBegan: byte(BinaryOp.panBegan.rawValue)
        case .panChanged(let d): byte(BinaryOp.panChanged.rawValue); f64(d.x); f64(d.y)
        case .panEnded: byte(BinaryOp.panEnded.rawValue)
        case .pinchBegan(let p): byte(BinaryOp.pinchBegan.rawValue); f64(p.x); f64(p.y)
        case .pinchChanged(let scale, let p): byte(BinaryOp.pinchChanged.rawValue); f64(scale); f64(p.x); f64(p.y)
        case .pinchEnded: byte(BinaryOp.pinchEnded.rawValue)
        case .twistChanged(let scale, let rotation, let p):
            byte(BinaryOp.twistChanged.rawValue); f64(scale); f64(rotation); f64(p.x); f64(p.y)
        case .doubleTap(let p): byte(BinaryOp.doubleTap.rawValue); f64(p.x); f64(p.y)
        case .setZoomSlider(let percent, let animated):
            byte(BinaryOp.setZoomSlider.rawValue); f64(percent); bool01(animated)
        default:
            byte(BinaryOp.json.rawValue)
            let mark = beginLength()
            event(e)
            endLength(at: mark)
        }
    }

    /// A touch sample as a version-2 op: pointer (i64), phase (0 down, 1 move, 2 up, 3 cancel),
    /// x, y, time.
    public mutating func binaryTouch(_ t: TouchSample) {
        byte(BinaryOp.touch.rawValue)
        u64(UInt64(bitPattern: Int64(t.pointer)))
        byte(UInt8(TouchSample.Phase.allCases.firstIndex(of: t.phase)!))
        f64(t.point.x); f64(t.point.y); f64(t.milliseconds)
    }

    mutating func bool01(_ b: Bool) { byte(b ? 1 : 0) }
}

/// An op as a model's server reads it.
public enum WireOp: Sendable {
    case tick
    case event(EditorEvent)
    case touch(TouchSample)
}

extension BinaryReader {
    /// The next version-2 op (for a model's server: the reference editor's).
    public mutating func op() throws(WireError) -> WireOp {
        let at = i
        guard let op = BinaryOp(rawValue: try u8()) else {
            throw WireError("at byte \(at): unknown op \(bytes[at])", violation: true)
        }
        switch op {
        case .tick: return .tick
        case .panBegan: return .event(.panBegan)
        case .panChanged: return .event(.panChanged(delta: try point()))
        case .panEnded: return .event(.panEnded)
        case .pinchBegan: return .event(.pinchBegan(focal: try point()))
        case .pinchChanged: return .event(.pinchChanged(scale: try f64(), focal: try point()))
        case .pinchEnded: return .event(.pinchEnded)
        case .twistChanged: return .event(.twistChanged(scale: try f64(), rotation: try f64(), focal: try point()))
        case .doubleTap: return .event(.doubleTap(at: try point()))
        case .setZoomSlider: return .event(.setZoomSlider(percent: try f64(), animated: try bool()))
        case .touch:
            let pointer = Int(Int64(bitPattern: try u64()))
            let phaseAt = i
            let phase = Int(try u8())
            guard phase < TouchSample.Phase.allCases.count else {
                throw WireError("at byte \(phaseAt): unknown touch phase \(phase)", violation: true)
            }
            return .touch(
                TouchSample(
                    pointer: pointer, phase: TouchSample.Phase.allCases[phase], point: try point(),
                    milliseconds: try f64()))
        case .json:
            var r = WireReader(try json())
            let e = try r.event()
            try r.end()
            return .event(e)
        }
    }

    private mutating func point() throws(WireError) -> Point { Point(x: try f64(), y: try f64()) }
}
