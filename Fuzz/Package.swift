// swift-tools-version:6.1
import PackageDescription

// Segue's libFuzzer targets, a package of its own so the normal build never compiles them with
// the fuzzer's instrumentation (`make fuzz` builds it with `-sanitize=fuzzer,address`). The entry
// functions are the library's test target's (`Tests/SegueFuzzReplayTests/Entries`, linked here),
// so `make test` replays every corpus file through the same code without libFuzzer.
let package = Package(
    name: "SegueFuzz",
    dependencies: [
        .package(name: "Segue", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "segue-fuzz",
            dependencies: [
                .product(name: "SegueTimeline", package: "Segue"),
                .product(name: "SegueEffects", package: "Segue"),
                .product(name: "SegueGLSL", package: "Segue"),
                .product(name: "SegueImage", package: "Segue"),
                .product(name: "SegueExport", package: "Segue"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ]
)
