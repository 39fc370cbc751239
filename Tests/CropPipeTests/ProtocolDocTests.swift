@testable import CropPipe
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// docs/model-protocol.md against the code that speaks the protocol: the events, effects and
/// state fields the writer puts on the wire, the message names, the capabilities and the policies.
/// A message changed in code without its page (or the page without the code) fails here, so a
/// team writing an editor from the page meets what cropsim sends and reads.
@Suite struct ProtocolDocTests {
    static let page = (try? Repository.text("docs/model-protocol.md")) ?? ""

    // MARK: Events and effects

    @Test func everyEventTheWriterSendsIsDocumentedWithItsFields() throws {
        let rows = try Self.table(after: "## Events")
        // What the writer sends now, not the goldens: a changed event fails here until the page
        // says so, even with its golden rewritten.
        let wire = try Self.messages(
            WireGoldenTests.events.map { event, _ in
                var w = WireWriter()
                w.event(event)
                return String(decoding: w.bytes, as: UTF8.self)
            })
        try Self.expectRows(rows, match: wire)
        // The third column names the capability that unlocks each event.
        let capabilities = Set(Capabilities.named.map(\.name) + Capabilities.groups.map(\.name))
        for row in rows { #expect(Set(Self.ticked(row[2])).isSubset(of: capabilities), "\(row)") }
    }

    @Test func everyEffectTheWriterSendsIsDocumentedWithItsFields() throws {
        let lines = Self.everyEffect.map { e in
            var w = WireWriter()
            w.effect(e)
            return String(decoding: w.bytes, as: UTF8.self)
        }
        try Self.expectRows(
            try Self.table(after: "## Effects"), match: try Self.messages(lines), optional: Self.acceptsText)
    }

    /// A field the page calls optional is one the writer leaves out and the reader must accept.
    static func acceptsText(_ type: String, _ field: String, _ line: String) -> Bool {
        let with = line.dropLast() + ",\"\(field)\":\"a model's own wording\"}"
        var r = WireReader(Array(with.utf8))
        return (try? r.effect()) != nil
    }

    /// One effect of every kind, every haptic and every message: the exhaustive `switch` makes a
    /// new effect a compile error here until it is added.
    static var everyEffect: [EditorEffect] {
        let rect = Rect(x: 1, y: 2, width: 300, height: 300)
        let crop = CropRequest(
            rect: rect, angle: 5, storedRect: rect, orientation: .down, outputSize: 512,
            encoding: .jpegSRGB(quality: 0.9), fromThumbnail: false)
        let telemetry = ConfirmTelemetry(
            sourceWidth: 4032, sourceHeight: 3024, thumbnailWidth: 2560, thumbnailHeight: 1920,
            sMin: 0.3, sMax: 1.2, scale: 0.5, qualityClampEngaged: true, zoomLimited: false,
            lowDensity: false, outputSize: 512, outputIsJPEG: true, jpegQuality: 0.9,
            memoryFallback: false, cropLatencyMs: 16.7, cropSucceeded: true)
        let effects: [EditorEffect] =
            LimitReason.allCases.map { .haptic(.lightImpact($0)) }
            + [.haptic(.success), .haptic(.error), .haptic(.snap)]
            + Message.allCases.flatMap { [.show($0), .announce($0), .alert($0)] }
            + [
                .offerRetry, .crop(crop), .telemetry(telemetry),
                .upload(
                    UploadRequest(
                        bucket: "avatars", key: "users/u/avatar_512.png", contentType: "image/png", upsert: true,
                        attempt: 1)),
                .updateProfile(ProfileUpdate(avatarPath: "users/u/avatar_512.png", avatarVersion: 2)),
                .uploadTelemetry(
                    UploadTelemetry(
                        attempt: 1, succeeded: false, outcomeCode: 503, retryable: true, backoffMs: 500,
                        elapsedTicks: 30, finalAttempt: false))
            ]
        for e in effects {
            switch e {
            case .haptic, .show, .announce, .crop, .telemetry, .alert, .offerRetry, .upload, .updateProfile,
                .uploadTelemetry:
                break
            }
        }
        return effects
    }

    // MARK: State, sides and messages

    @Test func everyStateFieldTheWriterSendsIsDocumented() throws {
        var s = ModelState.unreported
        s.observation.pose = Pose(scale: 1, translation: Point(x: 0, y: 0))
        s.observation.angleGuideVisible = false
        s.readout = Readout(
            sMin: 0.3, sMax: 1.2, maskDiameter: 322, panLimit: Point(x: 10, y: 0), view: Size(width: 393, height: 852),
            gesture: .idle, cut: [], engaged: [], upload: UploadPhase.none, zoomLimited: false, lowDensity: false,
            dimmingOpacity: 0.5)
        var w = WireWriter()
        w.state(s, since: nil)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(w.bytes)) as? [String: Any])
        let rows = try Self.table(after: "## State")
        #expect(Set(rows.flatMap { Self.ticked($0[0]) }) == Set(written.keys))
        let needs = Set(Capabilities.named.map(\.name) + Capabilities.groups.map(\.name) + ["always"])
        for row in rows {
            #expect(
                needs.contains(row[3].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")),
                "\(row)")
        }
        let sides = try #require(Self.paragraph(starting: "A side is one of"))
        #expect(Self.ticked(sides).prefix(ModelState.sides.count) == ModelState.sides.map { "\($0.name)" }[...])
    }

    @Test func theMessageNamesAreTheVocabularys() throws {
        let names = try #require(Self.paragraph(after: "### Messages"))
        let listed = Self.ticked(String(names.prefix { $0 != ":" }))
        #expect(listed == Message.allCases.map(\.rawValue))
    }

    // MARK: Capabilities and policies

    @Test func theCapabilitiesTableListsEveryName() throws {
        let rows = try Self.table(after: "## Capabilities")
        let documented = rows.flatMap { Self.ticked($0[0]) }
        let named = Capabilities.named.map(\.name) + Capabilities.groups.map(\.name)
        #expect(Set(documented) == Set(named))
        #expect(documented.count == named.count)
    }

    /// Each policy in the handshake's order, with the reference editor's value as the default and
    /// every other value it accepts; an example value (a spring's parameters) must be accepted too.
    @Test func thePoliciesTableIsTheDescriptors() throws {
        let rows = try Self.table(after: "## Policies")
        #expect(rows.map { Self.ticked($0[0]).first ?? "" } == Policies.descriptors.map(\.name))
        for (row, d) in zip(rows, Policies.descriptors) {
            #expect(Self.ticked(row[1]) == [d.get(Policies())], "\(d.name)")
            let alternatives = Self.ticked(row[2]).filter { !$0.contains("<") }
            #expect(Set(d.values.dropFirst()).isSubset(of: Set(alternatives)), "\(d.name): \(alternatives)")
            for value in alternatives {
                var p = Policies()
                #expect(d.set(&p, value), "\(d.name)=\(value)")
            }
        }
    }
}

extension ProtocolDocTests {
    /// A wire message's type, its fields and the strings its fields hold.
    struct WireMessage: Sendable {
        var fields: Set<String> = []
        var strings: Set<String> = []
        var line = ""
    }

    static func messages(_ lines: [String]) throws -> [String: WireMessage] {
        var out: [String: WireMessage] = [:]
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let type = try #require(object["type"] as? String, "\(line)")
            out[type, default: WireMessage()].fields.formUnion(object.keys.filter { $0 != "type" })
            out[type, default: WireMessage()].strings.formUnion(object.values.compactMap { $0 as? String })
            out[type]?.line = line
        }
        return out
    }

    /// Every documented row names types the writer sends, and the writer sends no other: each of
    /// its fields is in the row, and every name the row ticks is a field, a value the writer puts
    /// in one, or an optional field the reader accepts.
    static func expectRows(
        _ rows: [[String]], match wire: [String: WireMessage],
        optional accepts: (String, String, String) -> Bool = { _, _, _ in false }
    ) throws {
        var documented: Set<String> = []
        for row in rows {
            let ticked = Set(ticked(row[1]))
            let optional = Set(optionalNames(row[1]))
            for type in Self.ticked(row[0]) {
                documented.insert(type)
                let m = try #require(wire[type], "\(type) is documented but never written")
                #expect(
                    m.fields.isSubset(of: ticked), "\(type): \(m.fields.subtracting(ticked)) written but not documented"
                )
                let unknown = ticked.subtracting(m.fields).subtracting(m.strings).subtracting(optional)
                #expect(unknown.isEmpty, "\(type): \(unknown) documented but never written")
                for field in optional.subtracting(m.fields) {
                    #expect(accepts(type, field, m.line), "\(type).\(field)")
                }
            }
        }
        #expect(documented == Set(wire.keys), "\(Set(wire.keys).subtracting(documented)) written but not documented")
    }

    /// The body rows of the first table after `heading`, split into cells.
    static func table(after heading: String) throws -> [[String]] {
        let section = try #require(page.range(of: "\n\(heading)\n"), "no \(heading) in docs/model-protocol.md")
        let lines = page[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
        }
    }

    static func paragraph(after heading: String) -> String? {
        guard let r = page.range(of: "\n\(heading)\n\n") else { return nil }
        return page[r.upperBound...].components(separatedBy: "\n\n").first
    }

    static func paragraph(starting text: String) -> String? {
        guard let r = page.range(of: text) else { return nil }
        return page[r.lowerBound...].components(separatedBy: "\n\n").first
    }

    /// The names in backticks, in order.
    static func ticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    /// Names the page marks "`name` optional".
    static func optionalNames(_ text: String) -> [String] {
        ticked(text).filter { text.contains("`\($0)` optional") }
    }
}

extension ProtocolDocTests {
    /// The snapshot messages' table: each request in `WireSnapshots`' order with the fields the
    /// writer puts in it, the reply type the reader expects and the fields it takes; a reply
    /// without the documented fields, or with another, is refused.
    @Test func theSnapshotTableIsTheMessages() throws {
        let rows = try Self.table(after: "## Snapshots")
        #expect(rows.map { Self.ticked($0[0]) } == WireSnapshots.Request.allCases.map { [$0.rawValue] })
        for (row, request) in zip(rows, WireSnapshots.Request.allCases) {
            var w = WireWriter()
            w.raw("{\"type\":\""); w.raw(request.type); w.raw("\",\"id\":7")
            request.members(3, into: &w)
            w.raw("}")
            let written = try Self.messages([String(decoding: w.bytes, as: UTF8.self)])
            #expect(try #require(written[request.rawValue]).fields == Set(["id"] + Self.ticked(row[1])), "\(request)")
            #expect(Self.ticked(row[2]) == [request.reply])
            let fields = Self.ticked(row[3]).map { ",\"\($0)\":5" }.joined()
            var refusal: String?
            var r = WireReader(Array("{\"type\":\"\(request.reply)\",\"id\":7\(fields)}".utf8))
            #expect(try r.snapshotReply(to: request, id: 7, refusal: &refusal) == (request == .snapshot ? 5 : nil))
            var extra = WireReader(Array("{\"type\":\"\(request.reply)\",\"id\":7\(fields),\"more\":1}".utf8))
            #expect(throws: WireError.self) { try extra.snapshotReply(to: request, id: 7, refusal: &refusal) }
        }
        let declared = try #require(Self.paragraph(starting: "- `snapshots` (optional)"))
        #expect(declared.contains("`\(WireSnapshots.handshakeField)`"))
        #expect(Self.page.contains("at most **\(WireSnapshots.maxHeld)** snapshots"))
    }
}
