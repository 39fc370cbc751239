@testable import CropFrames
import CropVocabulary
import Testing

struct OverlayFontTests {
    @Test(arguments: [4, 12, 20, 36])
    func wrappingKeepsEveryWordWithinTheColumns(columns: Int) {
        for message in Message.allCases {
            let lines = OverlayFont.wrap(message.text, columns: columns)
            #expect(lines.allSatisfy { !$0.isEmpty && $0.count <= columns }, "\(message) at \(columns)")
            // Only spaces were dropped, and only between lines or where a long word was cut.
            #expect(lines.joined().filter { $0 != " " } == message.text.filter { $0 != " " })
        }
    }

    @Test func everyMessageCharacterHasItsOwnGlyph() {
        let unknown = OverlayFont.glyph("?")
        for message in Message.allCases {
            for c in message.text where c != "?" {
                #expect(OverlayFont.glyph(c) != unknown, "\(c) in \(message)")
                #expect(OverlayFont.glyph(c).count == OverlayFont.height)
            }
        }
    }
}
