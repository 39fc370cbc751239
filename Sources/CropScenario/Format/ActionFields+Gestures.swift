import CropText
import CropVocabulary

/// A point and a time: a double tap's interval, a long touch's duration.
struct TimedPoint: Sendable {
    var at: ViewPoint
    var time: Double
}

/// A slider step: where the thumb goes, and whether the zoom animates there.
struct SliderMove: Sendable {
    var to: Double
    var animated: Bool
}

/// The gestures' objects, one table each, with the values their left-out keys keep.
extension ScenarioFormat {
    static let standardDrag = Drag(points: [.center, .center], duration: 0.3, easing: .easeInOut, hold: 0)

    /// Either from/to or a path, never both; a path of two points is written as from/to.
    static let dragTable: ObjectTable<Drag> = ObjectTable(
        [
            ObjectField(
                key: "from", schema: ref("point"),
                parse: { r, d throws(ScenarioError) in d.points[0] = try ScenarioParser.point(r) },
                encode: { d in d.points.count == 2 ? ScenarioEncoder.point(d.points[0]) : nil }),
            ObjectField(
                key: "to", schema: ref("point"),
                parse: { r, d throws(ScenarioError) in d.points[1] = try ScenarioParser.point(r) },
                encode: { d in d.points.count == 2 ? ScenarioEncoder.point(d.points[1]) : nil }),
            ObjectField(
                key: "path", schema: array(ref("point"), minItems: 2, "Key points, smoothed with a cubic spline."),
                parse: { r, d throws(ScenarioError) in
                    d.points = []
                    for p in try r.array() { d.points.append(try ScenarioParser.point(p)) }
                    guard d.points.count >= 2 else { throw r.fail("a path needs at least 2 points") }
                },
                encode: { d in d.points.count == 2 ? nil : ScenarioEncoder.array(d.points.map(ScenarioEncoder.point)) }),
            .time("duration", \.duration, standard: standardDrag.duration),
            .easing(\.easing),
            .time("hold", \.hold, standard: 0)
        ], rules: [dragChoice],
        shape: { o throws(ScenarioError) in
            if o.has("path") {
                if o.has("from") || o.has("to") { throw o.reader.fail("use either from/to or path, not both") }
            } else {
                _ = try o.required("from")
                _ = try o.required("to")
            }
        })

    /// Exactly one of from and to together, or path.
    static let dragChoice: (String, SchemaJSON) = {
        func required(_ keys: [String]) -> SchemaJSON { .object([("required", .array(keys.map(SchemaJSON.string)))]) }
        let fromTo = SchemaJSON.object([
            ("required", .array([.string("from"), .string("to")])), ("not", required(["path"]))
        ])
        let path = SchemaJSON.object([
            ("required", .array([.string("path")])),
            ("not", .object([("anyOf", .array([required(["from"]), required(["to"])]))]))
        ])
        return ("oneOf", .array([fromTo, path]))
    }()

    static let standardPinch = Pinch(
        center: .center, fromSpan: 0, toSpan: 0, duration: 0.4, easing: .easeInOut, drift: .zero,
        angle: 0, rotation: 0, hold: 0)

    static let pinchTable: ObjectTable<Pinch> = ObjectTable([
        .point("center", \.center, standard: .center),
        .span("from", \.fromSpan, .required),
        .span("to", \.toSpan, .required),
        .time("duration", \.duration, standard: standardPinch.duration),
        .easing(\.easing),
        ObjectField(
            key: "drift", schema: with(pair(number(R.points)), description: "[dx, dy] in points."),
            parse: { r, p throws(ScenarioError) in
                let a = try r.array()
                guard a.count == 2 else { throw r.fail("drift is [dx, dy] in points") }
                p.drift = Point(x: try a[0].number(in: R.points, "drift"), y: try a[1].number(in: R.points, "drift"))
            },
            encode: { p in
                p.drift == .zero
                    ? nil
                    : ScenarioEncoder.array([ScenarioEncoder.number(p.drift.x), ScenarioEncoder.number(p.drift.y)])
            }),
        .angle(\.angle),
        .twist(
            "rotate", \.rotation, "Degrees the fingers turn over the pinch, clockwise positive (a twist).", standard: 0),
        .time("hold", \.hold, standard: 0)
    ])

    /// A twist: two fingers a fixed span apart turning about a center (a pinch whose span
    /// stays). Read only: the encoder writes the same value as a `pinch`.
    static let standardTwist = Pinch(
        center: .center, fromSpan: 160, toSpan: 160, duration: 0.5, easing: .easeInOut, drift: .zero,
        angle: 0, rotation: 0, hold: 0)

    static let rotateTable: ObjectTable<Pinch> = ObjectTable([
        .twist("by", \.rotation, "Degrees the fingers turn, clockwise positive.", .required),
        .point("center", \.center, standard: .center),
        ObjectField(
            key: "span", schema: ref("span"),
            parse: { r, p throws(ScenarioError) in
                p.fromSpan = try ScenarioParser.span(r)
                p.toSpan = p.fromSpan
            },
            encode: { p in p.fromSpan == standardTwist.fromSpan ? nil : ScenarioEncoder.number(p.fromSpan) }),
        .time("duration", \.duration, standard: standardTwist.duration),
        .easing(\.easing),
        .angle(\.angle),
        .time("hold", \.hold, standard: 0)
    ])

    static let standardTwoFingerDrag = TwoFingerDrag(
        from: .center, to: .center, span: 120, duration: 0.3, easing: .easeInOut, angle: 0)

    static let twoFingerDragTable: ObjectTable<TwoFingerDrag> = ObjectTable([
        .point("from", \.from, .required),
        .point("to", \.to, .required),
        .span("span", \.span, standard: standardTwoFingerDrag.span),
        .time("duration", \.duration, standard: standardTwoFingerDrag.duration),
        .easing(\.easing),
        .angle(\.angle),
        .time("hold", \.hold, standard: 0)
    ])

    // MARK: A point, or an object with the point and more

    static let tapTable: ObjectTable<ViewPoint> = ObjectTable([
        ObjectField(
            key: "at", schema: ref("point"), .required,
            parse: { r, p throws(ScenarioError) in p = try ScenarioParser.point(r) }, encode: ScenarioEncoder.point)
    ])

    /// `[x, y]`, or `{"at": [x, y]}`; written as the point.
    static let tapField = ActionField(
        kind: .tap, schema: either([ref("point"), tapTable.object.schema]),
        read: { v throws(ScenarioError) in
            .tap(v.isObject ? try tapTable.value(v, from: .center) : try ScenarioParser.point(v))
        },
        write: { if case .tap(let p) = $0 { ScenarioEncoder.point(p) } else { nil } })

    static let doubleTapTable: ObjectTable<TimedPoint> = ObjectTable([
        .point("at", \.at, .required),
        .time("interval", \.time, standard: Gesture.doubleTapInterval)
    ])

    /// The point alone at the standard interval.
    static let doubleTapField = ActionField(
        kind: .doubleTap, schema: either([ref("point"), doubleTapTable.object.schema]),
        read: { v throws(ScenarioError) in
            guard v.isObject else {
                return .doubleTap(try ScenarioParser.point(v), interval: Gesture.doubleTapInterval)
            }
            let t = try doubleTapTable.value(v, from: TimedPoint(at: .center, time: Gesture.doubleTapInterval))
            return .doubleTap(t.at, interval: t.time)
        },
        write: { action in
            guard case .doubleTap(let p, let interval) = action else { return nil }
            return interval == Gesture.doubleTapInterval
                ? ScenarioEncoder.point(p) : doubleTapTable.encode(TimedPoint(at: p, time: interval))
        })

    static let longTouchTable: ObjectTable<TimedPoint> = ObjectTable([
        .point("at", \.at, .required),
        .time("duration", \.time, standard: Gesture.longTouchDuration)
    ])

    /// A finger held still: `at` and `duration` (the recognizer's long-touch time when left out).
    static let longTouchField = ActionField(
        kind: .longTouch, schema: longTouchTable.object.schema,
        read: { v throws(ScenarioError) in
            let t = try longTouchTable.value(v, from: TimedPoint(at: .center, time: Gesture.longTouchDuration))
            return .longTouch(t.at, duration: t.time)
        },
        write: {
            if case .longTouch(let p, let d) = $0 { longTouchTable.encode(TimedPoint(at: p, time: d)) } else { nil }
        })

    static let sliderTable: ObjectTable<SliderMove> = ObjectTable([
        .value(
            "to", \.to, number(R.slider), .required,
            read: { r throws(ScenarioError) in try r.number(in: R.slider, "slider") }, write: ScenarioEncoder.number),
        .flag("animated", \.animated, defaults: SliderMove(to: 0, animated: true))
    ])

    /// A percent alone when the zoom animates.
    static let sliderField = ActionField(
        kind: .slider, schema: either([number(R.slider), sliderTable.object.schema]),
        read: { v throws(ScenarioError) in
            guard v.isObject else { return .slider(percent: try v.number(in: R.slider, "slider"), animated: true) }
            let move = try sliderTable.value(v, from: SliderMove(to: 0, animated: true))
            return .slider(percent: move.to, animated: move.animated)
        },
        write: { action in
            guard case .slider(let percent, let animated) = action else { return nil }
            return animated
                ? ScenarioEncoder.number(percent) : sliderTable.encode(SliderMove(to: percent, animated: false))
        })
}
