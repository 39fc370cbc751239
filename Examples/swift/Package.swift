// swift-tools-version: 6.1
import PackageDescription

// A team's avatar editor in its own package, checked in process by cropsim.
//
// The editor target sees cropsim's vocabulary only (events, effects, the pose, the
// `EditorModel` protocol); the simulator, the spec oracle and the fuzzer are test
// dependencies. A team outside this repository names cropsim by its git URL instead:
//     .package(url: "https://git.example.com/your-org/cropsim.git", branch: "main")
let package = Package(
    name: "TeamCropper",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TeamCropper", targets: ["TeamCropper"])
    ],
    dependencies: [
        .package(name: "cropsim", path: "../..")
    ],
    targets: [
        .target(
            name: "TeamCropper",
            dependencies: [.product(name: "CropVocabulary", package: "cropsim")]
        ),
        .testTarget(
            name: "TeamCropperTests",
            dependencies: [
                "TeamCropper",
                .product(name: "CropVocabulary", package: "cropsim"),
                .product(name: "CropScenario", package: "cropsim"),
                .product(name: "CropSim", package: "cropsim"),
                .product(name: "CropFuzz", package: "cropsim")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
