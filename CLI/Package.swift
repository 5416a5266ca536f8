// swift-tools-version:6.1
import PackageDescription

// The `segue` command line and its benchmarks, a package of their own so that a package that
// depends on Segue's libraries (the package one folder up) never resolves argument-parser; and
// the ways in from other programs: libsegue (a C API) and the frei0r plugin built on it.

/// This folder, for the linker's version script (SwiftPM does not say which folder it links in).
let packageFolder = String(#filePath.dropLast("/Package.swift".count))

/// `SEGUE_LIBSEGUE_SANITIZER=thread` (scripts/test-capi-tsan, with `swift build --sanitize=thread`):
/// libsegue links Swift's shared runtime instead of a static copy, and leaves the sanitizer's
/// entry points to the instrumented host that loads it. A static libdispatch inside the library
/// would hide its semaphores from ThreadSanitizer's interceptors (false reports on every GL job),
/// and `-z defs` refuses the `__tsan_*` references the host provides.
let sanitizedLibsegue = Context.environment["SEGUE_LIBSEGUE_SANITIZER"] != nil
/// How libsegue links: Swift's runtime in statically, nothing left unresolved (what is shipped).
let libsegueStaticRuntime: [String] = [
    "-static-stdlib", "-Xlinker", "-z", "-Xlinker", "defs", "-Xlinker", "--start-group",
    "-Xlinker", "-lFoundation", "-Xlinker", "-lCoreFoundation",
    "-Xlinker", "-lFoundationInternationalization", "-Xlinker", "-lFoundationEssentials",
    "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationICU",
    "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-lswiftCore", "-Xlinker", "-lswift_Concurrency",
    "-Xlinker", "-lswiftSynchronization", "-Xlinker", "-lswiftDispatch", "-Xlinker", "-ldispatch",
    "-Xlinker", "-lBlocksRuntime", "-Xlinker", "--end-group",
]
let package = Package(
    name: "SegueCLI",
    products: [
        .executable(name: "segue", targets: ["SegueCLI"]),
        // libsegue-capi.so, installed as libsegue.so by `make libsegue`: segue.h's C API, Swift's runtime linked in.
        .library(name: "segue-capi", type: .dynamic, targets: ["SegueCAPI"]),
        // The frei0r plugin (`make frei0r` installs it as segue.so): the C API and frei0r's entry points.
        .library(name: "segue-frei0r", type: .dynamic, targets: ["SegueFrei0r"]),
    ],
    dependencies: [
        .package(name: "Segue", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: - Benchmark floor: the pixel dissolve in bare C + GL, no engine

        .target(name: "CSegueFloor", linkerSettings: [.linkedLibrary("epoxy")]),
        // A frei0r mixer2 host in C, for the frei0r plugin's per-frame cost.
        .target(name: "CFrei0rHost", linkerSettings: [.linkedLibrary("dl")]),

        // MARK: - Benchmarks (`segue bench`): the performance tester, apart from the libraries

        .target(
            name: "SegueBenchmarks",
            dependencies: [
                .product(name: "Segue", package: "Segue"), .product(name: "SegueAppHost", package: "Segue"), "CSegueFloor",
                "CFrei0rHost",
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

        // MARK: - libsegue (C API) and the frei0r plugin: loaded by hosts with no Swift toolchain, so
        // Swift's runtime is linked in statically and only segue_* and f0r_* are exported.

        .target(name: "CSegue"),
        .target(
            name: "SegueCAPI",
            dependencies: [
                "CSegue", .product(name: "SegueEffects", package: "Segue"), .product(name: "SegueGL", package: "Segue"),
                .product(name: "SegueHeadless", package: "Segue"), .product(name: "SegueImage", package: "Segue"),
                .product(name: "SegueRenderJobs", package: "Segue"), .product(name: "SegueTransitions", package: "Segue"),
                .product(name: "SegueColor", package: "Segue"),
            ],
            linkerSettings: [
                // Foundation's own static dependencies are not in its autolink entries, so they are
                // named here, in a group with it; `-z defs` fails the link on anything left unresolved.
                // `-z nodelete`: a host's dlclose (MLT closes a frei0r plugin while the process runs)
                // must not unmap the code the engine's GL thread is still running (melt crashed at
                // exit with 139 after writing its file).
                .unsafeFlags(
                    [
                        "-Xlinker", "--version-script=\(packageFolder)/libsegue/libsegue.map",
                        "-Xlinker", "-z", "-Xlinker", "nodelete",
                    ] + (sanitizedLibsegue ? [] : libsegueStaticRuntime)),
            ]),
        .target(name: "SegueFrei0r", dependencies: ["CSegue", "SegueCAPI"]),

        // MARK: - Tests (run the built `segue` as a user would; the window tests under Xvfb)

        .testTarget(
            name: "SegueCLITests",
            dependencies: [
                "SegueCLI", "SegueBenchmarks",
                .product(name: "Segue", package: "Segue"),
                .product(name: "SegueGLFW", package: "Segue"),
                .product(name: "SegueTesting", package: "Segue"),
                .product(name: "SeguePlayer", package: "Segue"),
            ]),
    ]
)
