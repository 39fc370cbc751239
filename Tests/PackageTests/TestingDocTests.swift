import CropTestSupport
import Testing

/// docs/testing.md's "Where a test lives" is where an engineer looks for a test and for the
/// helpers the tests share: every target under `Tests/` has its row, and every row a target.
@Suite struct TestingDocTests {
    @Test func everyTargetUnderTestsHasARowAndEveryRowATarget() throws {
        let targets = try Manifest(try Repository.text("Package.swift")).targets.values
        let underTests = Set(targets.filter { $0.folder.hasPrefix("Tests/") }.map(\.name))
        #expect(underTests.contains("CropTestSupport") && underTests.contains("PackageTests"))
        let page = try Repository.text("docs/testing.md")
        let section = try #require(page.firstRange(of: "## Where a test lives")).upperBound
        let end = page[section...].firstRange(of: "\n## ")?.lowerBound ?? page.endIndex
        let rows = page[section..<end].split(separator: "\n").compactMap {
            $0.firstMatch(of: /^\| `(\w+)` \|/).map { String($0.1) }
        }
        #expect(Set(rows) == underTests)
        #expect(rows.count == Set(rows).count, "a target has two rows")
    }
}
