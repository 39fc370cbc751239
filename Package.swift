// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "cropsim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CropVocabulary", targets: ["CropVocabulary"]),
        .library(name: "CropModel", targets: ["CropModel"]),
        .library(name: "CropSpec", targets: ["CropSpec"]),
        .library(name: "CropScenario", targets: ["CropScenario"]),
        .library(name: "CropSim", targets: ["CropSim"]),
        .library(name: "CropFuzz", targets: ["CropFuzz"]),
        .executable(name: "cropsim", targets: ["CropCommandLine"]),
        .executable(name: "cropsim-reference-model", targets: ["cropsim-reference-model"]),
        .executable(name: "FuzzTrace", targets: ["FuzzTrace"]),
        .executable(name: "FuzzScenarioParser", targets: ["FuzzScenarioParser"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0")
    ],
    targets: [
        // What an editor and the oracle exchange: events, effects, observations, config, the photo,
        // the view, the pose, messages, and the `EditorModel` protocol any editor conforms to.
        .target(name: "CropVocabulary"),

        // The reference editor: pure value types, no I/O, no clock, no C library.
        .target(
            name: "CropModel",
            dependencies: ["CropVocabulary", .product(name: "RealModule", package: "swift-numerics")]
        ),

        // The spec oracle: every requirement and gesture-note rule restated as a property, judged from
        // the events, effects and poses of a run, and `CheckedEditor`, the front door that drives any
        // `EditorModel` under it. It sees the vocabulary only: it cannot call a model's helpers.
        .target(
            name: "CropSpec",
            dependencies: ["CropVocabulary", .product(name: "RealModule", package: "swift-numerics")]
        ),

        // Models in other processes: the wire protocol (docs/model-protocol.md), a model's process
        // with deadlines and bounded reads, and `PipeEditor`, an `EditorModel` over a pipe.
        .target(name: "CropPipe", dependencies: ["CropVocabulary", "CropText"]),
        // The reference editor served over that protocol: the protocol's conformance check.
        .executableTarget(name: "cropsim-reference-model", dependencies: ["CropModel", "CropPipe", "CropVocabulary"]),

        // GNU Scientific Library: splines for drag paths, mt19937 for the fuzzer.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),

        // Imaging: libpng, libjpeg-turbo and Little CMS, a C shim that turns their longjmp errors into
        // return codes, and the Swift library that decodes photos and renders the avatar.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(name: "CImagingShim", dependencies: ["CPNG", "CJPEG", "CLCMS"]),
        .target(
            name: "CropImaging", dependencies: ["CropVocabulary", "CropModel", "CImagingShim", "CLCMS", "CropFiles"]),
        // How every command opens what it is given (paths as bytes, file identity, non-blocking
        // reads) and writes what it leaves behind: files written to a temporary name and renamed,
        // the crash-safe output folder, folder locks, clean-up on interrupt, one-line output errors.
        .target(name: "CropFiles", dependencies: ["CropText"]),

        // The byte-stable text every output shares: numbers, JSON strings, markup escapes, so the
        // logs, the reports, the studio and the fuzzer's finds spell a number the same way. Not in
        // CropReport: scenario files are written with it too, and CropReport depends on CropSim.
        .target(name: "CropText"),

        // Which build made an output: the version and the git commit (`cropsim --version`, reports'
        // and finds' metadata). A target of its own so a new commit recompiles one file.
        .target(name: "CropBuild", plugins: ["GitCommit"]),
        .plugin(name: "GitCommit", capability: .buildTool()),

        // The scenario format declared once: the JSON reader, the scenario values, one descriptor
        // per field (parse, encode, check, schema), the parser, the schema, the encoder.
        .target(name: "CropScenario", dependencies: ["CropVocabulary", "CropModel", "CropFiles", "CropText"]),

        // The simulator: touch synthesis, recognizers, the 60 Hz loop, invariants.
        .target(
            name: "CropSim",
            dependencies: [
                "CropScenario", "CropVocabulary", "CropModel", "CropSpec", "CropPipe", "CGSL",
                .product(name: "RealModule", package: "swift-numerics")
            ]
        ),

        // The gesture fuzzer: choice-sequence generation from mt19937, oracle, shrinking, regressions
        // (written with CropFiles' atomic files; replays compared through CropLogs' FrameLog).
        .target(
            name: "CropFuzz",
            dependencies: [
                "CropScenario", "CropVocabulary", "CropSim", "CropSpec", "CropModel", "CGSL", "CropFiles", "CropLogs",
                "CropText", "CropBuild",
                .product(name: "RealModule", package: "swift-numerics")
            ]
        ),
        // libFuzzer entry points: a C shim holding a weak reference to LLVMFuzzerRunDriver, so the
        // executables also link (and replay files) in ordinary builds without -sanitize=fuzzer.
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "FuzzTrace", dependencies: ["CropFuzz", "CropVocabulary", "CFuzzerDriver"]),
        .executableTarget(
            name: "FuzzScenarioParser",
            dependencies: ["CropFuzz", "CropScenario", "CropSim", "CropVocabulary", "CFuzzerDriver"]),

        // The edge between scenarios and real photos: headers in, rendered avatars out.
        // OpenSSL's libcrypto, for SHA-256 content hashes (a batch resumes by photo bytes).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "CropPhotos",
            dependencies: [
                "CropVocabulary", "CropScenario", "CropSim", "CropImaging", "CropModel", "CCrypto", "CropFiles",
                "CropText"
            ]),

        // The files of a run that other commands read back: the deterministic frame log, measured
        // frame timing, `summary.json` and the model it names, `scenario.resolved.json`. The
        // fuzzer compares replays through `FrameLog`; `report diff` reads `summary.json`.
        .target(
            name: "CropLogs",
            dependencies: [
                "CropVocabulary", "CropModel", "CropSpec", "CropScenario", "CropSim", "CropText", "CGSL", "CropBuild"
            ]
        ),

        // The editor's frame drawn from a run: the scene (`FrameScene`), rasters for contact sheets
        // and animations, SVG filmstrips and the script that redraws them, the test pattern, the
        // palette, the overlay font. The report, the studio and `render --animate` draw with it.
        .target(
            name: "CropFrames",
            dependencies: ["CropVocabulary", "CropModel", "CropScenario", "CropSim", "CropImaging", "CropText"],
            // `cropsimDrawFrame`, embedded like the report's scripts (`PackageResources`).
            resources: [.embedInCode("Resources/frame-drawing.js")]
        ),

        // What a run leaves behind as a report: the report folder's writer, JUnit, Chrome traces,
        // shard merging, and the HTML report and contact sheets. Only the command line imports it
        // (`PackageGraphTests` holds it so).
        .target(
            name: "CropReport",
            dependencies: [
                "CropVocabulary", "CropModel", "CropSpec", "CropScenario", "CropSim", "CropImaging", "CropFiles",
                "CropFrames", "CropLogs", "CropText", "CropBuild"
            ],
            // The page's CSS and scripts, compiled into the binary as byte arrays
            // (`PackageResources`): a report opens with nothing but its folder, and `cropsim`
            // copied elsewhere needs no resource bundle beside it.
            resources: [
                .embedInCode("Resources/report.css"), .embedInCode("Resources/error-trap.js"),
                .embedInCode("Resources/report.js")
            ]
        ),
        // Two reports of one suite compared scenario by scenario: what changed, by how much, from
        // which tick, and a page with both runs' timelines and filmstrips (docs/report-diff.md).
        .target(
            name: "CropReportDiff",
            dependencies: [
                "CropLogs", "CropSim", "CropScenario", "CropVocabulary", "CropPipe", "CropFiles", "CropText", "CCrypto"
            ]
        ),

        // Animations of a run: the report's frames at real speed, streamed one at a time into
        // libwebp's animation encoder (docs/animation.md).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .target(
            name: "CropAnimation",
            dependencies: ["CropFrames", "CropLogs", "CropSim", "CropImaging", "CropVocabulary", "CWebP"]),

        // The studio: a loopback HTTP server whose page records gestures by hand against the live
        // simulator and saves them as scenarios (docs/studio.md). It runs inside `cropsim`
        // (`cropsim studio`): its server is our own, on the C library's sockets, so it links no
        // network stack that every other command would load.
        .target(
            name: "CropStudio",
            dependencies: [
                "CropVocabulary", "CropModel", "CropSpec", "CropScenario", "CropSim", "CropFiles", "CropFrames",
                "CropImaging", "CropPhotos", "CropText"
            ]
        ),

        .executableTarget(
            name: "CropCommandLine",
            dependencies: [
                "CropVocabulary",
                "CropModel",
                "CropScenario",
                "CropSim",
                "CropSpec",
                "CropPipe",
                "CropImaging",
                "CropReport",
                "CropFrames",
                "CropLogs",
                "CropReportDiff",
                "CropAnimation",
                "CropPhotos",
                "CropFuzz",
                "CropStudio",
                "CropFiles",
                "CropText",
                "CropBuild",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),

        // What the test targets share (docs/testing.md): the checkout's root, the built programs
        // run with a deadline, temporary folders and the sandbox, the one seeded generator, a config
        // field changed within its range. A
        // library target kept under Tests/: test targets cannot depend on a test target, and
        // Sources/ holds only what ships.
        .target(
            name: "CropTestSupport",
            dependencies: ["CropVocabulary", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/CropTestSupport"
        ),
        // Tests of the whole tree rather than of one module: the manifest against every target's
        // imports, the test targets against docs/testing.md.
        .testTarget(name: "PackageTests", dependencies: ["CropTestSupport"]),

        .testTarget(
            name: "CropModelTests",
            dependencies: [
                "CropVocabulary",
                "CropModel",
                "CropSpec",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        .testTarget(
            name: "CropPipeTests",
            dependencies: [
                "CropPipe", "CropTestSupport", "CropText", "CropVocabulary",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        .testTarget(
            name: "CropImagingTests",
            dependencies: ["CropImaging", "CropVocabulary", "CropModel", "CLCMS", "CropTestSupport"]
        ),
        .testTarget(
            name: "CropFilesTests",
            dependencies: [
                "CropFiles", "CropTestSupport", .product(name: "PropertyBased", package: "swift-property-based")
            ]),
        .testTarget(name: "CropTextTests", dependencies: ["CropText"]),
        .testTarget(
            name: "CropPhotosTests",
            dependencies: [
                "CropPhotos", "CropImaging", "CropFiles", "CropScenario", "CropSim", "CropVocabulary", "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropReportTests",
            dependencies: [
                "CropReport", "CropReportDiff", "CropFiles", "CropFrames", "CropLogs", "CropScenario", "CropSim",
                "CropSpec",
                "CropVocabulary", "CropImaging", "CropText", "CropBuild", "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropFramesTests",
            dependencies: [
                "CropFrames", "CropImaging", "CropScenario", "CropSim", "CropSpec", "CropVocabulary", "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropReportDiffTests",
            dependencies: [
                "CropReportDiff", "CropScenario", "CropSim", "CropPipe", "CropTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        .testTarget(
            name: "CropAnimationTests",
            dependencies: [
                "CropAnimation", "CropFrames", "CropScenario", "CropSim", "CropVocabulary", "CWebP", "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropStudioTests",
            dependencies: [
                "CropStudio", "CropScenario", "CropSim", "CropVocabulary", "CropPhotos", "CropImaging", "CropText",
                "CropPipe", "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropFuzzTests",
            dependencies: [
                "CropFuzz", "CropScenario", "CropSim", "CropSpec", "CropVocabulary", "CropModel", "CropFiles",
                "CropTestSupport"
            ]
        ),
        .testTarget(
            name: "CropSpecTests",
            dependencies: [
                "CropSpec", "CropVocabulary", "CropModel", "CropScenario", "CropSim", "CropImaging", "CropTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        .testTarget(
            name: "CropScenarioTests",
            dependencies: [
                "CropScenario",
                "CropTestSupport",
                "CropText",
                "CropVocabulary",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        ),
        // The command line's contract, checked on the built `cropsim` binary (docs/testing.md):
        // exit codes, one-line errors, report folders, report and fuzz merge. Depending on the
        // executable gives the `parseAsRoot` tests `@testable import CropCommandLine`.
        .testTarget(
            name: "CropsimCLITests",
            dependencies: [
                "CropCommandLine", "CropPhotos", "CropTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .testTarget(
            name: "CropSimTests",
            dependencies: [
                "CropScenario",
                "CropSim",
                "CropSpec",
                "CropVocabulary",
                "CropModel",
                "CropPhotos",
                "CropLogs",
                "CropTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

// `CROPSIM_ONLY_TESTS=<test target>` keeps that test target and the targets it depends on, and no
// product: `scripts/check-imaging-asan` runs only the imaging tests under AddressSanitizer, and a
// sanitized build of the whole package (every command, every test target) was most of its time.
// Unset, as for every other build, the manifest is the one above.
if let only = Context.environment["CROPSIM_ONLY_TESTS"] {
    var kept: Set<String> = [], next = [only]
    while let name = next.popLast() {
        guard kept.insert(name).inserted, let target = package.targets.first(where: { $0.name == name }) else {
            continue
        }
        for case .byNameItem(let dependency, _) in target.dependencies { next.append(dependency) }
        for case .targetItem(let dependency, _) in target.dependencies { next.append(dependency) }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products = []
}
