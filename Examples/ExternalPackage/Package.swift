// swift-tools-version:6.1
import PackageDescription

// A package as a Segue user writes one: its own animator, a program that renders transitions to
// PNGs, and snapshot tests of them on Segue's test kit. It uses only Segue's public products.
let package = Package(
    name: "ExternalPackage",
    products: [
        .library(name: "CardTransitions", targets: ["CardTransitions"]),
        .executable(name: "render-transitions", targets: ["RenderTransitions"]),
    ],
    dependencies: [
        .package(name: "Segue", path: "../.."),
    ],
    targets: [
        .target(name: "CardTransitions", dependencies: [.product(name: "Segue", package: "Segue")]),
        .executableTarget(
            name: "RenderTransitions",
            dependencies: ["CardTransitions", .product(name: "Segue", package: "Segue")]),
        .testTarget(
            name: "CardTransitionsTests",
            dependencies: [
                "CardTransitions",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
            ],
            exclude: ["Goldens"]),
    ]
)
