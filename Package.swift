// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "cropsim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CropModel", targets: ["CropModel"]),
        .library(name: "CropSpec", targets: ["CropSpec"]),
        .library(name: "CropSim", targets: ["CropSim"]),
        .executable(name: "cropsim", targets: ["cropsim"]),
        .executable(name: "cropsim-studio", targets: ["cropsim-studio"]),
        .executable(name: "FuzzTrace", targets: ["FuzzTrace"]),
        .executable(name: "FuzzScenarioParser", targets: ["FuzzScenarioParser"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    ],
    targets: [
        // The product under test: pure value types, no I/O, no clock, no C library.
        .target(
            name: "CropModel",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),

        // The spec oracle: every requirement and gesture-note rule restated as a property, judged from
        // the events, effects and poses of a run. Uses the model's plain value types only, never its
        // helpers (a test greps for them).
        .target(
            name: "CropSpec",
            dependencies: ["CropModel", .product(name: "RealModule", package: "swift-numerics")]
        ),

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
        .target(name: "CropImaging", dependencies: ["CropModel", "CImagingShim", "CLCMS", "CropFiles"]),
        // Paths as bytes, file identity and non-blocking reads: how every command opens what it is given.
        .target(name: "CropFiles"),

        // The simulator: scenarios, touch synthesis, recognizers, the 60 Hz loop, invariants, logs.
        .target(
            name: "CropSim",
            dependencies: ["CropModel", "CropSpec", "CGSL", "CropFiles", .product(name: "RealModule", package: "swift-numerics")]
        ),

        // The gesture fuzzer: choice-sequence generation from mt19937, oracle, shrinking, regressions.
        .target(name: "CropFuzz", dependencies: ["CropSim", "CropSpec", "CropModel", "CGSL"]),
        // libFuzzer entry points: a C shim holding a weak reference to LLVMFuzzerRunDriver, so the
        // executables also link (and replay files) in ordinary builds without -sanitize=fuzzer.
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "FuzzTrace", dependencies: ["CropFuzz", "CFuzzerDriver"]),
        .executableTarget(name: "FuzzScenarioParser", dependencies: ["CropFuzz", "CropSim", "CropModel", "CFuzzerDriver"]),

        // The edge between scenarios and real photos: headers in, rendered avatars out.
        // OpenSSL's libcrypto, for SHA-256 content hashes (a batch resumes by photo bytes).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "CropPhotos", dependencies: ["CropSim", "CropImaging", "CropModel", "CCrypto"]),

        // The HTML report and contact sheets: charts, filmstrips and frame rasters from run results.
        .target(name: "CropReport", dependencies: ["CropModel", "CropSim", "CropImaging"]),

        // The studio: a loopback HTTP server whose page records gestures by hand against the live
        // simulator and saves them as scenarios (docs/studio.md).
        .target(
            name: "CropStudio",
            dependencies: ["CropModel", "CropSim", "CropReport", "CropImaging", "CropPhotos"]
        ),

        .executableTarget(
            name: "cropsim",
            dependencies: [
                "CropModel",
                "CropSim",
                "CropImaging",
                "CropReport",
                "CropPhotos",
                "CropFuzz",
                "CropStudioLaunch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The studio's server runs as a program of its own (when it used FlyingFox, that kept
        // FoundationNetworking out of every other command; docs/studio.md). `cropsim studio`
        // checks its options and hands them over as JSON.
        .target(name: "CropStudioLaunch"),
        .executableTarget(name: "cropsim-studio", dependencies: ["CropStudio", "CropStudioLaunch", "CropSim", "CropModel"]),

        .testTarget(
            name: "CropModelTests",
            dependencies: [
                "CropModel",
                "CropSpec",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CropImagingTests",
            dependencies: ["CropImaging", "CropModel", "CLCMS"]
        ),
        .testTarget(
            name: "CropReportTests",
            dependencies: ["CropReport", "CropSim", "CropModel", "CropImaging"]
        ),
        .testTarget(
            name: "CropStudioTests",
            dependencies: ["CropStudio", "CropSim", "CropModel", "CropPhotos", "CropImaging"]
        ),
        .testTarget(
            name: "CropFuzzTests",
            dependencies: ["CropFuzz", "CropSim", "CropModel"]
        ),
        .testTarget(
            name: "CropSpecTests",
            dependencies: ["CropSpec", "CropModel", "CropSim", "CropFuzz", "CropImaging"]
        ),
        .testTarget(
            name: "CropSimTests",
            dependencies: [
                "CropSim",
                "CropModel",
                "CropPhotos",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
