import CropFiles

extension FolderMark {
    /// What makes a folder a cropsim report (`run`, `report merge`, `report diff` write one), and
    /// which format wrote it: `MarkedFolder` replaces only a folder with this marker, an empty
    /// one, or a report written before the marker existed (`summary.json`, `junit.xml` and
    /// `scenarios/`, perhaps `index.html`, nothing else).
    public static let report = FolderMark(
        fileName: ".cropsim-report", kind: "cropsim-report", version: 1,
        legacyRequired: ["summary.json", "junit.xml", "scenarios"],
        legacyAllowed: ["summary.json", "junit.xml", "index.html", "scenarios"],
        noun: "report", example: "Reports/latest")
}
