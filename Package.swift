// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SegueGL", targets: ["SegueGL"]),
        .library(name: "SeguePlatform", targets: ["SeguePlatform"]),
        .library(name: "SegueImage", targets: ["SegueImage"]),
        .library(name: "SegueEffects", targets: ["SegueEffects"]),
        .library(name: "SegueAnimation", targets: ["SegueAnimation"]),
        .library(name: "SegueScene", targets: ["SegueScene"]),
        .library(name: "SegueTransitions", targets: ["SegueTransitions"]),
        .library(name: "SegueExport", targets: ["SegueExport"]),
        .executable(name: "segue", targets: ["SegueCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - C seams (system libraries found through pkg-config)

        .systemLibrary(
            name: "CEpoxy", path: "Sources/CEpoxy", pkgConfig: "epoxy",
            providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(
            name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3",
            providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CExif", path: "Sources/CExif", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]),

        // MARK: - Shaders (GLSL files embedded into the binary at build time)

        .target(name: "SegueShaders", path: "Shaders", resources: [.embedInCode("glsl")]),

        // MARK: - GL layer and platform back ends

        // The one wrapper over epoxy_gl*, GPU objects, typed errors, counters.
        .target(name: "SegueGL", dependencies: ["CEpoxy", "SegueShaders", "SegueImage"]),
        // Contexts: EGL surfaceless (headless) and GLFW windows. The renderer never makes one.
        .target(name: "SeguePlatform", dependencies: ["SegueGL", "CEpoxy", "CGLFW"]),

        // MARK: - Images

        .target(name: "SegueImage", dependencies: ["CPNG", "CTurboJPEG", "CWebP", "CExif"], linkerSettings: [.linkedLibrary("m")]),

        // MARK: - Effects (filter chains, fusion compiler, the pixel dissolve)

        .target(name: "SegueEffects", dependencies: ["SegueGL", "SegueShaders", "SegueImage"]),

        // MARK: - Export (video and GIF through an ffmpeg subprocess)

        .target(name: "SegueExport", dependencies: ["SegueEffects", "SegueGL", "SegueImage", "SegueAnimation"]),

        // MARK: - Animation (GL-free: timing curves, springs, clocks) and the scene (views, compositor)

        .target(name: "SegueAnimation"),
        .target(
            name: "SegueScene",
            dependencies: ["SegueAnimation", "SegueGL", "SegueShaders", "SegueImage"]),

        // MARK: - Built-in transitions (the seeds' examples and the GPU animator)

        .target(
            name: "SegueTransitions",
            dependencies: ["SegueScene", "SegueEffects", "SegueAnimation", "SegueGL", "SegueImage"]),

        // MARK: - Benchmark floor: the pixel dissolve in bare C + GL, no engine

        .target(name: "CSegueFloor", dependencies: ["CEpoxy"], path: "Sources/CSegueFloor"),

        // MARK: - Command line

        .executableTarget(
            name: "SegueCLI",
            dependencies: [
                "SegueEffects", "SegueScene", "SegueTransitions", "SegueAnimation", "SeguePlatform", "SegueImage",
                "CSegueFloor", "SegueExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: - Examples (run by the tests)

        .executableTarget(
            name: "PixelDissolveExample",
            dependencies: ["SegueEffects", "SeguePlatform", "SegueImage"],
            path: "Examples/PixelDissolveExample"),
        .executableTarget(
            name: "EffectGraphExample",
            dependencies: ["SegueEffects", "SeguePlatform", "SegueImage"],
            path: "Examples/EffectGraphExample"),
        // The seeds' samples ported line for line to Segue's API (run by SeedPortsTests).
        .executableTarget(
            name: "SeedPorts",
            dependencies: ["SegueScene", "SegueAnimation", "SegueEffects", "SegueGL", "SeguePlatform", "SegueImage"],
            path: "Examples/SeedPorts"),

        // MARK: - Tests

        .target(
            name: "CSegueAllocationCounter", path: "Tests/Support/CSegueAllocationCounter"),
        // Golden-image comparisons shared by the test targets.
        .target(
            name: "SegueTestSupport", dependencies: ["SegueImage", "SegueGL", "SeguePlatform", "SegueScene"],
            path: "Tests/Support/SegueTestSupport"),
        .testTarget(name: "SegueImageTests", dependencies: ["SegueImage"]),
        .testTarget(name: "SegueAnimationTests", dependencies: ["SegueAnimation"]),
        .testTarget(
            name: "SegueSceneTests",
            dependencies: [
                "SegueScene", "SegueAnimation", "SeguePlatform", "SegueImage", "CSegueAllocationCounter", "SegueTestSupport",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueGLTests",
            dependencies: ["SegueGL", "SeguePlatform", "SegueShaders"]),
        .testTarget(
            name: "SegueTransitionsTests",
            dependencies: [
                "SegueTransitions", "SegueScene", "SegueAnimation", "SeguePlatform", "SegueImage", "SegueGL",
                "SegueTestSupport",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueEffectsTests",
            dependencies: [
                "SegueEffects", "SeguePlatform", "SegueImage", "CSegueAllocationCounter", "SegueTestSupport",
            ],
            exclude: ["Goldens", "GLTransitionFixtures"]),
        .testTarget(
            name: "SeedPortsTests",
            dependencies: ["SeedPorts", "SegueScene", "SegueAnimation", "SegueGL", "SegueImage", "SeguePlatform"]),
        .testTarget(
            name: "SegueExportTests",
            dependencies: ["SegueExport", "SegueEffects", "SeguePlatform", "SegueImage", "SegueGL", "SegueTestSupport"]),
        .testTarget(
            name: "SegueCLITests",
            dependencies: [
                "SegueImage", "SegueEffects", "SeguePlatform", "SegueCLI", "PixelDissolveExample", "EffectGraphExample",
                "SegueExport", "SegueTestSupport",
            ]),
    ]
)
