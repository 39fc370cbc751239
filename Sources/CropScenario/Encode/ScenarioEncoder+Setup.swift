import CropText
import CropVocabulary

/// The setup a scenario runs in: device, image, config and the scripted backend.
extension ScenarioEncoder {
    /// `"ipad"` for a preset alone, `{ "preset": "ipad", … }` with other fields, else the numbers.
    static func device(_ d: Device, preset: DevicePreset? = nil) -> String {
        let named = preset.flatMap { $0.view == d.view && $0.screenScale == d.screenScale ? $0 : nil }
        var members = named.map { [("preset", jsonString($0.name))] } ?? [("view", size(d.view)), ("screenScale", number(d.screenScale))]
        members += ScenarioFormat.deviceFields.members(d)
        if let named, members.count == 1 { return jsonString(named.name) }
        return object(members)
    }

    static func image(_ i: ImageSpec) -> String {
        var members: [(String, String)] = []
        if i.file == nil || i.source.storedWidth != 0 { members.append(("width", "\(i.source.storedWidth)")) }
        if i.file == nil || i.source.storedHeight != 0 { members.append(("height", "\(i.source.storedHeight)")) }
        return object(members + ScenarioFormat.imageFields.members(i))
    }

    /// The fields that differ from the spec's defaults, nil when none does.
    static func config(_ c: AvatarCropperConfig) -> String? {
        let members = ScenarioFormat.configFields.members(c)
        return members.isEmpty ? nil : object(members)
    }

    static func backend(_ b: BackendScript) -> String {
        var members: [(String, String)] = []
        if let user = b.user {
            var u = [("uid", jsonString(user.uid))]
            if let path = user.avatarPath { u.append(("avatarPath", jsonString(path))) }
            if user.avatarVersion != 0 { u.append(("avatarVersion", "\(user.avatarVersion)")) }
            members.append(("user", object(u)))
        }
        if b.baseURL != BackendScript.defaultBaseURL { members.append(("baseURL", jsonString(b.baseURL))) }
        func okOrFail(_ ok: Bool) -> String { ok ? "\"ok\"" : "\"fail\"" }
        func upload(_ outcome: UploadOutcome) -> String {
            switch outcome {
            case .success: "\"ok\""
            case .timeout: "\"timeout\""
            case .connectionDropped: "\"dropped\""
            case .httpError(let status): "\(status)"
            }
        }
        if !b.crops.isEmpty { members.append(("crop", replies(b.crops, BackendScript.cropLatency, okOrFail))) }
        if !b.uploads.isEmpty { members.append(("uploads", replies(b.uploads, BackendScript.uploadLatency, upload))) }
        if !b.profileUpdates.isEmpty {
            members.append(("profileUpdates", replies(b.profileUpdates, BackendScript.profileLatency, okOrFail)))
        }
        return object(members)
    }

    static func replies<T>(_ list: [BackendScript.Reply<T>], _ latency: Double, _ result: (T) -> String) -> String {
        array(list.map { reply in
            object([("result", result(reply.result))] + (reply.latency == latency ? [] : [("latency", number(reply.latency))]))
        })
    }

    static func size(_ s: Size) -> String { array([number(s.width), number(s.height)]) }
}
