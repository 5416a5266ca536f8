import CFrei0rHost
import Foundation
import SegueTiming
import SegueImage
import SegueRenderJobs

/// `segue bench --sections frei0r`: the per-frame cost of the frei0r plugin (segue.so) as MLT calls
/// it, f0r_update2 with two new pictures each frame (two uploads, a render, a readback), against
/// the same transition through the command line's renderer (`TransitionRenderer`: pictures
/// uploaded once per render, a readback per frame; its context and compile counted in). Runs
/// alternate, one of each per round, with the machine's load printed beside each.
@MainActor
public struct Frei0rBenchmark {
    /// The plugin: `SEGUE_FREI0R_PLUGIN`, else what `make frei0r` stages.
    nonisolated public static var defaultPlugin: String {
        ProcessInfo.processInfo.environment["SEGUE_FREI0R_PLUGIN"] ?? ".build-libsegue/frei0r-1/segue.so"
    }

    let plugin: String
    let size: FrameSize
    let frames: Int
    let runs: Int
    var transition = "wipeleft"

    func run(table: BenchTable) throws -> ReportRow {
        let (width, height) = (size.width, size.height)
        let from = try SampleImages.from(width: width, height: height), to = try SampleImages.to(width: width, height: height)
        var error = [CChar](repeating: 0, count: 512)
        guard let host = frei0r_host_open(plugin, UInt32(width), UInt32(height), transition, &error, error.count) else {
            throw BenchmarkError.toolFailed(tool: "frei0r plugin \(plugin)", status: 1, log: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { frei0r_host_close(host) }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let progress = (0..<frames).map { Double($0) / Double(max(frames - 1, 1)) }
        // The plugin loads and compiles its transition at its first frame: not part of a frame's cost.
        frei0r_host_update(host, 0, from.pixels, to.pixels, &out)
        let renderer = try TransitionRenderer(named: transition, width: width, height: height)
        table.line("\nfrei0r: \(transition) \(size), \(frames) frames per run, alternating with the CLI's renderer (\(plugin))")
        // One peer is the plugin's frames, the other the CLI renderer's; milliseconds per frame.
        let peers: [() throws -> Void] = [
            { for value in progress { frei0r_host_update(host, value, from.pixels, to.pixels, &out) } },
            { try renderer.render(from: from, to: to, at: progress) { _ in } },
        ]
        let measured = try Rounds(count: runs).run(peers, afterEachRound: { run, samples, load in
            table.line(String(format: "  run %d: frei0r %.2f ms/frame, CLI renderer %.2f ms/frame  (load %.2f)",
                              run + 1, samples[0].value, samples[1].value, load))
        }) { peer -> Double in
            let start = Date()
            try peer()
            return Date().timeIntervalSince(start) * 1000 / Double(frames)
        }
        let spreads = measured.spreads(.time), (frei0r, cli) = (spreads[0], spreads[1])
        let loads = measured.roundLoads
        table.line(String(format: "  median: frei0r %.2f ms/frame, CLI renderer %.2f ms/frame: %.2f x  (loads %@)",
                          frei0r.median, cli.median, frei0r.ratio(to: cli), loads.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        return ReportRow([
            "plugin": plugin, "transition": transition, "width": width, "height": height, "frames": frames, "runs": runs,
            // Median milliseconds per frame, and frei0r's over the renderer's (above 1: the plugin's frame costs more).
            "frei0rMilliseconds": frei0r.median, "rendererMilliseconds": cli.median, "frei0rOverRenderer": frei0r.ratio(to: cli),
            // The one-minute load average at the start of each round.
            "loads": loads,
        ])
    }
}
