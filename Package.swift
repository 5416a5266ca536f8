// swift-tools-version:6.1
import PackageDescription

// Segue's libraries. The `segue` command line and the benchmarks are a package of their own in
// CLI/, so a package that depends on these libraries resolves none of the CLI's dependencies.
let package = Package(
    name: "Segue",
    products: [
        // Everyday use: GL, pictures, effects, the UIKit port, the seeds' animators, export, timelines, headless EGL.
        .library(name: "Segue", targets: ["Segue"]),
        // Windows and input through GLFW (links X11); a headless render worker leaves it out.
        .library(name: "SegueGLFW", targets: ["SegueGLFW"]),
        // Runs a `Window` in a GLFW window: events, live resizes, content scale, redraw on change.
        .library(name: "SegueAppHost", targets: ["SegueAppHost"]),
        // The transition player of `segue play` and `segue demo`, to embed in an app of one's own.
        .library(name: "SeguePlayer", targets: ["SeguePlayer"]),
        // Snapshot tests of users' own transitions (goldens, tolerances, diff pictures).
        .library(name: "SegueTesting", targets: ["SegueTesting"]),
        // The modules one by one, for programs that want less than the umbrella.
        .library(name: "SegueGL", targets: ["SegueGL"]),
        .library(name: "SegueHeadless", targets: ["SegueHeadless"]),
        .library(name: "SegueImage", targets: ["SegueImage"]),
        .library(name: "SegueGLSL", targets: ["SegueGLSL"]),
        .library(name: "SegueEffects", targets: ["SegueEffects"]),
        .library(name: "SegueTiming", targets: ["SegueTiming"]),
        .library(name: "SegueInput", targets: ["SegueInput"]),
        .library(name: "SegueUIKit", targets: ["SegueUIKit"]),
        .library(name: "SegueCompositor", targets: ["SegueCompositor"]),
        .library(name: "SegueStage", targets: ["SegueStage"]),
        .library(name: "SegueSoak", targets: ["SegueSoak"]),
        .library(name: "SegueTransitions", targets: ["SegueTransitions"]),
        .library(name: "SegueOutput", targets: ["SegueOutput"]),
        .library(name: "SegueExport", targets: ["SegueExport"]),
        .library(name: "SegueTimeline", targets: ["SegueTimeline"]),
        .library(name: "SegueRenderJobs", targets: ["SegueRenderJobs"]),
        .library(name: "SegueText", targets: ["SegueText"]),
        .library(name: "SegueColor", targets: ["SegueColor"]),
        // Deprecated: the modules' names before 1.0, each re-exporting its successor, its types
        // deprecated aliases that say what to import instead (CHANGELOG.md, 1.0.0).
        .library(name: "SegueScene", targets: ["SegueScene"]),
        .library(name: "SegueAnimation", targets: ["SegueAnimation"]),
        .library(name: "SegueRendering", targets: ["SegueRendering"]),
        // The child a user's `.glsl` is first compiled in, under the compile budget, for a program
        // that does not carry it (Segue in a shared library; see `ShaderCompileProbe.defaultProbe`):
        // found in SEGUE_COMPILE_PROBE, beside the program or on PATH. A Swift program needs none.
        .executable(name: "segue-compile-probe", targets: ["SegueCompileProbe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // `swift package generate-documentation` for the DocC catalog (used by no target).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
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
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CExif", path: "Sources/CExif", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]),
        .systemLibrary(
            name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]),

        // MARK: - Shaders (GLSL files embedded into the binary at build time)

        .target(name: "SegueShaders", path: "Shaders", resources: [.embedInCode("glsl")]),

        // MARK: - GL layer and platform back ends (the renderer never makes a context)

        // The one wrapper over epoxy_gl*, GPU objects, typed errors, counters.
        .target(
            name: "SegueGL",
            dependencies: ["CEpoxy", "SegueShaders", "SegueImage", .product(name: "Logging", package: "swift-log")]),
        // EGL surfaceless contexts for tests, export and render workers: no X11, no GLFW.
        .target(name: "SegueHeadless", dependencies: ["SegueGL", "CEpoxy"]),
        // GLFW windows and their input (X11), in the input vocabulary the UIKit port also speaks.
        .target(
            name: "SegueGLFW",
            dependencies: ["SegueGL", "SegueInput", "CEpoxy", "CGLFW", .product(name: "Logging", package: "swift-log")]),
        // `HeadlessStage`: a `Window`, its compositor and a virtual clock on a headless EGL context
        // (the headless counterpart of SegueAppHost; tests, export, render workers).
        .target(
            name: "SegueStage",
            dependencies: ["SegueHeadless", "SegueUIKit", "SegueCompositor", "SegueGL", "SegueTiming", "SegueImage"]),
        // The application host: a GLFW window joined to a `Window` (the glue the renderer never is).
        .target(
            name: "SegueAppHost",
            dependencies: [
                "SegueGLFW", "SegueUIKit", "SegueCompositor", "SegueGL", "SegueTiming",
                .product(name: "Logging", package: "swift-log"),
            ]),

        // The transition player: timeline, overlay, key actions, frame statistics (no argument parsing).
        .target(
            name: "SeguePlayer",
            dependencies: [
                "SegueAppHost", "SegueGLFW", "SegueUIKit", "SegueCompositor", "SegueText", "SegueImage", "SegueTiming", "SegueGL",
                "SegueEffects", "SegueTransitions", "SegueColor", .product(name: "Logging", package: "swift-log"),
            ]),

        // MARK: - Colour (what a picture's numbers mean; the media pipeline's conversions)

        .target(name: "SegueColor"),

        // MARK: - Images

        // libpng's full API in C: its errors longjmp, which must never cross Swift frames.
        .target(name: "CSeguePNG", dependencies: ["CPNG"], path: "Sources/CSeguePNG"),
        .target(name: "CSegueJPEG", path: "Sources/CSegueJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(
            name: "SegueImage", dependencies: ["CPNG", "CSeguePNG", "CSegueJPEG", "CTurboJPEG", "CWebP", "CExif", "CLCMS2", "CHeif"],
            linkerSettings: [.linkedLibrary("m")]),

        // MARK: - Effects (filter chains, fusion compiler, the pixel dissolve, gl-transitions)

        // The GLSL front end of users' and gl-transitions' shaders: lexer, the declarations'
        // parser, literals and ranges, the macro and compile budgets, constant expressions. Pure
        // Swift, no GL: a shader is judged before any context sees it.
        .target(name: "SegueGLSL"),
        .target(
            name: "SegueEffects",
            dependencies: ["SegueGLSL", "SegueGL", "SegueShaders", "SegueImage", "SegueColor", .product(name: "Logging", package: "swift-log")]),

        // MARK: - Output (transactional folders and files, interrupt cleanup) and export (video and GIF through ffmpeg)

        .target(name: "SegueOutput"),
        .target(
            name: "SegueExport",
            dependencies: ["SegueEffects", "SegueGL", "SegueImage", "SegueOutput", "SegueTiming", "SegueColor", "SegueShaders"]),
        // The timeline engine on the export: edit specs and their plans, the sound graphs, titles
        // and subtitles, smart render, chunks and their join.
        .target(
            name: "SegueTimeline",
            dependencies: [
                "SegueExport", "SegueEffects", "SegueGL", "SegueImage", "SegueOutput", "SegueTiming", "SegueColor", "SegueShaders",
                "SegueText",
            ]),

        // MARK: - Animation (GL-free: timing curves, springs, clocks), the UIKit port (views) and its compositor

        .target(name: "SegueTiming"),
        // The input-event vocabulary (keys, modifiers, pointer buttons) below both the platform
        // back ends and the UIKit port.
        .target(name: "SegueInput"),
        .target(
            name: "SegueUIKit",
            dependencies: [
                "SegueTiming", "SegueInput", "SegueGL", "SegueShaders", "SegueImage", "SegueEffects",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The GL compositor that draws a window's view tree (the port's `WindowRenderer`): beside
        // the port, not inside it, as magnum keeps SceneGraph/ apart from GL/.
        .target(name: "SegueCompositor", dependencies: ["SegueUIKit", "SegueGL", "SegueShaders", "SegueImage"]),

        // MARK: - Text (fontconfig finds fonts, HarfBuzz shapes, FreeType rasterises; Label is a view)

        .target(
            name: "SegueText",
            dependencies: [
                "CFreeType", "CHarfBuzz", "CFontconfig", "SegueUIKit", "SegueImage",
                .product(name: "Logging", package: "swift-log"),
            ]),

        // MARK: - Built-in transitions (the seeds' examples and the GPU animator)

        .target(
            name: "SegueTransitions",
            dependencies: ["SegueUIKit", "SegueEffects", "SegueTiming", "SegueGL", "SegueImage"]),
        // The stress harnesses: the long mixed session (`TransitionSoak`) and seeded random
        // gestures against a catalog's interactive transitions (`GestureStress`).
        .target(
            name: "SegueSoak",
            dependencies: ["SegueTransitions", "SegueStage", "SegueUIKit", "SegueCompositor", "SegueTiming", "SegueGL"]),

        // MARK: - Rendering a transition by name between two pictures (frames, PNGs, contact sheets)
        // and the renders a front end runs whole: frame folders, videos, the filter sheet, the
        // transition gallery, the scene demo, a user's shader compiled under a budget

        // The compile budget's child side before `main`, so every program that links SegueRenderJobs
        // (a user's executable, `swift test`'s bundle) is its own child (`ShaderCompileProbe.thisProgram`).
        .target(name: "CSegueProbeChild", path: "Sources/CSegueProbeChild"),
        .target(
            name: "SegueRenderJobs",
            dependencies: [
                "CSegueProbeChild", "SegueEffects", "SegueHeadless", "SegueStage", "SegueTransitions", "SegueUIKit", "SegueGL",
                "SegueImage", "SegueText", "SegueTiming", "SegueOutput", "SegueExport", "SegueTimeline", "SegueColor",
                .product(name: "Logging", package: "swift-log"),
            ]),

        .executableTarget(name: "SegueCompileProbe", dependencies: ["SegueRenderJobs"]),

        // MARK: - Umbrella and test kit

        // `import Segue`: the everyday modules in one import (GLFW stays separate).
        .target(
            name: "Segue",
            dependencies: [
                "SegueGL", "SegueGLSL", "SegueHeadless", "SegueImage", "SegueEffects", "SegueTiming", "SegueUIKit", "SegueCompositor",
                "SegueStage",
                "SegueTransitions", "SegueSoak", "SegueOutput", "SegueExport", "SegueTimeline", "SegueRenderJobs", "SegueText", "SegueColor",
            ]),
        .target(
            name: "SegueTesting",
            dependencies: [
                "SegueImage", "SegueGL", "SegueHeadless", "SegueStage", "SegueUIKit", "SegueEffects", "SegueTransitions",
                "SegueRenderJobs", "SegueOutput",
            ]),

        // MARK: - The modules' names before 1.0, deprecated (CHANGELOG.md): SegueScene is SegueUIKit
        // (and SegueCompositor), SegueAnimation is SegueTiming, SegueRendering is SegueRenderJobs.

        .target(name: "SegueScene", dependencies: ["SegueUIKit", "SegueCompositor", "SegueInput"]),
        .target(name: "SegueAnimation", dependencies: ["SegueTiming"]),
        .target(name: "SegueRendering", dependencies: ["SegueRenderJobs", "SegueTransitions"]),

        // MARK: - Examples (run by the tests)

        .executableTarget(
            name: "PixelDissolveExample",
            dependencies: ["SegueEffects", "SegueHeadless", "SegueImage"],
            path: "Examples/PixelDissolveExample"),
        .executableTarget(
            name: "EffectGraphExample",
            dependencies: ["SegueEffects", "SegueHeadless", "SegueImage"],
            path: "Examples/EffectGraphExample"),
        // The seeds' samples' colours, shared by their ports and the seed app.
        .target(name: "SeedPalette", dependencies: ["SegueUIKit", "SegueImage"], path: "Examples/SeedPalette"),
        // The seeds' samples ported line for line to Segue's API (run by SeedPortsTests).
        .executableTarget(
            name: "SeedPorts",
            dependencies: [
                "SegueStage", "SeedPalette", "SegueUIKit", "SegueCompositor", "SegueTiming", "SegueEffects", "SegueGL", "SegueHeadless", "SegueImage",
                "SegueTransitions",
            ],
            path: "Examples/SeedPorts"),

        // A hosted app driven by the window tests (a coloured view a pan moves, keys, text, scroll);
        // its scene is a library of its own so the tests render the same state headlessly.
        .target(name: "HostSampleScene", dependencies: ["SegueUIKit"], path: "Examples/HostSample/Scene"),
        .executableTarget(
            name: "HostSample",
            dependencies: ["SegueAppHost", "HostSampleScene", "SegueGLFW", "SegueUIKit"],
            path: "Examples/HostSample/App"),

        // Two GLFW windows in one process, each closed on its own (run by TwoWindowTests).
        .executableTarget(
            name: "TwoWindowsSample", dependencies: ["SegueGLFW", "SegueGL"], path: "Examples/TwoWindows"),

        // The seeds' apps as a user runs them (`swift run SeedApp`): a menu of buttons that present
        // and push with the seeds' animators; its screens are a library the tests also render headlessly.
        .target(
            name: "SeedAppScenes", dependencies: ["SeedPalette", "SegueUIKit", "SegueText", "SegueTransitions"],
            path: "Examples/SeedApp/Scenes"),
        .executableTarget(
            name: "SeedApp", dependencies: ["SegueAppHost", "SeedAppScenes", "SegueUIKit"], path: "Examples/SeedApp/App"),

        // MARK: - Tests

        .target(
            name: "CSegueAllocationCounter", path: "Tests/Support/CSegueAllocationCounter"),
        // `withCompositor`: a compositor and a target on a headless context, for the compositor's
        // tests and the port's tests that draw a window.
        .target(
            name: "SegueCompositorTestSupport", dependencies: ["SegueCompositor", "SegueHeadless", "SegueGL"],
            path: "Tests/Support/SegueCompositorTestSupport"),
        // Scratch folders, a headless device, stand-in ffmpeg tools and the clip colour fixtures,
        // for the export's and the timeline's tests.
        .target(
            name: "SegueExportTestSupport", dependencies: ["SegueExport", "SegueHeadless", "SegueGL", "SegueColor", "SegueTesting"],
            path: "Tests/Support/SegueExportTestSupport"),
        .testTarget(name: "SegueColorTests", dependencies: ["SegueTesting", "SegueColor"]),
        .testTarget(name: "SegueImageTests", dependencies: ["SegueTesting", "SegueImage", "SegueTiming", "CLCMS2"]),
        .testTarget(name: "SegueTimingTests", dependencies: ["SegueTesting", "SegueTiming"]),
        .testTarget(
            name: "SegueUIKitTests",
            dependencies: [
                "SegueStage", "SegueUIKit", "SegueCompositor", "SegueCompositorTestSupport", "SegueTiming", "SegueHeadless", "SegueImage",
                "SegueGL", "SegueTesting",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueCompositorTests",
            dependencies: [
                "SegueCompositor", "SegueCompositorTestSupport", "SegueUIKit", "SegueTiming", "SegueGL", "SegueHeadless", "SegueImage",
                "CSegueAllocationCounter", "SegueTesting",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueGLTests",
            dependencies: ["SegueTesting", "SegueGL", "SegueHeadless", "SegueShaders", "SegueImage"]),
        .testTarget(
            name: "SegueTransitionsTests",
            dependencies: [
                "SegueStage", "SegueTransitions", "SegueEffects", "SegueUIKit", "SegueCompositor", "SegueTiming", "SegueHeadless", "SegueImage", "SegueGL",
                "SegueTesting",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueSoakTests",
            dependencies: ["SegueSoak", "SegueTransitions", "SegueUIKit", "SegueTiming", "SegueHeadless", "SegueGL", "SegueTesting"]),
        .testTarget(name: "SegueGLSLTests", dependencies: ["SegueGLSL", "SegueTesting"]),
        .testTarget(
            name: "SegueEffectsTests",
            dependencies: [
                "SegueEffects", "SegueGLSL", "SegueHeadless", "SegueImage", "CSegueAllocationCounter", "SegueTesting",
            ],
            exclude: ["Goldens", "GLTransitionFixtures"]),
        .testTarget(
            name: "SeedPortsTests",
            dependencies: ["SegueStage", "SegueTesting", "SeedPorts", "SeedPalette", "SegueUIKit", "SegueTiming", "SegueGL", "SegueImage", "SegueHeadless"]),
        .testTarget(name: "SegueOutputTests", dependencies: ["SegueTesting", "SegueOutput"]),
        .testTarget(
            name: "SegueExportTests",
            dependencies: [
                "SegueOutput", "SegueExport", "SegueExportTestSupport", "SegueEffects", "SegueHeadless", "SegueImage", "SegueGL",
                "SegueTesting", "SegueColor",
            ]),
        .testTarget(
            name: "SegueTimelineTests",
            dependencies: [
                "SegueTimeline", "SegueExport", "SegueExportTestSupport", "SegueOutput", "SegueImage", "SegueColor", "SegueTesting",
            ]),
        .testTarget(name: "SegueTestingTests", dependencies: ["SegueTesting", "SegueImage", "SegueUIKit", "SegueTransitions"]),
        .testTarget(
            name: "SegueRenderJobsTests",
            dependencies: [
                "SegueRenderJobs", "SegueEffects", "SegueImage", "SegueTesting", "SegueText", "SegueExport", "SegueTimeline", "SegueOutput",
                "SegueTransitions", "SegueColor", "SegueExportTestSupport",
            ]),
        .testTarget(
            name: "SegueStageTests", dependencies: ["SegueStage", "SegueUIKit", "SegueHeadless", "SegueImage", "SegueTesting"]),
        .testTarget(
            name: "SegueTextTests",
            dependencies: ["SegueStage", "SegueText", "SegueUIKit", "SegueImage", "SegueHeadless", "SegueGL", "SegueOutput", "SegueTesting"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SegueAppHostTests",
            dependencies: [
                "SegueStage", "SegueTesting", "SegueAppHost", "SegueUIKit", "SegueHeadless", "SegueImage", "HostSample", "HostSampleScene",
            ]),
        // GLFW's input codes, and two GLFW windows in one process (the sample program, under Xvfb).
        .testTarget(name: "SegueGLFWTests", dependencies: ["SegueGLFW", "SegueInput", "SegueTesting", "TwoWindowsSample"]),
        .testTarget(
            name: "SeguePlayerTests",
            dependencies: [
                "SeguePlayer", "SegueGLFW", "SegueUIKit", "SegueText", "SegueImage", "SegueEffects", "SegueTransitions",
                "SegueTesting", "SegueHeadless", "SegueGL",
            ]),
        .testTarget(
            name: "SeedAppTests",
            dependencies: [
                "SegueStage", "SegueTesting", "SeedAppScenes", "SeedApp", "SeedPalette", "SegueUIKit", "SegueText", "SegueTransitions",
                "SegueHeadless", "SegueImage",
            ]),
        // The fuzz targets' entry functions (also linked into Fuzz/, the libFuzzer package) and the
        // replay of their corpora and kept findings.
        .testTarget(
            name: "SegueFuzzReplayTests",
            dependencies: ["SegueTimeline", "SegueExport", "SegueGLSL", "SegueImage", "SegueTesting"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["SegueImage", "SegueTesting", "PixelDissolveExample", "EffectGraphExample"]),
    ]
)
