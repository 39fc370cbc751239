import CropText
import CropVocabulary

/// The kinds of value the gestures' keys share, each with its schema definition, its reader and
/// its writer, so a key of that kind is one line in its table.
extension ObjectField {
    static func time(_ key: String, _ path: Path<Double>, _ presence: Presence = .optional, standard: Double? = nil)
        -> ObjectField
    {
        .value(
            key, path, ScenarioFormat.ref("time"), presence, standard: standard,
            read: { r throws(ScenarioError) in try ScenarioParser.time(r) }, write: ScenarioEncoder.number)
    }

    static func point(
        _ key: String, _ path: Path<ViewPoint>, _ presence: Presence = .optional, standard: ViewPoint? = nil
    ) -> ObjectField {
        .value(
            key, path, ScenarioFormat.ref("point"), presence, standard: standard,
            read: { r throws(ScenarioError) in try ScenarioParser.point(r) }, write: ScenarioEncoder.point)
    }

    static func span(_ key: String, _ path: Path<Double>, _ presence: Presence = .optional, standard: Double? = nil)
        -> ObjectField
    {
        .value(
            key, path, ScenarioFormat.ref("span"), presence, standard: standard,
            read: { r throws(ScenarioError) in try ScenarioParser.span(r) }, write: ScenarioEncoder.number)
    }

    static func angle(_ path: Path<Double>) -> ObjectField {
        .value(
            "angle", path, ScenarioFormat.ref("angle"), standard: 0,
            read: { r throws(ScenarioError) in try r.number(in: ScenarioFormat.Range.angle, "angle") },
            write: ScenarioEncoder.number)
    }

    static func easing(_ path: Path<Easing>) -> ObjectField {
        .value(
            "easing", path, ScenarioFormat.ref("easing"), standard: .easeInOut,
            read: { r throws(ScenarioError) in try r.oneOf(Easing.self) }, write: { jsonString($0.rawValue) })
    }

    /// Degrees the fingers of a twist turn (`Range.twist`), named `key` in messages.
    static func twist(
        _ key: String, _ path: Path<Double>, _ description: String, _ presence: Presence = .optional,
        standard: Double? = nil
    ) -> ObjectField {
        .value(
            key, path, ScenarioFormat.number(ScenarioFormat.Range.twist, description), presence, standard: standard,
            read: { r throws(ScenarioError) in try r.number(in: ScenarioFormat.Range.twist, key) },
            write: ScenarioEncoder.number)
    }
}

extension ObjectTable {
    /// The object at `r` read over `start`, the value every key left out keeps.
    func value(_ r: JSONReader, from start: Value) throws(ScenarioError) -> Value {
        var value = start
        try read(r, into: &value)
        return value
    }
}
