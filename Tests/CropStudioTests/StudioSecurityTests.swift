@testable import CropStudio
import CropTestSupport
import Foundation
import Testing

/// The studio is a local server any page in the designer's browser could try: hostile hosts,
/// origins, bodies and paths, each refused with its status and a one-line message.
@Suite struct StudioSecurityTests {
    @Test func foreignHostsAndOriginsAreRefused() {
        let g = RequestGuard(port: 8765)
        #expect(g.refusal(host: "127.0.0.1:8765", origin: nil) == nil)
        #expect(g.refusal(host: "localhost:8765", origin: "http://127.0.0.1:8765") == nil)
        #expect(g.refusal(host: "LOCALHOST:8765", origin: "http://localhost:8765") == nil)
        for host in [
            nil, "evil.example:8765", "127.0.0.1", "127.0.0.1:8766", "127.0.0.1.evil.example:8765", "0.0.0.0:8765",
            "[::1]:8765"
        ] {
            #expect(g.refusal(host: host, origin: nil) != nil, "Host \(host ?? "nil")")
        }
        for origin in [
            "http://evil.example", "null", "https://127.0.0.1:8765", "http://127.0.0.1:8765.evil.example", "file://"
        ] {
            #expect(g.refusal(host: "127.0.0.1:8765", origin: origin) != nil, "Origin \(origin)")
        }
    }

    @Test func savePathsStayInsideTheScenariosFolder() throws {
        let rootFolder = try TemporaryFolder("studio-paths"), root = rootFolder.path
        let store = ScenarioStore(root: root)
        #expect(try store.savePath(group: "studio", id: "pinch-1") == root + "/studio/pinch-1.json")
        let hostile: [(String, String)] = [
            ("..", "x"), ("studio", ".."), ("../..", "x"), ("studio", "../escape"), ("/etc", "passwd"),
            ("studio", "/tmp/x"),
            ("studio", "a/b"), ("", "x"), ("studio", ""), ("studio", ".hidden"), ("studio", "x.json"), ("stu dio", "x"),
            ("studio", "nul\u{0}l"), ("studio", String(repeating: "a", count: 65)), ("é", "x"), ("studio", "-flag")
        ]
        for (group, id) in hostile {
            #expect(throws: ScenarioStore.Failure.self, "\(group)/\(id)") { try store.savePath(group: group, id: id) }
        }
        for id in ["../x", "/etc/passwd", "a/../../b", "a//b", "", ".json", "a/b/c/d/e"] {
            #expect(throws: ScenarioStore.Failure.self, "open \(id)") { try store.openPath(id) }
        }
        // A group that is a symbolic link leading out is not written through.
        let outsideFolder = try TemporaryFolder("studio-outside"), outside = outsideFolder.path
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: outside)
        #expect(throws: ScenarioStore.Failure.self) { try store.savePath(group: "linked", id: "x") }
    }

    @Test func anExistingFileIsReplacedOnlyWhenAsked() async throws {
        let rootFolder = try TemporaryFolder("studio-overwrite"), root = rootFolder.path
        let studio = try studio(root: root)
        let s = try await studio.open(.init()).session
        try FileManager.default.createDirectory(atPath: root + "/studio", withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: root + "/studio/taken.json"))
        let save = StudioProtocol.SaveRequest(
            session: s, group: "studio", id: "taken", name: "n", description: "", overwrite: false, now: 100)
        let error = await #expect(throws: Studio.Failure.self) { try await studio.save(save) }
        #expect(error?.status == 409)
        #expect(try String(contentsOfFile: root + "/studio/taken.json", encoding: .utf8) == "precious")
        var again = save
        again.overwrite = true
        let saved = try await studio.save(again)
        #expect(saved.replayIdentical)
        #expect(try String(contentsOfFile: root + "/studio/taken.json", encoding: .utf8).contains("\"name\": \"n\""))
        // A traversal in the save request is refused before anything is written.
        var escape = save
        escape.group = ".."
        let refused = await #expect(throws: Studio.Failure.self) { try await studio.save(escape) }
        #expect(refused?.status == 400)
        #expect(!FileManager.default.fileExists(atPath: (root as NSString).deletingLastPathComponent + "/taken.json"))
    }

    /// The HTTP layer: guard first, then declared and bounded JSON bodies.
    @Test func theServerRefusesHostileRequests() async throws {
        let rootFolder = try TemporaryFolder("studio-server"), root = rootFolder.path
        let server = try StudioServer(studio: try studio(root: root), port: 0)
        let host = "127.0.0.1:\(server.port)"
        func request(
            _ method: String = "POST", _ path: String = "/api/session", headers: [String: String] = [:],
            body: [UInt8] = Array("{}".utf8)
        ) async -> Int {
            var h = ["host": host, "content-type": "application/json", "content-length": String(body.count)]
            for (k, v) in headers { h[k] = v }
            let head = RequestHead(
                method: method, target: path, fields: h.filter { !$0.value.isEmpty }.map { ($0.key, $0.value) })
            return await server.respond(to: HTTPRequest(head: head, body: body)).status
        }
        #expect(await request() == 200)
        #expect(await request("GET", "/", body: []) == 200)
        #expect(await request(headers: ["host": "evil.example:\(server.port)"]) == 403)
        #expect(await request(headers: ["origin": "http://evil.example"]) == 403)
        #expect(await request(headers: ["content-type": "text/plain"]) == 415)
        #expect(await request(headers: ["content-length": String(StudioServer.maxBody + 1)]) == 413)
        #expect(await request(headers: ["content-length": "-1"]) == 411)
        #expect(await request(headers: ["content-length": "lots"]) == 411)
        #expect(await request(headers: ["transfer-encoding": "chunked"]) == 411)
        #expect(await request(body: Array("{\"open\": 12".utf8)) == 400)
        #expect(await request(body: Array(String(repeating: "[", count: 100_000).utf8)) == 400)
        #expect(await request(body: Array("{\"open\": \"../../etc/passwd\"}".utf8)) == 400)
        #expect(await request("DELETE") == 405)
        #expect(await request("GET", "/../../etc/passwd", body: []) == 404)
        #expect(
            await request(
                "POST", "/api/save",
                body: Array(
                    "{\"session\":\"x\",\"group\":\"..\",\"id\":\"x\",\"name\":\"\",\"description\":\"\",\"overwrite\":true,\"now\":0}"
                        .utf8)) == 404)
        server.stop()
    }

    /// `GET /photo/<id>.jpg`: only ids the studio gave out, only GET, never a path; the photo
    /// comes with its ETag, and an `If-None-Match` naming it (weakly, or `*`) is a 304 without the bytes.
    @Test func thePhotoAddressRefusesHostileRequests() async throws {
        let rootFolder = try TemporaryFolder("studio-photo-server"), root = rootFolder.path
        let server = try StudioServer(
            studio: try studio(root: root, photo: try photoFile(in: root, width: 800, height: 600)), port: 0)
        let host = "127.0.0.1:\(server.port)"
        func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) async -> HTTPResponse {
            var h = ["host": host]
            for (k, v) in headers { h[k] = v }
            return await server.respond(
                to: HTTPRequest(head: RequestHead(method: method, target: path, fields: h.map { ($0.key, $0.value) })))
        }
        let url = try #require(try await server.studio.open(.init()).photoURL)
        let photo = await get(url)
        let etag = try #require(photo.headers.first { $0.name == "ETag" }?.value)
        #expect(photo.status == 200 && photo.body.starts(with: [0xFF, 0xD8]))
        #expect(photo.headers.contains { $0 == ("Content-Type", "image/jpeg") })
        #expect(photo.headers.contains { $0 == ("Cache-Control", "private, max-age=31536000, immutable") })
        for _ in 0..<20 { #expect(await get(url).body == photo.body) }
        #expect(server.studio.photos.encodes == 1)
        let revalidated = await get(url, headers: ["if-none-match": "\"other\", " + etag])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        #expect(await get(url, headers: ["if-none-match": "\"other\""]).status == 200)
        // RFC 9110's weak comparison and `*` (issue 34: both were a 200 with the whole photo).
        for header in ["*", "W/" + etag, "\"other\", W/" + etag] {
            let answer = await get(url, headers: ["if-none-match": header])
            #expect(answer.status == 304 && answer.body.isEmpty, "\(header)")
        }
        #expect(await get(url, headers: ["if-none-match": "W/\"other\""]).status == 200)
        #expect(await get(url + "?" + String(repeating: "q", count: 7000)).status == 200)  // the query is not read
        for method in ["HEAD", "POST", "PUT", "DELETE"] {
            let refused = await get(url, method: method)
            #expect(refused.status == 405 && refused.headers.contains { $0 == ("Allow", "GET") }, "\(method)")
            #expect(refused.body.isEmpty == (method == "HEAD"), "\(method)")
        }
        for path in [
            "/photo/0123456789abcdef.jpg", "/photo/../../etc/passwd", "/photo/..%2F..%2Fetc%2Fpasswd",
            "/photo/" + root + "/photo.jpg",
            url.uppercased(), url.replacingOccurrences(of: ".jpg", with: ".png"), url + "/..", "/photo/", "/photo"
        ] {
            let answer = await get(path)
            #expect(answer.status == 404 && !answer.body.starts(with: [0xFF, 0xD8]), "\(path)")
        }
        #expect(await get(url, headers: ["host": "evil.example:\(server.port)"]).status == 403)
        #expect(await get(url, headers: ["origin": "http://evil.example"]).status == 403)
        server.stop()
    }

    /// A scenario file that is a symbolic link out of the folder is not opened (its target's
    /// text would come back in the parser's message).
    @Test func aScenarioLinkedFromOutsideIsNotOpened() throws {
        let rootFolder = try TemporaryFolder("studio-linked-file"), root = rootFolder.path
        let outsideFolder = try TemporaryFolder("studio-secret"), outside = outsideFolder.path
        try Data("secret text".utf8).write(to: URL(fileURLWithPath: outside + "/secret.json"))
        try FileManager.default.createDirectory(atPath: root + "/g", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/g/leak.json", withDestinationPath: outside + "/secret.json")
        let store = ScenarioStore(root: root)
        let error = #expect(throws: ScenarioStore.Failure.self) { try store.openPath("g/leak") }
        #expect(error?.description.contains("secret text") == false)
        #expect(!store.list().contains("g/leak"))
    }
}
