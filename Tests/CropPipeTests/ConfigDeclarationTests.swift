import CropPipe
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// `AvatarCropperConfig.fields` is the config's one declaration: it must name every stored
/// property, and every reader and writer that walks it must carry every field. Each test sets one
/// declared field off its default at a time, so a reader or writer that drops a field gives its
/// default back and fails, for a field added tomorrow as for today's.
@Suite struct ConfigDeclarationTests {
    static let each = AvatarCropperConfig.fields.map { (key: $0.key, config: AvatarCropperConfig().changing($0)) }
    static let all = AvatarCropperConfig.fields.reduce(AvatarCropperConfig()) { $0.changing($1) }

    /// Mirror lists the stored properties in declaration order: a property without a declared
    /// field (or declared out of order) would be left out of scenario files and the wire alone.
    @Test func everyStoredPropertyIsDeclaredInOrder() {
        let properties = Mirror(reflecting: AvatarCropperConfig()).children.map { $0.label ?? "?" }
        #expect(AvatarCropperConfig.fields.map(\.key) == properties)
        #expect(Set(AvatarCropperConfig.fields.map { $0.path }).count == properties.count)
    }

    @Test func eachChangedFieldDiffersFromTheDefault() {
        for (key, config) in Self.each { #expect(config != AvatarCropperConfig(), "\(key)") }
    }

    /// The `open` message carries every field: what the writer writes, the reader reads back.
    @Test func everyFieldCrossesTheWire() throws {
        for (key, config) in Self.each + [(key: "all", config: Self.all)] {
            let request = OpenRequest(
                source: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right),
                viewport: Viewport(width: 393, height: 852, screenScale: 3), config: config)
            var w = WireWriter()
            w.raw(#"{"type":"open","id":7"#)
            w.open(request)
            w.raw("}")
            var r = WireReader(w.bytes)
            let read = try r.openRequest()
            #expect(read.request.config == config, "\(key)")
            #expect(read.id == 7)
        }
    }

    /// Version 1's `open` bytes, as the writer wrote them before the config was declared once
    /// (docs/model-protocol.md#open): every key in the declaration's order, numbers in their
    /// shortest form.
    @Test func theOpenMessageKeepsItsBytes() {
        var c = AvatarCropperConfig()
        c.encoding = .jpegSRGB(quality: 0.9)
        c.maskDiameterFraction = 0.1 + 0.2
        let request = OpenRequest(
            source: SourceImage(storedWidth: 4032, storedHeight: 3024, orientation: .right),
            viewport: Viewport(width: 393, height: 852, screenScale: 3), config: c, reduceMotion: true)
        var w = WireWriter()
        w.open(request)
        #expect(String(decoding: w.bytes, as: UTF8.self) == #",\#(Self.openV1)"#)
    }

    static let openV1 =
        #""source":{"width":4032,"height":3024,"orientation":6},"view":{"width":393.0,"height":852.0,"scale":3.0},"#
        + #""config":{"outputSize":512,"qualityMultiplier":1.25,"maxZoomMultiplier":4.0,"maskDiameterFraction":0.30000000000000004,"#
        + #""showGrid":true,"allowRotation":false,"useLiquidGlassChrome":true,"minPixelPerPoint":1.0,"#
        + #""encoding":{"format":"jpeg","quality":0.9}},"reduceMotion":true,"user":null"#

    /// docs/model-protocol.md's `open` example shows the config as the writer sends it: every
    /// declared key, in order (the encoding's own `format` aside).
    @Test func theProtocolPageShowsEveryField() throws {
        let page = ProtocolDocTests.page
        let start = try #require(page.range(of: #""config":{"#))
        let end = try #require(page.range(of: #""reduceMotion""#, range: start.upperBound..<page.endIndex))
        let keys = page[start.upperBound..<end.lowerBound].matches(of: /"(\w+)":/).map { String($0.output.1) }
        #expect(keys.filter { $0 != "format" } == AvatarCropperConfig.fields.map(\.key))
    }

    @Test func anUndeclaredKeyIsAViolationNamingIt() {
        var r = WireReader(Array(#"{"type":"open","id":1,"config":{"showGrid":false,"gridCells":3}}"#.utf8))
        let error = #expect(throws: WireError.self) { try r.openRequest() }
        #expect(error?.description.contains(#"config has no field "gridCells""#) == true)
    }

    /// `Codable` JSON (the studio's hand-off) uses the declared keys; a missing one keeps its default.
    @Test func everyFieldSurvivesCodable() throws {
        for (key, config) in Self.each + [(key: "all", config: Self.all)] {
            let data = try JSONEncoder().encode(config)
            #expect(try JSONDecoder().decode(AvatarCropperConfig.self, from: data) == config, "\(key)")
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(AvatarCropperConfig())) as? [String: Any])
        #expect(Set(object.keys) == Set(AvatarCropperConfig.fields.map(\.key)))
        #expect(
            try JSONDecoder().decode(AvatarCropperConfig.self, from: Data(#"{"showGrid":false}"#.utf8)).showGrid
                == false)
        #expect(try JSONDecoder().decode(AvatarCropperConfig.self, from: Data("{}".utf8)) == AvatarCropperConfig())
    }
}
