// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "cropsim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CropModel", targets: ["CropModel"]),
        .library(name: "CropSim", targets: ["CropSim"]),
        .executable(name: "cropsim", targets: ["cropsim"]),
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

        // GNU Scientific Library: splines for drag paths, mt19937 for the fuzzer.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),

        // The simulator: scenarios, touch synthesis, recognizers, the 60 Hz loop, invariants, logs.
        .target(
            name: "CropSim",
            dependencies: ["CropModel", "CGSL"]
        ),

        .executableTarget(
            name: "cropsim",
            dependencies: [
                "CropModel",
                "CropSim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "CropModelTests",
            dependencies: [
                "CropModel",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CropSimTests",
            dependencies: [
                "CropSim",
                "CropModel",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
