// swift-tools-version:6.1
import PackageDescription

// A package as a Segue user writes one: its own animator, a program that renders transitions to
// PNGs, snapshot tests of them on Segue's test kit, and a windowed app built on its animator.
// It uses only Segue's public products.
let package = Package(
    name: "ExternalPackage",
    products: [
        .library(name: "CardTransitions", targets: ["CardTransitions"]),
        .executable(name: "render-transitions", targets: ["RenderTransitions"]),
        .library(name: "CardApp", targets: ["CardApp"]),
        .executable(name: "card-app", targets: ["card-app"]),
    ],
    dependencies: [
        .package(name: "Segue", path: "../.."),
    ],
    targets: [
        .target(name: "CardTransitions", dependencies: [.product(name: "Segue", package: "Segue")]),
        .executableTarget(
            name: "RenderTransitions",
            dependencies: ["CardTransitions", .product(name: "Segue", package: "Segue")]),
        // A windowed app: its scene (a library, so tests can render it headlessly) and its host.
        .target(name: "CardApp", dependencies: ["CardTransitions", .product(name: "Segue", package: "Segue")]),
        .executableTarget(
            name: "card-app",
            dependencies: [
                "CardApp", .product(name: "Segue", package: "Segue"), .product(name: "SegueAppHost", package: "Segue"),
            ]),
        .testTarget(
            name: "CardAppTests",
            dependencies: [
                "CardApp",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
            ]),
        .testTarget(
            name: "CardTransitionsTests",
            dependencies: [
                "CardTransitions",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
                // The player's configuration, for the catalog test (its list of transitions).
                .product(name: "SeguePlayer", package: "Segue"),
            ],
            exclude: ["Goldens"]),
    ]
)
