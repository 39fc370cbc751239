import CropVocabulary

/// The key a step names its action by, in the order the format lists them. `rotate` is a pinch
/// whose span stays; the others are `Action`'s own cases.
public enum ActionKind: String, CaseIterable, Sendable {
    case drag, pinch, rotate, twoFingerDrag, tap, doubleTap, longTouch, touches, slider, increment, decrement, recenter,
         rotate90, resize, reduceMotion, memoryWarning, cancelTouches, confirm, cancel, retry
}

/// The `type` of a finger's pointer action (`touches` with `actions`), W3C style.
public enum PointerActionKind: String, CaseIterable, Sendable {
    case down, move, pause, up, cancel
}

/// Each action's value, read by its own function.
extension ScenarioParser {
    static func action(_ key: ActionKind, _ v: JSONReader) throws(ScenarioError) -> Action {
        switch key {
        case .drag: return .drag(try drag(v))
        case .pinch: return .pinch(try pinch(v))
        case .rotate: return .pinch(try rotate(v))
        case .twoFingerDrag: return .twoFingerDrag(try twoFingerDrag(v))
        case .tap: return .tap(try tapPoint(v))
        case .doubleTap: return try doubleTap(v)
        case .longTouch: return try longTouch(v)
        case .touches: return .touches(try touches(v))
        case .slider: return try slider(v)
        case .increment: return .increment(try v.integer(in: Limits.voiceOverSteps))
        case .decrement: return .decrement(try v.integer(in: Limits.voiceOverSteps))
        case .resize: return .resize(try size(v))
        case .reduceMotion: return .reduceMotion(try v.bool())
        case .recenter: return try flag(v, .recenter)
        case .rotate90: return try flag(v, .rotate90)
        case .memoryWarning: return try flag(v, .memoryWarning)
        case .cancelTouches: return try flag(v, .cancelTouches)
        case .confirm: return try flag(v, .confirm)
        case .cancel: return try flag(v, .cancel)
        case .retry: return try flag(v, .retry)
        }
    }

    /// An action that takes no value: `true`, and nothing else.
    static func flag(_ v: JSONReader, _ action: Action) throws(ScenarioError) -> Action {
        guard try v.bool() else { throw v.fail("write true, or leave the step out") }
        return action
    }

    static func drag(_ v: JSONReader) throws(ScenarioError) -> Drag {
        let o = try v.object()
        try o.finish(allowed: Format.drag.keys)
        var points: [ViewPoint] = []
        if let path = o.optional("path") {
            if o.has("from") || o.has("to") { throw v.fail("use either from/to or path, not both") }
            for p in try path.array() { points.append(try point(p)) }
            guard points.count >= 2 else { throw path.fail("a path needs at least 2 points") }
        } else {
            points = [try point(o.required("from")), try point(o.required("to"))]
        }
        return Drag(points: points, duration: try duration(o, "duration", default: 0.3), easing: try easing(o),
                    hold: try duration(o, "hold", default: 0))
    }

    static func pinch(_ v: JSONReader) throws(ScenarioError) -> Pinch {
        let o = try v.object()
        try o.finish(allowed: Format.pinch.keys)
        var drift = Point.zero
        if let d = o.optional("drift") {
            let a = try d.array()
            guard a.count == 2 else { throw d.fail("drift is [dx, dy] in points") }
            drift = Point(x: try a[0].number(in: Limits.points, "drift"), y: try a[1].number(in: Limits.points, "drift"))
        }
        return Pinch(
            center: try o.optional("center").map { c throws(ScenarioError) in try point(c) } ?? .center,
            fromSpan: try span(o.required("from")), toSpan: try span(o.required("to")),
            duration: try duration(o, "duration", default: 0.4), easing: try easing(o), drift: drift,
            angle: try o.optional("angle")?.number(in: Limits.angle, "angle") ?? 0,
            rotation: try o.optional("rotate")?.number(in: Limits.twist, "rotate") ?? 0,
            hold: try duration(o, "hold", default: 0))
    }

    static func rotate(_ v: JSONReader) throws(ScenarioError) -> Pinch {
        let o = try v.object()
        try o.finish(allowed: Format.rotate.keys)
        let fingers = try o.optional("span").map { s throws(ScenarioError) in try span(s) } ?? 160
        return Pinch(
            center: try o.optional("center").map { c throws(ScenarioError) in try point(c) } ?? .center,
            fromSpan: fingers, toSpan: fingers, duration: try duration(o, "duration", default: 0.5), easing: try easing(o),
            drift: .zero, angle: try o.optional("angle")?.number(in: Limits.angle, "angle") ?? 0,
            rotation: try o.required("by").number(in: Limits.twist, "by"), hold: try duration(o, "hold", default: 0))
    }

    static func twoFingerDrag(_ v: JSONReader) throws(ScenarioError) -> TwoFingerDrag {
        let o = try v.object()
        try o.finish(allowed: Format.twoFingerDrag.keys)
        return TwoFingerDrag(
            from: try point(o.required("from")), to: try point(o.required("to")),
            span: try o.optional("span").map { s throws(ScenarioError) in try span(s) } ?? 120,
            duration: try duration(o, "duration", default: 0.3), easing: try easing(o),
            angle: try o.optional("angle")?.number(in: Limits.angle, "angle") ?? 0)
    }

    static func tapPoint(_ v: JSONReader) throws(ScenarioError) -> ViewPoint {
        if v.isObject {
            let o = try v.object()
            try o.finish(allowed: Format.tap.keys)
            return try point(o.required("at"))
        }
        return try point(v)
    }

    static func doubleTap(_ v: JSONReader) throws(ScenarioError) -> Action {
        guard v.isObject else { return .doubleTap(try point(v), interval: Gesture.doubleTapInterval) }
        let o = try v.object()
        try o.finish(allowed: Format.doubleTap.keys)
        return .doubleTap(try point(o.required("at")), interval: try duration(o, "interval", default: Gesture.doubleTapInterval))
    }

    static func longTouch(_ v: JSONReader) throws(ScenarioError) -> Action {
        let o = try v.object()
        try o.finish(allowed: Format.longTouch.keys)
        return .longTouch(try point(o.required("at")), duration: try duration(o, "duration", default: Gesture.longTouchDuration))
    }

    static func touches(_ v: JSONReader) throws(ScenarioError) -> [TouchTrack] {
        var tracks: [TouchTrack] = []
        var names: Set<String> = []
        for t in try v.array() {
            guard tracks.count < ScenarioBudget.maxFingers else {
                throw t.fail("more than \(ScenarioBudget.maxFingers) fingers in one step, the budget")
            }
            let track = try touchTrack(t)
            guard names.insert(track.finger).inserted else { throw t.fail("finger \(quoted(track.finger)) appears twice") }
            tracks.append(track)
        }
        guard !tracks.isEmpty else { throw v.fail("touches needs at least one finger") }
        return tracks
    }

    static func slider(_ v: JSONReader) throws(ScenarioError) -> Action {
        guard v.isObject else { return .slider(percent: try v.number(in: Limits.slider, "slider"), animated: true) }
        let o = try v.object()
        try o.finish(allowed: Format.slider.keys)
        return .slider(percent: try o.required("to").number(in: Limits.slider, "slider"), animated: try o.optional("animated")?.bool() ?? true)
    }
}
