import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The property table is the one place a property's facts live: one row per property, its
/// citations verbatim from docs/spec/, its policies real, its check where it says, and
/// docs/properties.md printed from it.
@Suite struct PropertyTableTests {
    @Test func theCommittedReferenceIsTheGeneratedOne() throws {
        let committed = try Repository.text("docs/properties.md")
        #expect(committed == PropertyReference.markdown, "run: cropsim oracle-doc --out docs/properties.md")
    }

    /// Rows are read by the case's position: each must sit at its own.
    @Test func everyPropertyHasOneRowAtItsPosition() {
        #expect(PropertyTable.rows.map(\.property) == Property.allCases)
        for property in Property.allCases { #expect(PropertyTable[property].property == property) }
    }

    @Test func everyJudgedPropertyCitesTheSpec() {
        for row in PropertyTable.rows where row.kind != .static {
            #expect(
                !row.spec.isEmpty && row.spec.allSatisfy { !$0.text.isEmpty }, "\(row.property.rawValue) cites nothing")
        }
    }

    /// Every policy a row names is one a model can declare, and every policy changes something.
    @Test func everyPolicyNamedExists() {
        let declared = Set(Policies.descriptors.map(\.name))
        let named = Set(PropertyTable.rows.flatMap(\.policies))
        #expect(named.subtracting(declared).sorted() == [])
        #expect(declared.subtracting(named).sorted() == [], "a policy that changes no property")
        for row in PropertyTable.rows {
            #expect(Set(row.policies).count == row.policies.count, "\(row.property.rawValue)")
        }
    }

    /// A quote is the spec's words: each part between elisions occurs, whitespace aside, in the
    /// requirement it names, or in the requirements or the notes for a section or a G- rule.
    @Test func everyQuoteIsInTheSpec() throws {
        let criteria = try Self.criteria()
        let requirements = Self.words(try Repository.text("docs/spec/avatar-cropper-requirements.md"))
        let notes = Self.words(try Repository.text("docs/spec/gesture-notes.md"))
        for row in PropertyTable.rows {
            for quote in row.spec {
                let place = quote.source.hasPrefix("G-") ? notes : criteria[quote.source] ?? requirements
                #expect(
                    (quote.source.wholeMatch(of: /R\d+\.\d+/) != nil) == (criteria[quote.source] != nil),
                    "\(row.property.rawValue): \(quote.source) is no requirement")
                for part in quote.text.components(separatedBy: " … ") {
                    #expect(
                        place.contains(Self.words(part)),
                        "\(row.property.rawValue): \(quote.source) does not say “\(part)”")
                }
            }
        }
    }

    /// The files a row names hold its check (a check moved elsewhere must move its row's entry).
    @Test func everyCheckIsWhereItsRowSays() throws {
        for row in PropertyTable.rows {
            #expect(!row.checkedIn.isEmpty, "\(row.property.rawValue) is checked nowhere")
            for place in row.checkedIn {
                let path = place.contains("/") ? String(place.prefix { $0 != "#" }) : "Sources/CropSpec/\(place)"
                let text = try Repository.text(path)
                let name = row.property.rawValue
                let mentioned = place.contains("/") ? text.contains(name) : text.contains(try Regex("\\.\(name)\\b"))
                #expect(mentioned, "\(path) does not mention \(name)")
            }
        }
    }

    /// Every decision a row links to is a heading of an existing document.
    @Test func everyDecisionLinksAHeading() throws {
        for place in Set(PropertyTable.rows.flatMap { $0.decisions + $0.checkedIn }) where place.contains("#") {
            let parts = place.split(separator: "#", maxSplits: 1).map(String.init)
            let anchors = try Repository.text(parts[0]).split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                Self.anchor(String($0))
            }
            #expect(anchors.contains(parts[1]), "\(place) links no heading")
        }
    }

    /// The capability rule `isJudged` had as a special case is a row now: the crop rect is
    /// judged on every frame's rect or on the crop request, whichever the model has.
    @Test func cropRectInSourceNeedsOneOfItsSources() {
        #expect(
            Property.cropRectInSource.isJudged(given: .cropRect) && Property.cropRectInSource.isJudged(given: .confirm))
        #expect(!Property.cropRectInSource.isJudged(given: [.haptics, .slider]))
        #expect(Property.cropRectInSource.needs == [])
        #expect(Property.memoryFallbackNoticeShown.needs == [.memoryFallback, .confirm, .notices])
        #expect(!Property.memoryFallbackNoticeShown.isJudged(given: [.memoryFallback, .confirm]))
        #expect(Property.finiteState.isJudged(given: []))
    }

    /// Each acceptance criterion's text by its id (R1.1…R12.5), in words.
    static func criteria() throws -> [String: String] {
        var out: [String: String] = [:]
        var requirement: Int?
        for line in try Repository.text("docs/spec/avatar-cropper-requirements.md").split(separator: "\n") {
            if line.hasPrefix("### Requirement "), let n = Int(line.dropFirst("### Requirement ".count)) {
                requirement = n
            } else if line.hasPrefix("## ") {
                requirement = nil
            } else if let r = requirement, let dot = line.firstIndex(of: "."), let k = Int(line[..<dot]) {
                out["R\(r).\(k)"] = words(String(line[line.index(after: dot)...]))
            }
        }
        return out
    }

    /// Text with every run of whitespace made one space: a quote may join a wrapped line.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
                .map { $0 == " " ? "-" : $0 })
    }
}
