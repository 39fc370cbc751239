import CropText
import CropVocabulary

/// `backend`: who the user is, and a list of scripted replies per kind of call.
extension ScenarioFormat {
    typealias BackendField = ObjectField<BackendScript>

    static let backendTable = ObjectTable<BackendScript>(
        "Scripted backend after confirm (R10–R12): each list is consumed in order; when it runs out, calls succeed after the default latency (crop 0.15 s, upload 0.3 s, profile 0.1 s).",
        [
            BackendField(
                key: "user", schema: userTable.object.schema,
                parse: { r, b throws(ScenarioError) in
                    var user = UserContext(uid: "")
                    try userTable.read(r, into: &user)
                    b.user = user
                },
                encode: { b in b.user.map(userTable.encode) }),
            .value(
                "baseURL", \.baseURL, string, standard: BackendScript.defaultBaseURL,
                read: { r throws(ScenarioError) in try r.string() }, write: jsonString),
            replies("crop", \.crops, okOrFail, latency: BackendScript.cropLatency),
            replies("uploads", \.uploads, uploadResult, latency: BackendScript.uploadLatency, needsUser: true),
            replies(
                "profileUpdates", \.profileUpdates, okOrFail, latency: BackendScript.profileLatency, needsUser: true)
        ])

    static let userTable = ObjectTable<UserContext>([
        ObjectField(
            key: "uid", schema: string(pattern: Range.uidPattern), .required,
            parse: { r, u throws(ScenarioError) in
                u.uid = try r.string()
                guard !u.uid.isEmpty, !u.uid.contains("/") else {
                    throw r.fail("uid must be non-empty and contain no '/'")
                }
            },
            encode: { u in jsonString(u.uid) }),
        ObjectField(
            key: "avatarPath", schema: string,
            parse: { r, u throws(ScenarioError) in u.avatarPath = try r.string() },
            encode: { u in u.avatarPath.map(jsonString) }),
        .value(
            "avatarVersion", \.avatarVersion, integer(Range.avatarVersion), standard: 0,
            read: { r throws(ScenarioError) in try r.integer(in: Range.avatarVersion) }, write: { "\($0)" })
    ])

    /// How one kind of reply's `result` is written.
    struct ReplyResult<T: Sendable & Equatable>: Sendable {
        var schema: SchemaJSON
        /// What a reply holds until its `result` is read.
        var placeholder: T
        var read: @Sendable (JSONReader) throws(ScenarioError) -> T
        var write: @Sendable (T) -> String
    }

    static let okOrFail = ReplyResult<Bool>(
        schema: oneOf(["ok", "fail"]), placeholder: true,
        read: { v throws(ScenarioError) in
            switch try v.string() {
            case "ok": return true
            case "fail": return false
            case let other: throw v.fail("expected \"ok\" or \"fail\", got \(quoted(other))")
            }
        }, write: { $0 ? "\"ok\"" : "\"fail\"" })

    static let uploadResult = ReplyResult<UploadOutcome>(
        schema: either([oneOf(uploadResults), integer(Range.httpStatus)]), placeholder: .success,
        read: { v throws(ScenarioError) in
            if v.isNumber {
                let status = try v.integer(in: Range.httpStatus)
                return status < 300 ? .success : .httpError(status: status)
            }
            switch try v.string() {
            case "ok": return .success
            case "timeout": return .timeout
            case "dropped": return .connectionDropped
            case let other:
                throw v.fail(
                    "an upload result is \"ok\", \"timeout\", \"dropped\" or an HTTP status, got \(quoted(other))")
            }
        },
        write: { outcome in
            switch outcome {
            case .success: "\"ok\""
            case .timeout: "\"timeout\""
            case .connectionDropped: "\"dropped\""
            case .httpError(let status): "\(status)"
            }
        })

    /// A scripted reply: its result, and a latency left out at the kind's default.
    static func replyTable<T>(_ result: ReplyResult<T>, latency: Double) -> ObjectTable<BackendScript.Reply<T>> {
        ObjectTable([
            .value("result", \.result, result.schema, .required, read: result.read, write: result.write),
            .value(
                "latency", \.latency, ref("time"), standard: latency,
                read: { r throws(ScenarioError) in try ScenarioParser.time(r) }, write: ScenarioEncoder.number)
        ])
    }

    /// `[{"result": …, "latency": 0.2}, …]`, consumed in order; uploads and profile updates
    /// need a user to upload for.
    static func replies<T>(
        _ key: String, _ path: BackendField.Path<[BackendScript.Reply<T>]>, _ result: ReplyResult<T>,
        latency: Double, needsUser: Bool = false
    ) -> BackendField {
        let table = replyTable(result, latency: latency)
        return BackendField(
            key: key, schema: array(table.object.schema),
            parse: { r, b throws(ScenarioError) in
                var list: [BackendScript.Reply<T>] = []
                for item in try r.array() {
                    var reply = BackendScript.Reply(result: result.placeholder, latency: latency)
                    try table.read(item, into: &reply)
                    list.append(reply)
                }
                if needsUser, b.user == nil, !list.isEmpty { throw r.fail("\(key) need a \"user\" to upload for") }
                b[keyPath: path] = list
            },
            encode: { b in b[keyPath: path].isEmpty ? nil : ScenarioEncoder.array(b[keyPath: path].map(table.encode)) })
    }
}
