// swift-tools-version:6.1
import PackageDescription

// The code of the SegueUIKit guide "Writing an animator" (Sources/SegueUIKit/SegueUIKit.docc/
// WritingAnAnimator.md), as a user's package: Segue by path, its public products only. The guide
// shows every line of Sources/; `make test-external` checks that they agree, then builds this
// package and runs its tests headless.
let package = Package(
    name: "AnimatorGuide",
    products: [
        .library(name: "SlideUpTransition", targets: ["SlideUpTransition"]),
        .executable(name: "sheet-app", targets: ["sheet-app"]),
    ],
    dependencies: [
        .package(name: "Segue", path: "../.."),
    ],
    targets: [
        .target(name: "SlideUpTransition", dependencies: [.product(name: "Segue", package: "Segue")]),
        // The same screens in a window (needs a display; built by the tests, not run).
        .executableTarget(
            name: "sheet-app",
            dependencies: [
                "SlideUpTransition", .product(name: "Segue", package: "Segue"), .product(name: "SegueAppHost", package: "Segue"),
            ]),
        .testTarget(
            name: "SlideUpTransitionTests",
            dependencies: [
                "SlideUpTransition",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
            ]),
    ]
)
