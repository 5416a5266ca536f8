// swift-tools-version:6.1
import PackageDescription

// Seven small targets written as a user following the README and the DocC catalog of commit
// 779ddb1 wrote them: imports of SegueScene, SegueAnimation and SegueRendering, GL names as
// UInt32s, names qualified by those modules, `any Responder`, and the rest of that API as it was
// used. `make test-upgrade` (scripts/test-upgrade.sh) builds them against this repository: they
// must build, with deprecation warnings only, each naming what to write now (CHANGELOG.md).
// Nothing here is run.
let package = Package(
    name: "UpgradeFrom779ddb1",
    dependencies: [
        .package(name: "Segue", path: "../../.."),
    ],
    targets: [
        // README's "Use it from your package" and GettingStarted: `import Segue` only.
        .target(name: "RenderTool", dependencies: [.product(name: "Segue", package: "Segue")]),
        // README's and RunningAnAppInAWindow's app: SegueAppHost with SegueScene.
        .executableTarget(
            name: "WindowApp",
            dependencies: [.product(name: "SegueAppHost", package: "Segue"), .product(name: "SegueScene", package: "Segue")]),
        // ScenesAndAnimation: a window, views and the compositor on a virtual clock.
        .target(
            name: "SceneAnimation",
            dependencies: [
                .product(name: "SegueScene", package: "Segue"), .product(name: "SegueAnimation", package: "Segue"),
                .product(name: "SegueGL", package: "Segue"), .product(name: "SegueHeadless", package: "Segue"),
                .product(name: "SegueImage", package: "Segue"),
            ]),
        // WritingAGPUAnimator: snapshots, an effect graph, a display link; a texture's UInt32 name.
        .target(
            name: "GPUAnimator",
            dependencies: [
                .product(name: "SegueScene", package: "Segue"), .product(name: "SegueEffects", package: "Segue"),
                .product(name: "SegueGL", package: "Segue"),
            ]),
        // GL names as UInt32s through the GL wrapper and the GPU objects.
        .target(
            name: "RawGL",
            dependencies: [.product(name: "SegueGL", package: "Segue"), .product(name: "SegueHeadless", package: "Segue")]),
        // The whole renders of SegueRendering, some names qualified by the module.
        .target(
            name: "RenderJobs",
            dependencies: [
                .product(name: "SegueRendering", package: "Segue"), .product(name: "SegueImage", package: "Segue"),
                .product(name: "SegueTransitions", package: "Segue"),
            ]),
        // Keys through `any Responder`, a responder of one's own, SegueScene-qualified names; and a
        // file that imports both Segue and SegueScene, as some did.
        .target(
            name: "KeyRouting",
            dependencies: [.product(name: "SegueScene", package: "Segue"), .product(name: "Segue", package: "Segue")]),
    ]
)
