import CropScenario
import CropVocabulary
import Testing

@Suite struct JSONParserTests {
    func parse(_ s: String) throws(JSONParser.SyntaxError) -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    @Test func locationsCountLinesAndScalars() throws {
        let text = Array("{\n  \"é\": [1, \"x\"],\n  \"b\": true\n}".utf8)
        let v = try JSONParser.parse(text)
        guard case .object(let members) = v.kind, case .array(let items) = members[0].value.kind else {
            Issue.record("wrong shape")
            return
        }
        #expect(SourceLocation(offset: members[0].keyOffset, in: text) == SourceLocation(line: 2, column: 3))
        #expect(SourceLocation(offset: items[1].offset, in: text) == SourceLocation(line: 2, column: 12))
        #expect(SourceLocation(offset: members[1].value.offset, in: text) == SourceLocation(line: 3, column: 8))
    }

    @Test func aByteOrderMarkIsNotAColumn() throws {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1, x]".utf8)
        #expect(
            throws: JSONParser.SyntaxError(
                location: SourceLocation(line: 1, column: 5),
                message: "unexpected character 'x', expected a value")
        ) {
            try JSONParser.parse(text)
        }
    }

    @Test(arguments: [
        ("[1,]", "unexpected character ']', expected a value"),
        ("[01]", "leading zeros are not allowed"),
        ("{\"a\":1 \"b\":2}", "expected ',' or '}' in object"),
        ("\"\\x\"", "invalid escape '\\x'"),
        ("[Infinity]", "NaN and Infinity are not JSON numbers"),
        ("[1e999]", "number 1e999 is out of range"),
        ("\"abc", "unterminated string"),
        ("[1] 2", "unexpected text after the end of the document"),
        ("\"\\ud800\"", "unpaired surrogate in \\u escape")
    ])
    func invalidJSONIsRejected(_ text: String, _ message: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.message == message) }
    }

    /// Invalid, overlong and truncated UTF-8 in a string, with and without escapes beside it:
    /// refused at the string's first byte, never replaced by U+FFFD.
    @Test(arguments: [[0xFF, 0xFE], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80]] as [[UInt8]])
    func invalidUTF8IsRejected(_ bad: [UInt8]) {
        for escape in [[], Array(#"\n"#.utf8)] {
            let bytes = Array(#"{"name": "a"#.utf8) + bad + escape + Array(#"b"}"#.utf8)
            #expect(
                throws: JSONParser.SyntaxError(
                    location: SourceLocation(line: 1, column: 11),
                    message: "invalid UTF-8 in string")
            ) { try JSONParser.parse(bytes) }
        }
        #expect((try? JSONParser.parse(Array(#"{"name": "aé→😀b"}"#.utf8))) != nil)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        guard case .string(let s) = try parse(#""a\n\u00e9\ud83d\ude00""#).kind else {
            Issue.record("not a string")
            return
        }
        #expect(s == "a\né😀")
    }

    /// 100,000 levels would overflow the stack of a recursive parser; the limit refuses them at
    /// the first level past it, pointing at that bracket.
    @Test(arguments: ["[", "{\"a\":"])
    func deepNestingIsRefusedNotACrash(_ open: String) {
        let deep = String(repeating: open, count: 100_000)
        let column = JSONParser.maxDepth * open.unicodeScalars.count + 1
        #expect(
            throws: JSONParser.SyntaxError(
                location: SourceLocation(line: 1, column: column),
                message: "arrays and objects nested deeper than 64 levels")
        ) {
            try parse(deep)
        }
        let atTheLimit =
            String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(throws: Never.self) { try parse(atTheLimit) }
    }

    /// A minified document of millions of values parses, and an error at its very end is still
    /// located by line and column (in scalars, past multi-byte text) on that one line.
    @Test func aHugeOneLineDocumentIsLocatedAtItsEnd() {
        let items = Array(repeating: "\"é\"", count: 1_000_000).joined(separator: ",")
        let text = "[" + items + ",]"
        let column = 1 + 1_000_000 * 4 + 1
        #expect(
            throws: JSONParser.SyntaxError(
                location: SourceLocation(line: 1, column: column),
                message: "unexpected character ']', expected a value")
        ) {
            try parse(text)
        }
        #expect(throws: Never.self) { try parse("[" + items + "]") }
    }

    @Test func aHugeDuplicateKeyIsQuotedShort() {
        let key = String(repeating: "k", count: 1_000_000)
        let text = "{\"\(key)\": 1,\n \"\(key)\": 2}"
        #expect(
            throws: JSONParser.SyntaxError(
                location: SourceLocation(line: 2, column: 2),
                message: "duplicate key \"\(String(repeating: "k", count: 48))…\"")
        ) {
            try parse(text)
        }
    }
}
