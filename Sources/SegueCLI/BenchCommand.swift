import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SeguePlatform

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Headless frames per second of the pixel dissolve: fused, one pass per filter, and a bare C floor.")

    /// The target this benchmark checks: the engine's fused path within 5% of bare C + GL.
    static let fusedOverFloorTarget = 0.95

    @Flag(help: "Print one JSON object on stdout instead of the table.") var json = false
    @Option(help: "Comma-separated sizes.") var sizes = "1280x720,1920x1080"
    @Option(help: "Frames per run (at least 120 for reported figures).") var frames = 120
    @Option(help: "Runs per variant; the median is reported (at least 5 for reported figures).") var runs = 5
    @Option(help: "Warm-up frames per variant before timing.") var warmup = 30

    struct Report: Codable {
        let renderer: String
        let backend: String
        let framesPerRun: Int
        let runs: Int
        let warmupFrames: Int
        let measurements: [PixelDissolveBenchmark.Measurement]
        let fusedOverFloorTarget: Double
        let targetMet: Bool
        /// The compositor on 100 textured views with animated 3D transforms.
        let scene: [SceneBenchmark.Measurement]
    }

    func run() throws {
        // Commands run on the main thread; views and the animation engine are main-actor types.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        let parsedSizes = try sizes.split(separator: ",").map { try FrameSize.parse(String($0)) }
        guard frames >= 1, runs >= 1, warmup >= 0 else { throw ValidationError("--frames and --runs must be at least 1") }

        let context = try HeadlessEGLContext()
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        let benchmark = PixelDissolveBenchmark(frames: frames, runs: runs, warmupFrames: warmup)
        if !json {
            print("Segue bench: pixel dissolve on \(device.driverDescription) (\(context.backendDescription))")
            print("median of \(runs) runs x \(frames) frames after \(warmup) warm-up frames per variant\n")
            print(pad("size", 11) + pad("mode", 10) + pad("fused fps", 11, right: true) + pad("multipass", 11, right: true)
                + pad("floor fps", 11, right: true) + pad("fused/floor", 13, right: true) + pad("fused/multi", 13, right: true))
        }
        var measurements: [PixelDissolveBenchmark.Measurement] = []
        for size in parsedSizes {
            for mode in PixelDissolveBenchmark.SyncMode.allCases {
                let m = try benchmark.measure(device: device, size: (size.width, size.height), mode: mode)
                measurements.append(m)
                if !json {
                    print(pad(m.size, 11) + pad(m.mode.rawValue, 10) + pad(fmt(m.fusedFPS, 1), 11, right: true)
                        + pad(fmt(m.multipassFPS, 1), 11, right: true) + pad(fmt(m.floorFPS, 1), 11, right: true)
                        + pad(fmt(m.fusedOverFloor, 3), 13, right: true) + pad(fmt(m.fusedOverMultipass, 2), 13, right: true))
                }
            }
        }
        let met = measurements.allSatisfy { $0.fusedOverFloor >= Self.fusedOverFloorTarget }
        if !json { print("\ncompositor: 100 textured views, 3D transforms animated every frame (glFinish per frame)") }
        var scene: [SceneBenchmark.Measurement] = []
        for size in parsedSizes {
            let m = try SceneBenchmark(frames: frames, runs: runs, warmupFrames: warmup)
                .measure(device: device, size: (size.width, size.height))
            scene.append(m)
            if !json {
                print(pad(m.size, 11) + "\(m.views) views  " + pad(fmt(m.fps, 1), 9, right: true) + "fps  "
                    + "\(fmt(m.drawCallsPerFrame, 0)) draws/frame, \(m.uploadsDuringFrames) uploads, \(m.compilesDuringFrames) compiles during frames")
            }
        }
        let report = Report(
            renderer: device.driverDescription, backend: context.backendDescription, framesPerRun: frames, runs: runs,
            warmupFrames: warmup, measurements: measurements, fusedOverFloorTarget: Self.fusedOverFloorTarget,
            targetMet: met, scene: scene)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("\ntarget fused >= \(Self.fusedOverFloorTarget) x floor at every size and mode: \(met ? "met" : "NOT met")")
            let frames = measurements.map(\.timedFrames).reduce(0, +)
            let uploads = measurements.map(\.uploadsDuringFrames).reduce(0, +)
            let compiles = measurements.map(\.compilesDuringFrames).reduce(0, +)
            let objects = measurements.map(\.glObjectsAllocatedDuringFrames).reduce(0, +)
            print("during \(frames) timed frames: \(uploads) texture uploads, \(compiles) shader compiles, \(objects) GL objects created")
        }
    }

    private func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s + "  " : s + fill
    }
    private func fmt(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
