import CropSim
import CropVocabulary
import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The studio over HTTP on 127.0.0.1 (FlyingFox): the page at `/`, JSON calls under `/api/`.
///
/// Local, but still a server any web page in the designer's browser could try to reach, so every
/// request passes `RequestGuard` first (Host and Origin, against DNS rebinding and cross-site
/// posts), JSON bodies must declare their length and stay under `maxBody`, and the studio itself
/// bounds sessions and writes only inside the scenarios folder.
public final class StudioServer: Sendable {
    public static let maxBody = 1 << 20
    /// Inputs in one batch: far above a second of ten fingers at 240 Hz.
    public static let maxInputs = 20_000

    let studio: Studio
    private let server: HTTPServer
    private let boundPort = Mutex<UInt16>(0)

    /// Binds 127.0.0.1 only (port 0: any free port).
    public init(studio: Studio, port: UInt16) throws {
        self.studio = studio
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        let box = Handler()
        server = HTTPServer(address: address, timeout: 30, logger: .disabled, handler: box)
        box.owner.withLock { $0 = self }
    }

    /// Starts listening and returns the port bound.
    public func start() async throws -> UInt16 {
        let server = self.server
        Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw SocketError.disconnected }
        boundPort.withLock { $0 = port }
        Self.disableNagle(listeningOn: port)
        return port
    }

    /// FlyingFox writes a response's header and body in two writes; with Nagle's algorithm on,
    /// the body then waits for the browser's delayed ACK of the header, 40 ms on Linux, which
    /// capped the page at one batch per ~50 ms. FlyingFox has no socket-option hook, so this finds
    /// its listening socket by port and sets TCP_NODELAY there; accepted sockets inherit it.
    static func disableNagle(listeningOn port: UInt16) {
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for fd in fds.compactMap(Int32.init) {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            var listening: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard named == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port,
                  getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else { continue }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    public func stop() async { await server.stop() }

    /// FlyingFox keeps its handler; this one forwards to the server once it exists.
    private final class Handler: HTTPHandler, Sendable {
        let owner = Mutex<StudioServer?>(nil)
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard let server = owner.withLock({ $0 }) else { return Self.reply(503, error: "starting") }
            return await server.respond(to: request)
        }

        static func reply(_ status: Int, error: String) -> HTTPResponse {
            StudioServer.json(status, StudioProtocol.ErrorResponse(error: error))
        }
    }

    /// Answers one request: the guard, then the route.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let port = boundPort.withLock { $0 }
        if let refusal = RequestGuard(port: port).refusal(host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")]) {
            return Self.json(403, StudioProtocol.ErrorResponse(error: refusal))
        }
        switch (request.method, request.path) {
        case (.GET, "/"):
            return HTTPResponse(statusCode: .ok, headers: Self.headers("text/html; charset=utf-8"), body: Data(StudioPage.html.utf8))
        case (.GET, "/api/scenarios"):
            return Self.json(200, await studio.list())
        case (.POST, "/api/session"):
            return await call(request) { (r: StudioProtocol.OpenRequest) throws(Studio.Failure) in try await self.studio.open(r) }
        case (.POST, "/api/input"):
            return await call(request) { (r: StudioProtocol.InputRequest) throws(Studio.Failure) in
                guard r.inputs.count <= Self.maxInputs else { throw Studio.Failure(413, "more than \(Self.maxInputs) inputs in one batch") }
                return try await self.studio.input(r)
            }
        case (.POST, "/api/save"):
            return await call(request) { (r: StudioProtocol.SaveRequest) throws(Studio.Failure) in try await self.studio.save(r) }
        case (_, "/"), (_, "/api/scenarios"), (_, "/api/session"), (_, "/api/input"), (_, "/api/save"):
            return Self.json(405, StudioProtocol.ErrorResponse(error: "method not allowed"))
        default:
            return Self.json(404, StudioProtocol.ErrorResponse(error: "not found"))
        }
    }

    /// Reads a JSON body (declared length, at most `maxBody`), decodes it, and runs `body`.
    private func call<Request: Decodable, Response: Encodable>(
        _ request: HTTPRequest, _ body: (Request) async throws(Studio.Failure) -> Response
    ) async -> HTTPResponse {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return Self.json(415, StudioProtocol.ErrorResponse(error: "send JSON (Content-Type: application/json)"))
        }
        guard request.headers[.transferEncoding] == nil, let length = request.headers[.contentLength].flatMap(Int.init) else {
            return Self.json(411, StudioProtocol.ErrorResponse(error: "a Content-Length is required"))
        }
        guard (0...Self.maxBody).contains(length) else {
            return Self.json(413, StudioProtocol.ErrorResponse(error: "the body is over \(Self.maxBody) bytes"))
        }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data += chunk
                if data.count > Self.maxBody { return Self.json(413, StudioProtocol.ErrorResponse(error: "the body is over \(Self.maxBody) bytes")) }
            }
        } catch {
            return Self.json(400, StudioProtocol.ErrorResponse(error: "the body could not be read"))
        }
        let decoded: Request
        do { decoded = try JSONDecoder().decode(Request.self, from: data) } catch {
            return Self.json(400, StudioProtocol.ErrorResponse(error: "the body is not the JSON this call takes"))
        }
        do throws(Studio.Failure) { return Self.json(200, try await body(decoded)) } catch {
            return Self.json(error.status, StudioProtocol.ErrorResponse(error: error.description))
        }
    }

    static func headers(_ type: String) -> HTTPHeaders {
        [.contentType: type, .cacheControl: "no-store", HTTPHeader("X-Content-Type-Options"): "nosniff",
         HTTPHeader("X-Frame-Options"): "DENY",
         HTTPHeader("Content-Security-Policy"): "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; frame-ancestors 'none'"]
    }

    static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{\"error\":\"cannot encode the answer\"}".utf8)
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)), headers: headers("application/json"), body: data)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 503: "Service Unavailable"
        default: "Error"
        }
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
            return "Host \(host.map { jsonString(String($0.prefix(100))) } ?? "(none)") is not this studio (127.0.0.1:\(port))"
        }
        if let origin, !hosts.contains(where: { "http://" + $0 == origin.lowercased() }) {
            return "Origin \(jsonString(String(origin.prefix(100)))) may not use this studio"
        }
        return nil
    }
}
