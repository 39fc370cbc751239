import CropVocabulary

/// The table itself: one declaration per object of the format.
extension ScenarioFormat {
    typealias R = Range

    static let top = Object([
        key("$schema", string),
        key("name", with(string, description: "Title shown in reports."), required: true),
        key("description", string),
        key("covers", array(string(pattern: R.requirementPattern), "Spec requirements this scenario covers, e.g. R8.3.")),
        key("device", either([ref("devicePreset"), ref("device")]), required: true),
        key("image", ref("image"), required: true),
        key("config", ref("config")),
        key("backend", ref("backend")),
        key("steps", array(ref("step"))),
        key("expect", ref("expectations")),
        key("checkpoints", array(ref("checkpoint"))),
        key("policies", ref("policies")),
        key("metamorphic", array(oneOf(Metamorphic.allCases.map(\.rawValue)),
                                 "Relations checked on top of the invariants: mirror runs the scenario mirrored left to right too and expects the mirrored final pose (not with resize steps).")),
    ])

    static let policies = Object(
        "The policies this scenario's expectations assume (docs/bring-your-own-model.md#policies): against an editor that declares another value it is not applicable. The invariants hold an editor to its own policies either way.",
        Policies.descriptors.map { key($0.name, oneOf($0.values)) })

    static let device = Object([
        key("preset", ref("devicePreset")),
        key("view", ref("size", "View size in points [width, height]; with a preset, only its own.")),
        key("screenScale", number(R.screenScale, "σ, pixels per point; with a preset, only its own.")),
    ] + deviceFields.map(\.property),
        rules: [("anyOf", .array([.object([("required", .array([.string("preset")]))]),
                                  .object([("required", .array([.string("view"), .string("screenScale")]))])]))])

    static let image = Object([
        key("width", integer(R.imageSide, "Stored width in pixels.")),
        key("height", integer(R.imageSide, "Stored height in pixels.")),
    ] + imageFields.map(\.property),
        rules: [("anyOf", .array([.object([("required", .array([.string("file")]))]),
                                  .object([("required", .array([.string("width"), .string("height")]))])]))])

    static let config = Object("AvatarCropperConfig overrides; missing fields keep the spec's defaults.",
                               configFields.map(\.property))

    static let backend = Object(
        "Scripted backend after confirm (R10–R12): each list is consumed in order; when it runs out, calls succeed after the default latency (crop 0.15 s, upload 0.3 s, profile 0.1 s).", [
            key("user", user.schema),
            key("baseURL", string),
            key("crop", array(okOrFailReply.schema)),
            key("uploads", array(uploadReply.schema)),
            key("profileUpdates", array(okOrFailReply.schema)),
        ])

    static let user = Object([
        key("uid", string(pattern: R.uidPattern), required: true),
        key("avatarPath", string),
        key("avatarVersion", integer(R.avatarVersion)),
    ])

    /// Scripted replies: every kind has a result and an optional latency.
    static func reply(_ result: SchemaJSON) -> Object {
        Object([key("result", result, required: true), key("latency", ref("time"))])
    }
    static let okOrFailReply = reply(oneOf(["ok", "fail"]))
    static let uploadReply = reply(either([oneOf(uploadResults), integer(R.httpStatus)]))

    // MARK: Steps

    static let step = Object([key("at", ref("time"), required: true), key("note", string)]
        + actions.map { key($0, actionSchemas[$0]!) }, rules: [requiredChoice(actions.map { [$0] })])

    static let actionSchemas: [String: SchemaJSON] = [
        "drag": drag.schema,
        "pinch": pinch.schema,
        "rotate": rotate.schema,
        "twoFingerDrag": twoFingerDrag.schema,
        "tap": either([ref("point"), tap.schema]),
        "doubleTap": either([ref("point"), doubleTap.schema]),
        "longTouch": longTouch.schema,
        "touches": array(ref("track"), minItems: 1),
        "slider": either([number(R.slider), slider.schema]),
        "increment": integer(R.voiceOverSteps),
        "decrement": integer(R.voiceOverSteps),
        "recenter": ref("true"),
        "rotate90": with(ref("true"), description: "The rotate button: a quarter turn clockwise (allowRotation)."),
        "resize": ref("size"),
        "reduceMotion": boolean(),
        "memoryWarning": ref("true"),
        "cancelTouches": ref("true"),
        "confirm": ref("true"),
        "cancel": ref("true"),
        "retry": ref("true"),
    ]

    /// Either from/to or a path, never both.
    static let drag = Object([
        key("from", ref("point")),
        key("to", ref("point")),
        key("path", array(ref("point"), minItems: 2, "Key points, smoothed with a cubic spline.")),
        key("duration", ref("time")),
        key("easing", ref("easing")),
        key("hold", ref("time")),
    ], rules: [("oneOf", .array([
        .object([("required", .array([.string("from"), .string("to")])), ("not", .object([("required", .array([.string("path")]))]))]),
        .object([("required", .array([.string("path")])), ("not", .object([("anyOf", .array([
            .object([("required", .array([.string("from")]))]), .object([("required", .array([.string("to")]))]),
        ]))]))]),
    ]))])

    static let pinch = Object([
        key("center", ref("point")),
        key("from", ref("span"), required: true),
        key("to", ref("span"), required: true),
        key("duration", ref("time")),
        key("easing", ref("easing")),
        key("drift", with(pair(number(R.points)), description: "[dx, dy] in points.")),
        key("angle", ref("angle")),
        key("rotate", number(R.twist, "Degrees the fingers turn over the pinch, clockwise positive (a twist).")),
        key("hold", ref("time")),
    ])

    /// A twist: two fingers a fixed span apart turning about a center (a pinch whose span stays).
    static let rotate = Object([
        key("by", number(R.twist, "Degrees the fingers turn, clockwise positive."), required: true),
        key("center", ref("point")),
        key("span", ref("span")),
        key("duration", ref("time")),
        key("easing", ref("easing")),
        key("angle", ref("angle")),
        key("hold", ref("time")),
    ])

    static let twoFingerDrag = Object([
        key("from", ref("point"), required: true),
        key("to", ref("point"), required: true),
        key("span", ref("span")),
        key("duration", ref("time")),
        key("easing", ref("easing")),
        key("angle", ref("angle")),
    ])

    static let tap = Object([key("at", ref("point"), required: true)])
    static let doubleTap = Object([key("at", ref("point"), required: true), key("interval", ref("time"))])
    static let longTouch = Object([key("at", ref("point"), required: true), key("duration", ref("time"))])
    static let slider = Object([key("to", number(R.slider), required: true), key("animated", boolean(default: true))])

    /// A finger: pointer actions or recorded samples, never both.
    static let track = Object([
        key("finger", string, required: true),
        key("actions", array(either(pointerActionObjects.map(\.schema)))),
        key("samples", array(sample.schema, minItems: 1)),
    ], rules: [requiredChoice([["actions"], ["samples"]])])

    /// Each pointer action type takes only its own keys.
    static let pointerActionKeys: [String: [Property]] = [
        "down": [key("at", ref("point"), required: true)],
        "move": [key("to", ref("point"), required: true), key("duration", ref("time"))],
        "pause": [key("duration", ref("time"), required: true)],
        "up": [],
        "cancel": [],
    ]
    static let pointerActionObjects = pointerActions.map { type in
        Object([key("type", constant(.string(type)), required: true)] + pointerActionKeys[type]!)
    }

    static let sample = Object([
        key("t", ref("time"), required: true),
        key("at", ref("point"), required: true),
        key("phase", oneOf(TouchPhase.allCases.map(\.rawValue)), required: true),
    ])

    // MARK: Expectations

    static let expectationProperties = ExpectationField.all.map { key($0.key, $0.schema) }

    static let expectations = Object(expectationProperties)
    /// A checkpoint: a time and the expectations at it; a refusal is only an end state.
    static let checkpoint = Object([key("at", ref("time"), required: true)]
        + ExpectationField.all.filter(\.inCheckpoints).map { key($0.key, $0.schema) })

    static let haptics = Object(hapticNames.map { key($0, integer(R.hapticCount)) })
    static let telemetry = Object("Fields of the last confirm's telemetry record.",
                                  TelemetryFields.names.map { key($0, .object([("type", .array([.string("number"), .string("boolean")]))])) })
    static let upload = Object([
        key("state", oneOf(UploadPhase.allCases.map(\.rawValue))),
        key("attempts", integer(R.attempts)),
        key("retryDelays", array(ref("time"), "Seconds between each failed attempt and the next.")),
    ])
    static let profile = Object([key("avatarPath", string), key("avatarVersion", integer(R.avatarVersion))])
    static let numberWithTolerance = Object([
        key("value", either([number(), ref("expression")]), required: true),
        key("tolerance", number(R.tolerance, "Relative to max(1, |target|); default 1e-6.")),
    ])
}
