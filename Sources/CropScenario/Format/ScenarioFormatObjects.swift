import CropVocabulary

/// Every object's schema: the tables' (`*Fields.swift`), and the objects of `expect` whose keys
/// `ExpectationField` declares.
extension ScenarioFormat {
    typealias R = Range

    static let top = topTable.object
    static let policies = policiesTable.object
    static let device = deviceTable.object
    static let image = imageTable.object
    static let config = configTable.object
    static let backend = backendTable.object
    static let step = stepTable.object
    static let track = trackTable.object

    // MARK: Expectations

    static let expectationProperties = ExpectationField.all.map { key($0.key, $0.schema) }

    static let expectations = Object(expectationProperties)
    /// A checkpoint: a time and the expectations at it; a refusal is only an end state.
    static let checkpoint = Object(
        [key("at", ref("time"), required: true)]
            + ExpectationField.all.filter(\.inCheckpoints).map { key($0.key, $0.schema) })

    static let haptics = Object(hapticNames.map { key($0, integer(R.hapticCount)) })
    static let telemetry = Object(
        "Fields of the last confirm's telemetry record.",
        TelemetryFields.names.map { key($0, .object([("type", .array([.string("number"), .string("boolean")]))])) })
    static let upload = Object([
        key("state", oneOf(UploadPhase.allCases.map(\.rawValue))),
        key("attempts", integer(R.attempts)),
        key("retryDelays", array(ref("time"), "Seconds between each failed attempt and the next."))
    ])
    static let profile = Object([key("avatarPath", string), key("avatarVersion", integer(R.avatarVersion))])
    static let numberWithTolerance = Object([
        key("value", either([number(), ref("expression")]), required: true),
        key("tolerance", number(R.tolerance, "Relative to max(1, |target|); default 1e-6."))
    ])
}
