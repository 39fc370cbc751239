import CropTestSupport
import Foundation
import Testing

/// `Package.swift` shows the whole dependency graph. SwiftPM on Linux lets a target import any
/// module already built beside it, so an edge missing from the manifest still compiles, until a
/// build order changes; these tests read the manifest and every target's `import` lines, the way
/// `StaticSpecTests` reads the oracle's.
@Suite struct PackageGraphTests {
    /// Modules of the toolchain, which no manifest declares.
    static let toolchain: Set = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML",
        "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest"
    ]

    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Manifest(try Repository.text("Package.swift")).targets
        #expect(targets.count > 20)
        #expect(targets["CropReport"]?.dependencies.contains("CropFrames") == true)
        #expect(targets["CropCommandLine"]?.dependencies.contains("ArgumentParser") == true)
        #expect(targets["CropTestSupport"]?.folder == "Tests/CropTestSupport")  // its `path:`
        for target in targets.values {
            for (file, module) in try Self.imports(under: target.folder)
            where module != target.name && !Self.toolchain.contains(module) {
                #expect(
                    target.dependencies.contains(module),
                    "\(file) imports \(module), which \(target.name) does not declare")
            }
        }
    }

    /// The other way round: a declared dependency none of the target's files imports is an edge
    /// the code does not have. C targets are left out: they include headers, not modules.
    @Test func everyDeclaredDependencyIsImported() throws {
        let targets = try Manifest(try Repository.text("Package.swift")).targets
        for target in targets.values where !(try Self.hasCSources(target.folder)) {
            let imported = Set(try Self.imports(under: target.folder).map(\.module))
            for dependency in target.dependencies.sorted() {
                #expect(
                    imported.contains(dependency),
                    "\(target.name) declares \(dependency), which none of its files imports")
            }
        }
    }

    /// Modules only some targets may use, and which: CropReport is the report and nothing else
    /// (issue 37), so what other targets need of a run's files lives in CropFiles (output files,
    /// folders, locks, interrupts), CropFrames (frame drawing) and CropLogs (the logs and
    /// `summary.json` others read back).
    static let restricted: [String: Set<String>] = ["CropReport": ["CropCommandLine", "CropReportTests"]]

    @Test func restrictedModulesAreUsedOnlyByTheirTargets() throws {
        let targets = try Manifest(try Repository.text("Package.swift")).targets
        for (module, allowed) in Self.restricted {
            for name in allowed {
                #expect(targets[name]?.dependencies.contains(module) == true, "\(name) no longer uses \(module)")
            }
            for target in targets.values where target.name != module && !allowed.contains(target.name) {
                #expect(
                    !target.dependencies.contains(module),
                    "\(target.name) lists \(module), which only \(allowed.sorted()) may use")
                for (file, imported) in try Self.imports(under: target.folder) where imported == module {
                    Issue.record("\(file) imports \(module), which only \(allowed.sorted()) may use")
                }
            }
        }
    }

    @Test func nothingIsReexported() throws {
        for folder in ["Sources", "Tests"] {
            for file in try Self.swiftFiles(under: folder) where file != "Tests/PackageTests/PackageGraphTests.swift" {
                #expect(!(try Repository.text(file)).contains("@_exported"), "\(file)")
            }
        }
    }

    /// No two targets' names or source files differ only in case: on a case-insensitive file
    /// system (a Mac's default) they would be one file, and a reader sees two names for one thing
    /// (issue 37: `Sources/cropsim` beside `Sources/CropSim`).
    @Test func noTwoNamesDifferOnlyInCase() throws {
        let targets = try Manifest(try Repository.text("Package.swift")).targets
        let names =
            targets.values.map(\.name) + targets.values.map(\.folder)
            + (try ["Sources", "Tests"].flatMap { try Self.swiftFiles(under: $0) })
        let clashes = Dictionary(grouping: Set(names), by: { $0.lowercased() }).values.filter { $0.count > 1 }
        #expect(clashes.isEmpty, "\(clashes.map { $0.sorted() })")
    }

    /// The import lines catch what they should: attributes, kinds and submodules.
    @Test func importLinesAreRead() {
        #expect(Self.module(imported: "@testable import CropReport") == "CropReport")
        #expect(Self.module(imported: "@preconcurrency import Glibc  // stdout") == "Glibc")
        #expect(Self.module(imported: "import struct CropSim.RunResult") == "CropSim")
        #expect(Self.module(imported: "  import CropText") == "CropText")
        #expect(Self.module(imported: "// import CropSim") == nil)
        #expect(Self.module(imported: "let important = 1") == nil)
    }

    static func module(imported line: String) -> String? {
        let pattern = /^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?(\w+)/
        return line.firstMatch(of: pattern).map { String($0.1) }
    }

    static func imports(under folder: String) throws -> [(file: String, module: String)] {
        try swiftFiles(under: folder).flatMap { file in
            try Repository.text(file).split(separator: "\n").filter { $0.contains("import ") }
                .compactMap { line in module(imported: String(line)).map { (file, $0) } }
        }
    }

    static func hasCSources(_ folder: String) throws -> Bool {
        let root = Repository.root.appendingPathComponent(folder).path
        return try FileManager.default.subpathsOfDirectory(atPath: root).contains { $0.hasSuffix(".c") }
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let root = Repository.root.appendingPathComponent(folder).path
        return try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted().map
        { "\(folder)/\($0)" }
    }
}

/// The targets of `Package.swift` as written: each `.target`, `.executableTarget` and
/// `.testTarget` with its folder (its `path:`, or SwiftPM's default `Sources/<name>` or
/// `Tests/<name>`) and the modules of its `dependencies` (target names and products' names).
struct Manifest {
    struct Target {
        var name: String
        var folder: String
        var dependencies: Set<String>
    }

    var targets: [String: Target] = [:]

    init(_ text: String) throws {
        let start = /\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([\w-]+)"/
        let matches = text.matches(of: start)
        for (k, match) in matches.enumerated() where match.1 != "systemLibrary" && match.1 != "plugin" {
            let end = k + 1 < matches.count ? matches[k + 1].range.lowerBound : text.endIndex
            let body = text[match.range.upperBound..<end]
            let name = String(match.2)
            let folder =
                body.firstMatch(of: /\bpath:\s*"([^"]+)"/).map { String($0.1) }
                ?? (match.1 == "testTarget" ? "Tests/" : "Sources/") + name
            targets[name] = Target(name: name, folder: folder, dependencies: try Self.dependencies(body))
        }
    }

    /// The quoted names inside `dependencies: [...]`, leaving out `package:` names.
    static func dependencies(_ body: Substring) throws -> Set<String> {
        guard let open = body.firstRange(of: /dependencies:\s*\[/) else { return [] }
        var depth = 1, i = open.upperBound
        while depth > 0 {
            guard i < body.endIndex else { throw Malformed() }
            depth += body[i] == "[" ? 1 : body[i] == "]" ? -1 : 0
            i = body.index(after: i)
        }
        let list = body[open.upperBound..<i].replacing(/package:\s*"[^"]*"/, with: "")
        return Set(list.matches(of: /"([\w-]+)"/).map { String($0.1) })
    }

    struct Malformed: Error {}
}
