import CropScenario
import CropSim
import CropText
import CropVocabulary
import Foundation

/// The studio over HTTP on 127.0.0.1: the page at `/`, JSON calls under `/api/`, the photo the
/// page draws at `/photo/<id>.jpg`.
///
/// Local, but still a server any web page in the designer's browser could try to reach, and any
/// process on the machine could connect to, so the server is our own small one
/// (`HTTPServerLoop`): request line, head and body bounded, heads scanned in linear time,
/// deadlines for every stage, a cap on connections, and `RequestGuard` (Host and Origin, against
/// DNS rebinding and cross-site posts) judging each head before its body is read. JSON bodies
/// must declare their length and stay under `maxBody`, and the studio itself bounds sessions and
/// writes only inside the scenarios folder.
public final class StudioServer: Sendable {
    public static let maxBody = 1 << 20
    /// Bodies larger than this are decoded on a simulation thread (`call`).
    static let decodeApartBytes = 64 << 10
    /// Inputs in one batch: far above a second of ten fingers at 240 Hz.
    public static let maxInputs = 20_000

    let studio: Studio
    private let loop: HTTPServerLoop<ContinuousClock>
    /// The port bound.
    public var port: UInt16 { loop.port }

    /// Binds 127.0.0.1 only (port 0: any free port); `start()` serves.
    public init(studio: Studio, port: UInt16, limits: ServerLimits = ServerLimits()) throws {
        self.studio = studio
        let box = Box()
        loop = try HTTPServerLoop(port: port, limits: limits, admit: { head in box.server?.admit(head) }) {
            request, answer in
            // The page is the same bytes every time: answered on the loop's own thread, so it
            // waits for no task (issue 34: it waited behind simulations on the pool).
            if request.method == "GET", request.path == "/" { return answer(Self.page) }
            Task {
                answer(
                    await box.server?.respond(to: request)
                        ?? Self.json(503, StudioProtocol.ErrorResponse(error: "stopped")))
            }
        }
        box.server = self
    }

    /// Starts serving and returns the port bound.
    @discardableResult
    public func start() -> UInt16 {
        loop.start()
        return loop.port
    }

    public func stop() { loop.stop() }

    static let page = HTTPResponse(
        status: 200, headers: headers("text/html; charset=utf-8"), body: Array(StudioPage.html.utf8))

    /// The loop needs the server's methods, and the server owns the loop: this breaks the cycle
    /// for the one assignment made before serving starts.
    private final class Box: @unchecked Sendable {
        weak var server: StudioServer?
    }

    /// The guard, on a request's head alone: nil to go on reading it, else the refusal.
    func admit(_ head: RequestHead) -> HTTPResponse? {
        RequestGuard(port: port).refusal(host: head.header("host"), origin: head.header("origin")).map {
            Self.json(403, StudioProtocol.ErrorResponse(error: $0))
        }
    }

    /// Answers one request: the guard (again, for requests handed over directly), then the route.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        if let refusal = admit(request.head) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/"):
            return Self.page
        case ("GET", "/api/scenarios"):
            return Self.json(200, await studio.list())
        case ("POST", "/api/session"):
            return await call(request) { (r: StudioProtocol.OpenRequest) throws(Studio.Failure) in
                try await self.studio.open(r, then: Self.okFrames)
            }
        case ("POST", "/api/input"):
            return await call(request) { (r: StudioProtocol.InputRequest) throws(Studio.Failure) in
                guard r.inputs.count <= Self.maxInputs else {
                    throw Studio.Failure(413, "more than \(Self.maxInputs) inputs in one batch")
                }
                return try await self.studio.input(r, then: Self.okFrames)
            }
        case ("POST", "/api/save"):
            return await call(request) { (r: StudioProtocol.SaveRequest) throws(Studio.Failure) in
                Self.ok(try await self.studio.save(r))
            }
        case (_, "/"), (_, "/api/scenarios"), (_, "/api/session"), (_, "/api/input"), (_, "/api/save"):
            return Self.json(405, StudioProtocol.ErrorResponse(error: "method not allowed"))
        case (let method, let path) where path.hasPrefix("/photo/"):
            return await photo(method: method, path: path, ifNoneMatch: request.header("if-none-match"))
        default:
            return Self.json(404, StudioProtocol.ErrorResponse(error: "not found"))
        }
    }

    /// Decodes a JSON body (declared length, at most `maxBody`: the loop has read exactly that
    /// many bytes) and runs `body`, which answers (a session's answer is encoded on the
    /// simulation thread that computed it: a long recording's frames are megabytes of JSON).
    private func call<Request: Decodable & Sendable>(
        _ request: HTTPRequest, _ body: (Request) async throws(Studio.Failure) -> HTTPResponse
    ) async -> HTTPResponse {
        guard request.header("content-type")?.lowercased().hasPrefix("application/json") == true else {
            return Self.json(415, StudioProtocol.ErrorResponse(error: "send JSON (Content-Type: application/json)"))
        }
        guard request.header("transfer-encoding") == nil, let length = request.head.contentLength,
            request.header("content-length") != nil
        else {
            return Self.json(411, StudioProtocol.ErrorResponse(error: "a Content-Length is required"))
        }
        guard length <= Self.maxBody, request.body.count <= Self.maxBody else {
            return Self.json(413, StudioProtocol.ErrorResponse(error: "the body is over \(Self.maxBody) bytes"))
        }
        let decode: @Sendable () -> Request? = { try? JSONDecoder().decode(Request.self, from: Data(request.body)) }
        // A large body (a long recording's first batch: 6,600 samples are 460 KB) is decoded on
        // a simulation thread, one at a time: eight decoded at once on the pool took ~10 MiB more.
        let decoded: Request?
        if request.body.count > Self.decodeApartBytes {
            guard let done = await studio.simulations.run(decode) else {
                return Self.json(503, StudioProtocol.ErrorResponse(error: Studio.busy.description))
            }
            decoded = done.value
        } else {
            decoded = decode()
        }
        guard let decoded else {
            return Self.json(400, StudioProtocol.ErrorResponse(error: "the body is not the JSON this call takes"))
        }
        do throws(Studio.Failure) { return try await body(decoded) } catch {
            return Self.json(error.status, StudioProtocol.ErrorResponse(error: error.description))
        }
    }

    /// A photo the studio registered, as the JPEG the page draws: immutable under its address
    /// (a changed file gets a new id), so the browser fetches it once; `If-None-Match` with its
    /// ETag (weak or strong) or `*` is a 304. Only `GET` (405 otherwise); any other path under `/photo/` is a 404.
    private func photo(method: String, path: String, ifNoneMatch: String?) async -> HTTPResponse {
        guard let id = StudioPhotos.id(inPath: path) else {
            return Self.json(404, StudioProtocol.ErrorResponse(error: "not found"))
        }
        guard method == "GET" else {
            var refusal = Self.json(
                405, StudioProtocol.ErrorResponse(error: "method not allowed (a photo is only read, with GET)"))
            refusal.headers.append(("Allow", "GET"))
            // An answer to HEAD has no body, or a kept-alive client reads it as the next answer.
            if method == "HEAD" { refusal.body = [] }
            return refusal
        }
        switch await studio.photos.photo(id: id) {
        case nil:
            return Self.json(
                404,
                StudioProtocol.ErrorResponse(
                    error: "no such photo (the studio opened none with this id); reload the page"))
        case .failure(let error)?:
            return Self.json(500, StudioProtocol.ErrorResponse(error: error.description))
        case .success(let photo)?:
            var headers = Self.headers("image/jpeg", cache: "private, max-age=31536000, immutable")
            headers.append(("ETag", photo.etag))
            if Self.notModified(ifNoneMatch, etag: photo.etag) {
                return HTTPResponse(status: 304, headers: headers)
            }
            return HTTPResponse(status: 200, headers: headers, body: photo.bytes)
        }
    }

    /// Whether `If-None-Match` names `etag` as RFC 9110 §13.1.2 compares them: weakly (a `W/`
    /// prefix is ignored, as caches and proxies add it) and `*` for any current representation.
    /// Issue 34: both got a 200 with the whole photo again.
    static func notModified(_ ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { entry in
            let tag = entry.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
        }
    }

    static func headers(_ type: String, cache: String = "no-store") -> [(name: String, value: String)] {
        [
            ("Content-Type", type), ("Cache-Control", cache), ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            (
                "Content-Security-Policy",
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"
            )
        ]
    }

    @Sendable static func ok(_ value: some Encodable) -> HTTPResponse { json(200, value) }

    /// A session's answer, its frames encoded a slice at a time (`FramesJSON`).
    @Sendable static func okFrames(_ value: some CarriesFrames) -> HTTPResponse {
        guard let body = try? FramesJSON.encode(value) else { return json(200, value) }
        return HTTPResponse(status: 200, headers: headers("application/json"), body: body)
    }

    static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{\"error\":\"cannot encode the answer\"}".utf8)
        return HTTPResponse(status: status, headers: headers("application/json"), body: Array(data))
    }
}

/// Which requests the studio answers: those addressed to it by a loopback name (`Host`), and
/// from its own page or from no page at all (`Origin`). A DNS-rebinding page reaches 127.0.0.1
/// under its own host name and is refused by `Host`; any other site's page is refused by
/// `Origin`, which browsers always send on cross-origin posts.
public struct RequestGuard: Sendable {
    public var port: UInt16

    public init(port: UInt16) { self.port = port }

    var hosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// Nil when allowed, else why not.
    public func refusal(host: String?, origin: String?) -> String? {
        guard let host, hosts.contains(host.lowercased()) else {
            return
                "Host \(host.map { jsonString(String($0.prefix(100))) } ?? "(none)") is not this studio (127.0.0.1:\(port))"
        }
        if let origin, !hosts.contains(where: { "http://" + $0 == origin.lowercased() }) {
            return "Origin \(jsonString(String(origin.prefix(100)))) may not use this studio"
        }
        return nil
    }
}
