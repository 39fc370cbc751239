import CropSpec
import CropTestSupport
import CropVocabulary
import Foundation
import Testing

/// The coverage map: every requirement (R1.1…R12.5) and every gesture-note rule maps to at least
/// one property, every id a property claims exists, and the rule table in docs/oracle.md matches
/// the notes. Reads the copies in docs/spec/, never the shared folder.
@Suite struct CoverageTests {
    /// "### Requirement N" followed by numbered acceptance criteria "1. …", "2. …".
    static func requirementIds() throws -> [String] {
        var ids: [String] = []
        var requirement: Int?
        for line in try Repository.text("docs/spec/avatar-cropper-requirements.md").split(separator: "\n") {
            if line.hasPrefix("### Requirement "), let n = Int(line.dropFirst("### Requirement ".count)) {
                requirement = n
            } else if line.hasPrefix("## ") {
                requirement = nil
            } else if let r = requirement, let dot = line.firstIndex(of: "."), let k = Int(line[..<dot]) {
                ids.append("R\(r).\(k)")
            }
        }
        return ids
    }

    /// The notes' rules: each row of the vocabulary table (by its first cell) and each top-level
    /// bullet of the Recognition, Motion and Haptics sections.
    static func noteRules() throws -> [String] {
        var rules: [String] = []
        var section = ""
        for line in try Repository.text("docs/spec/gesture-notes.md").split(separator: "\n") {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)); continue }
            if section.hasPrefix("Vocabulary"), line.hasPrefix("| "), !line.hasPrefix("| input"),
                !line.hasPrefix("| ---")
            {
                rules.append(line.split(separator: "|")[0].trimmingCharacters(in: .whitespaces))
            } else if ["Recognition", "Motion", "Haptics"].contains(section), line.hasPrefix("- ") {
                rules.append(String(line.dropFirst(2)))
            }
        }
        return rules
    }

    /// The id table of docs/oracle.md: `| G-… | opening words |`.
    static func ruleTable() throws -> [(id: String, opening: String)] {
        try Repository.text("docs/oracle.md").split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, cells[0].hasPrefix("G-") else { return nil }
            return (cells[0], cells[1])
        }
    }

    static var covered: Set<String> { Set(Property.allCases.flatMap(\.covers)) }

    @Test func everyRequirementHasAProperty() throws {
        let ids = try Self.requirementIds()
        #expect(ids.count == 60, "parsed \(ids.count) requirement ids")
        #expect(ids.filter { !Self.covered.contains($0) } == [])
    }

    @Test func everyGestureNoteRuleHasAnIdAndAProperty() throws {
        let rules = try Self.noteRules()
        let table = try Self.ruleTable()
        #expect(rules.count == 19, "parsed \(rules.count) rules")
        // Every rule of the notes has exactly one id, and every id names a rule of the notes.
        for rule in rules {
            let ids = table.filter {
                rule.hasPrefix($0.opening)
                    && (rule.count == $0.opening.count
                        || !rule[rule.index(rule.startIndex, offsetBy: $0.opening.count)].isLetter)
            }
            #expect(ids.count == 1, "rule \"\(rule.prefix(50))…\" has ids \(ids.map(\.id))")
        }
        for row in table {
            #expect(rules.contains { $0.hasPrefix(row.opening) }, "\(row.id) names no rule of the notes")
            #expect(Self.covered.contains(row.id), "\(row.id) is covered by no property")
        }
    }

    /// The rotation rules of docs/rotation.md: `| ROT-… | rule |`.
    static func rotationRules() throws -> [String] {
        try Repository.text("docs/rotation.md").split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.count == 2 && cells[0].hasPrefix("ROT-") ? cells[0] : nil
        }
    }

    @Test func everyRotationRuleHasAProperty() throws {
        let rules = try Self.rotationRules()
        #expect(rules.count == 10, "parsed \(rules.count) rotation rules")
        #expect(rules.filter { !Self.covered.contains($0) } == [])
    }

    @Test func everyIdAPropertyClaimsExists() throws {
        let known = Set(try Self.requirementIds()).union(try Self.ruleTable().map(\.id)).union(try Self.rotationRules())
        for property in Property.allCases {
            #expect(!property.covers.isEmpty, "\(property.rawValue) covers nothing")
            for id in property.covers { #expect(known.contains(id), "\(property.rawValue) claims unknown \(id)") }
        }
    }

    /// Property names are stable identifiers: file-name safe and unique.
    @Test func propertyNamesAreIdentifiers() {
        for property in Property.allCases {
            #expect(property.rawValue.allSatisfy { $0.isLetter || $0.isNumber }, "\(property.rawValue)")
        }
        #expect(Set(Property.allCases.map(\.rawValue)).count == Property.allCases.count)
    }
}
