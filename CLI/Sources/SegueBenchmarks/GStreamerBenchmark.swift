import Foundation
import SegueImage
import SegueRenderJobs

/// `segue bench --sections gstreamer`: the per-frame cost of the GStreamer element
/// (`seguetransition`, made by `make gstreamer`) in a `gst-launch-1.0` pipeline of two
/// `videotestsrc` in RGBA to a `fakesink`, against the same transition through the command line's
/// renderer (`TransitionRenderer`, as the frei0r section compares). A pipeline's figure is what
/// gst-launch-1.0 reports as its execution, PLAYING to EOS, over N - 1 frames (the first is made
/// while the pipeline prerolls): the process's start, the plugin's loading and the transition's
/// compile are left out, the sources' frames are in. Beside it, the same pipeline at
/// progress 0 (the element copies sink_0, no GL pass): what the pipeline costs without the
/// transition. Runs alternate, one of each per round, the machine's load printed beside each.
@MainActor
public struct GStreamerBenchmark {
    /// The plugin's folder: `SEGUE_GST_PLUGIN_PATH`, else what `make gstreamer` stages.
    nonisolated public static var defaultPluginPath: String {
        ProcessInfo.processInfo.environment["SEGUE_GST_PLUGIN_PATH"] ?? ".build-libsegue/gstreamer-1.0"
    }

    let pluginPath: String
    let size: FrameSize
    let frames: Int
    let runs: Int
    var transition = "wipeleft"

    /// Seconds from PLAYING to EOS of `gst-launch-1.0` with `count` frames at `progress` (its
    /// "Execution ended after H:MM:SS.NNNNNNNNN").
    private func pipelineSeconds(frames count: Int, progress: Double) throws -> Double {
        let caps = "video/x-raw,format=RGBA,width=\(size.width),height=\(size.height),framerate=30/1"
        let arguments = ["videotestsrc", "is-live=false", "pattern=smpte100", "num-buffers=\(count)", "!", caps, "!", "t.sink_0",
                         "videotestsrc", "is-live=false", "pattern=pinwheel", "num-buffers=\(count)", "!", caps, "!", "t.sink_1",
                         "seguetransition", "name=t", "transition=\(transition)", "progress=\(progress)", "!", "fakesink", "sync=false"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gst-launch-1.0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GST_PLUGIN_PATH"] = pluginPath
        process.environment = environment
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let tool = "gst-launch-1.0 with seguetransition (GST_PLUGIN_PATH=\(pluginPath))"
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.toolFailed(tool: tool, status: process.terminationStatus, log: output)
        }
        let prefix = "Execution ended after "
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
            throw BenchmarkError.toolFailed(tool: tool, status: 0, log: "no '\(prefix)...' line in:\n" + output)
        }
        let fields = line.dropFirst(prefix.count).split(separator: ":").compactMap { Double($0) }
        guard fields.count == 3 else { throw BenchmarkError.toolFailed(tool: tool, status: 0, log: "unreadable: \(line)") }
        return fields[0] * 3600 + fields[1] * 60 + fields[2]
    }

    /// Milliseconds per frame of the pipeline while playing: N - 1 frames (one is made in preroll).
    private func pipelineMilliseconds(progress: Double) throws -> Double {
        try pipelineSeconds(frames: frames, progress: progress) * 1000 / Double(frames - 1)
    }

    func run(table: BenchTable) throws -> ReportRow {
        let (width, height) = (size.width, size.height)
        let from = try SampleImages.from(width: width, height: height), to = try SampleImages.to(width: width, height: height)
        let progress = (0..<frames).map { Double($0) / Double(max(frames - 1, 1)) }
        let renderer = try TransitionRenderer(named: transition, width: width, height: height)
        table.line("\ngstreamer: \(transition) \(size), \(frames) frames per run (PLAYING to EOS over N - 1), alternating with the CLI's renderer "
            + "(GST_PLUGIN_PATH=\(pluginPath))")
        let peers: [() throws -> Double] = [
            { try pipelineMilliseconds(progress: 0.5) },
            { try pipelineMilliseconds(progress: 0) },
            {
                let start = Date()
                try renderer.render(from: from, to: to, at: progress) { _ in }
                return Date().timeIntervalSince(start) * 1000 / Double(frames)
            },
        ]
        let measured = try Rounds(count: runs, warmUp: true).run(peers, afterEachRound: { run, samples, load in
            table.line(String(format: "  run %d: element %.2f ms/frame (pipeline at progress 0, a copy: %.2f), CLI renderer %.2f ms/frame  (load %.2f)",
                              run + 1, samples[0].value, samples[1].value, samples[2].value, load))
        }) { peer -> Double in try peer() }
        let spreads = measured.spreads(.time), (element, copy, cli) = (spreads[0], spreads[1], spreads[2])
        let loads = measured.roundLoads
        table.line(String(format: "  median: element %.2f ms/frame (a copy %.2f), CLI renderer %.2f ms/frame: %.2f x  (loads %@)",
                          element.median, copy.median, cli.median, element.ratio(to: cli),
                          loads.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        return ReportRow([
            "pluginPath": pluginPath, "transition": transition, "width": width, "height": height, "frames": frames, "runs": runs,
            // Median milliseconds per frame: the pipeline with the element rendering, the same pipeline
            // copying sink_0 (progress 0), the CLI's renderer; and the element's over the renderer's.
            "elementMilliseconds": element.median, "copyMilliseconds": copy.median, "rendererMilliseconds": cli.median,
            "elementOverRenderer": element.ratio(to: cli),
            // The one-minute load average at the start of each round.
            "loads": loads,
        ])
    }
}
