import CropSim
import Testing

@Suite struct JSONParserTests {
    func parse(_ s: String) throws(JSONParser.SyntaxError) -> JSONValue { try JSONParser.parse(Array(s.utf8)) }

    @Test func locationsCountLinesAndScalars() throws {
        let v = try parse("{\n  \"é\": [1, \"x\"],\n  \"b\": true\n}")
        guard case .object(let members) = v.kind, case .array(let items) = members[0].value.kind else {
            Issue.record("wrong shape")
            return
        }
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(items[1].location == SourceLocation(line: 2, column: 12))
        #expect(members[1].value.location == SourceLocation(line: 3, column: 8))
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
        ("\"\\ud800\"", "unpaired surrogate in \\u escape"),
    ])
    func invalidJSONIsRejected(_ text: String, _ message: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.message == message) }
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        guard case .string(let s) = try parse(#""a\n\u00e9\ud83d\ude00""#).kind else {
            Issue.record("not a string")
            return
        }
        #expect(s == "a\né😀")
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try parse(deep) }
    }
}
