// swift-tools-version:6.1
import PackageDescription

// Segue pictures as pointfreeco/swift-snapshot-testing snapshots. A package of its own so that
// depending on Segue (or its SegueTesting kit) never resolves swift-snapshot-testing and the
// swift-syntax it brings; teams that already use it add this one.
let package = Package(
    name: "SegueSnapshotTesting",
    products: [
        .library(name: "SegueSnapshotTesting", targets: ["SegueSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "Segue", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(
            name: "SegueSnapshotTesting",
            dependencies: [
                .product(name: "SegueImage", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        .testTarget(
            name: "SegueSnapshotTestingTests",
            dependencies: [
                "SegueSnapshotTesting",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
