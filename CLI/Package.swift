// swift-tools-version:6.1
import PackageDescription

// The `segue` command line and its benchmarks, a package of their own so that a package that
// depends on Segue's libraries (the package one folder up) never resolves argument-parser.
let package = Package(
    name: "SegueCLI",
    products: [
        .executable(name: "segue", targets: ["SegueCLI"]),
    ],
    dependencies: [
        .package(name: "Segue", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: - Benchmark floor: the pixel dissolve in bare C + GL, no engine

        .target(name: "CSegueFloor", linkerSettings: [.linkedLibrary("epoxy")]),

        // MARK: - Benchmarks (`segue bench`): the performance tester, apart from the libraries

        .target(
            name: "SegueBenchmarks",
            dependencies: [
                .product(name: "Segue", package: "Segue"), .product(name: "SegueAppHost", package: "Segue"), "CSegueFloor",
            ]),

        // MARK: - Command line

        .executableTarget(
            name: "SegueCLI",
            dependencies: [
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueGLFW", package: "Segue"),
                .product(name: "SegueAppHost", package: "Segue"),
                .product(name: "SeguePlayer", package: "Segue"),
                "SegueBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // MARK: - Tests (run the built `segue` as a user would; the window tests under Xvfb)

        .testTarget(
            name: "SegueCLITests",
            dependencies: [
                "SegueCLI",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueGLFW", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
                .product(name: "SeguePlayer", package: "Segue"),
            ]),
    ]
)
