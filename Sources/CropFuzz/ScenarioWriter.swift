import CropScenario
import CropSim
import CropVocabulary

/// Writes a trace as a scenario file (raw touch samples in points, system steps as they are), and
/// reads it back through `ScenarioParser`: the fuzzer runs exactly what it would save, so a saved
/// regression fails under `cropsim run` the way it failed in the fuzzer.
public enum ScenarioWriter {
    /// The scenario's text. `schema` is the `$schema` reference (relative to where it is saved).
    /// `mirror` adds `"metamorphic": ["mirror"]`, so a mirror failure replays under `cropsim run`.
    public static func json(_ trace: Trace, name: String, description: String, schema: String? = nil, mirror: Bool = false) -> String {
        var out = "{\n"
        if let schema { out += "  \"$schema\": \(jsonString(schema)),\n" }
        out += "  \"name\": \(jsonString(name)),\n"
        out += "  \"description\": \(jsonString(description)),\n"
        if mirror { out += "  \"metamorphic\": [\"mirror\"],\n" }
        out += "  \"device\": { \"view\": [\(number(trace.view.width)), \(number(trace.view.height))], "
        out += "\"screenScale\": \(number(trace.screenScale)), \"reduceMotion\": \(trace.reduceMotion), \"touchRate\": \(trace.touchRate) },\n"
        out += "  \"image\": { \"width\": \(trace.photo.storedWidth), \"height\": \(trace.photo.storedHeight), "
        out += "\"orientation\": \(trace.photo.orientation.rawValue) },\n"
        out += "  \"config\": \(config(trace.config)),\n"
        if let backend = trace.backend { out += "  \"backend\": \(self.backend(backend)),\n" }
        out += "  \"steps\": ["
        out += trace.steps.map(step).joined(separator: ",")
        out += trace.steps.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Parses the text `json` gives: the same path every scenario file takes.
    public static func scenario(_ trace: Trace, id: String, name: String = "fuzz", description: String = "") throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(Array(json(trace, name: name, description: description).utf8), file: id + ".json", id: id)
    }

    static func config(_ c: AvatarCropperConfig) -> String {
        let d = AvatarCropperConfig()
        var fields: [String] = []
        if c.outputSize != d.outputSize { fields.append("\"outputSize\": \(c.outputSize)") }
        if c.qualityMultiplier != d.qualityMultiplier { fields.append("\"qualityMultiplier\": \(number(c.qualityMultiplier))") }
        if c.maxZoomMultiplier != d.maxZoomMultiplier { fields.append("\"maxZoomMultiplier\": \(number(c.maxZoomMultiplier))") }
        if c.maskDiameterFraction != d.maskDiameterFraction { fields.append("\"maskDiameterFraction\": \(number(c.maskDiameterFraction))") }
        if c.minPixelPerPoint != d.minPixelPerPoint { fields.append("\"minPixelPerPoint\": \(number(c.minPixelPerPoint))") }
        if c.showGrid != d.showGrid { fields.append("\"showGrid\": \(c.showGrid)") }
        if c.allowRotation != d.allowRotation { fields.append("\"allowRotation\": \(c.allowRotation)") }
        if case .jpegSRGB(let q) = c.encoding { fields.append("\"encoding\": { \"format\": \"jpeg\", \"quality\": \(number(q)) }") }
        return fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }"
    }

    static func step(_ s: TraceStep) -> String {
        let head = "\n    { \"at\": \(seconds(s.start)), \"note\": \"\(s.kind.rawValue)\", "
        switch s.action {
        case .touches(let fingers):
            let tracks = fingers.enumerated().map { i, f in
                let samples = f.samples.map {
                    "{ \"t\": \(seconds($0.time)), \"at\": [\(number($0.point.x)), \(number($0.point.y))], \"phase\": \"\($0.phase.rawValue)\" }"
                }
                return "\n      { \"finger\": \"\(fingerName(i))\", \"samples\": [\n        "
                    + samples.joined(separator: ",\n        ") + "\n      ] }"
            }
            return head + "\"touches\": [" + tracks.joined(separator: ",") + "\n    ] }"
        case .slider(let percent, let animated): return head + "\"slider\": { \"to\": \(percent), \"animated\": \(animated) } }"
        case .increment(let n): return head + "\"increment\": \(n) }"
        case .decrement(let n): return head + "\"decrement\": \(n) }"
        case .recenter: return head + "\"recenter\": true }"
        case .rotate90: return head + "\"rotate90\": true }"
        case .resize(let size): return head + "\"resize\": [\(number(size.width)), \(number(size.height))] }"
        case .reduceMotion(let on): return head + "\"reduceMotion\": \(on) }"
        case .memoryWarning: return head + "\"memoryWarning\": true }"
        case .cancelTouches: return head + "\"cancelTouches\": true }"
        case .confirm: return head + "\"confirm\": true }"
        case .retry: return head + "\"retry\": true }"
        }
    }

    static let fuzzUser = "fuzz-user"

    static func backend(_ b: TraceBackend) -> String {
        func replies(_ list: [TraceBackend.Reply]) -> String {
            "[" + list.map { reply in
                let result = Int(reply.result) != nil ? reply.result : jsonString(reply.result)
                return "{ \"result\": \(result), \"latency\": \(seconds(reply.latencyMs)) }"
            }.joined(separator: ", ") + "]"
        }
        return "{ \"user\": { \"uid\": \"\(fuzzUser)\", \"avatarPath\": \"users/\(fuzzUser)/previous.png\", "
            + "\"avatarVersion\": \(b.avatarVersion) }, \"crop\": \(replies(b.crops)), \"uploads\": \(replies(b.uploads)), "
            + "\"profileUpdates\": \(replies(b.profileUpdates)) }"
    }

    static func fingerName(_ i: Int) -> String { i < 26 ? String(UnicodeScalar(UInt8(65 + i))) : "F\(i)" }

    /// Milliseconds as seconds with three decimals: `0.117`.
    static func seconds(_ ms: Int) -> String {
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }

    /// The studio's spelling (`formatExactNumber`): reads back as the same double.
    static func number(_ x: Double) -> String { formatExactNumber(x) }
}
