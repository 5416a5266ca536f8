import Foundation
import SegueTimeline
import SegueTiming
import SegueExport
import SegueGL
import SegueImage

/// `segue bench --sections edit`: one edit — three clips with sound, two fades, music under
/// all — made by `segue edit`'s exporter, by ffmpeg's own `xfade` + `acrossfade` chain and by
/// MoviePy 2 (when a Python with MoviePy is found; see `MoviePyPeer`), with the same encoders
/// and settings (libx264 CRF 23 preset medium, AAC 192k). Variants alternate in every run; each
/// output is read back with ffprobe so that all made the same length of pictures and sound.
struct EditBenchmark {
    let size: FrameSize
    let clipSeconds: Int
    let runs: Int
    /// Where MoviePy was found, or why it was not.
    let moviePy: Result<MoviePyPeer, MoviePyPeer.Missing>
    /// Whether the clips carry BT.709 tags; untagged, they are read by the players' size rule and
    /// an edit of only such clips stays untagged (issue 38's 360p case).
    var tagged = true
    /// The variants to run by name (empty: all); an unknown name is an error that lists them.
    var only: [String] = []
    let framesPerSecond = 30
    let transitionSeconds = 1

    /// Every variant's name, in the order a round runs them.
    static let variantNames = ["segue edit", "ffmpeg xfade+acrossfade", "MoviePy 2", "segue edit --reencode", "segue edit --fast",
                               "ffmpeg veryfast", "segue edit --fast --reencode", "segue --speed fastest"]

    /// The two transitions, a fade and a wipe (issue 38's edit), by their xfade names, which
    /// Segue's edit takes as ffmpeg's chain does.
    static let effects = ["fade", "wipeleft"]

    /// The pairings compared: Segue with and without smart rendering, default and speed-first,
    /// against ffmpeg at the same x264 preset and MoviePy at the default.
    static let pairings: [(segue: String, peer: String)] = [
        ("segue edit", "ffmpeg xfade+acrossfade"), ("segue edit --reencode", "ffmpeg xfade+acrossfade"),
        ("segue edit --fast", "ffmpeg veryfast"), ("segue edit --fast --reencode", "ffmpeg veryfast"),
        ("segue edit", "MoviePy 2"), ("segue edit --reencode", "MoviePy 2"),
    ]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let dir = try makeScratchDirectory("segue-bench-edit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let media = try EditBenchmarkMedia.make(in: dir, tools: tools, size: size, clipSeconds: clipSeconds, framesPerSecond: framesPerSecond,
                                                tagged: tagged)
        let spec = EditSpec(size: "\(size.width)x\(size.height)", fps: .number(Double(framesPerSecond)),
                            items: media.clips.map { .clip(path: $0, from: nil, to: nil) },
                            transitions: Self.effects.map { EditTransition(effect: $0, duration: Double(transitionSeconds)) },
                            audio: EditAudio(music: media.music, volume: 0.5))
        let editSeconds = 3 * clipSeconds - 2 * transitionSeconds
        let peers = EditBenchmarkPeers(tools: tools, clips: media.clips, music: media.music, clipSeconds: clipSeconds,
                                       transitionSeconds: transitionSeconds, framesPerSecond: framesPerSecond, effects: Self.effects)
        if let unknown = only.first(where: { !Self.variantNames.contains($0) }) {
            throw BenchmarkError.invalidOption("--edit-variants: no variant '\(unknown)' (variants: \(Self.variantNames.joined(separator: ", ")))")
        }
        let ways = self.ways(device: device, tools: tools, spec: spec, dir: dir, peers: peers).filter { only.isEmpty || only.contains($0.name) }
        let measured = try Rounds(count: runs).run(ways) { try $0.make() }
        let variants = zip(ways, measured.samples).map { EditVariant(name: $0.name, runs: $1) }
        func seconds(_ name: String) -> Double? { variants.first { $0.name == name }?.seconds }
        // A variant left out (`--edit-variants`) leaves out what is worked out from it.
        let segueSeconds = seconds("segue edit"), ffmpegSeconds = seconds("ffmpeg xfade+acrossfade")
        let fastSeconds = seconds("segue edit --fast"), moviePySeconds = seconds("MoviePy 2")
        let fastestSeconds = seconds("segue --speed fastest")
        func over(_ a: Double?, _ b: Double?) -> Double? { a.flatMap { a in b.map { a / $0 } } }
        let realtime = { (seconds: Double?) in over(Double(editSeconds), seconds) }
        let outputsAgree = variants.allSatisfy {
            $0.output.agrees(frames: editSeconds * framesPerSecond, seconds: Double(editSeconds), framesPerSecond: framesPerSecond)
        }
        let paired = Self.pairings.compactMap { pairing -> (segue: EditVariant, peer: EditVariant)? in
            guard let segue = variants.first(where: { $0.name == pairing.segue }),
                  let peer = variants.first(where: { $0.name == pairing.peer }) else { return nil }
            return (segue, peer)
        }
        // A peer's CPU-seconds over a Segue variant's (above 1: Segue costs less), with both loads.
        let cpuRatios = paired.map { segue, peer in
            ReportRow(["segue": segue.name, "peer": peer.name, "ratio": peer.cpuSeconds / segue.cpuSeconds,
                       "segueLoad": segue.loadAverage, "peerLoad": peer.loadAverage])
        }
        let moviePySkipped: String? = if case let .failure(missing) = moviePy { missing.description } else { nil }
        let report = ReportRow([
            "size": "\(size.width)x\(size.height)", "tagged": tagged, "clipSeconds": clipSeconds, "editSeconds": editSeconds, "runs": runs,
            "segueSeconds": segueSeconds, "ffmpegSeconds": ffmpegSeconds, "speedup": over(ffmpegSeconds, segueSeconds),
            "segueRealtime": realtime(segueSeconds),
            // --fast: Segue with its speed-first encoder settings; --speed fastest: with x264 `ultrafast`.
            "segueFastSeconds": fastSeconds, "segueFastRealtime": realtime(fastSeconds),
            "segueFastestSeconds": fastestSeconds, "segueFastestRealtime": realtime(fastestSeconds),
            // Nil (left out) when MoviePy was not found; then moviePySkipped says why.
            "moviePySeconds": moviePySeconds, "moviePySpeedup": over(moviePySeconds, segueSeconds), "moviePySkipped": moviePySkipped,
            "variants": variants.map { $0.row(editSeconds: Double(editSeconds)) }, "outputsAgree": outputsAgree, "cpuRatios": cpuRatios,
        ])
        printTable(variants, editSeconds: Double(editSeconds), table)
        let summary = [over(ffmpegSeconds, segueSeconds).map { String(format: "ffmpeg / Segue %.2f (target 1.5)", $0) },
                       over(moviePySeconds, segueSeconds).map { String(format: "MoviePy / Segue %.2f (target 10)", $0) },
                       realtime(fastSeconds).map { String(format: "--fast %.2fx real time (target 1)", $0) },
                       realtime(fastestSeconds).map { String(format: "--speed fastest %.2fx real time (target 1)", $0) }].compactMap { $0 }
        if !summary.isEmpty { table.line(summary.joined(separator: ";  ")) }
        for (segue, peer) in paired {
            table.line("CPU-seconds \(peer.name) / \(segue.name): "
                + String(format: "%.2f (loads %.1f / %.1f)", peer.cpuSeconds / segue.cpuSeconds, peer.loadAverage, segue.loadAverage))
        }
        if let moviePySkipped { table.line("MoviePy 2: skipped: \(moviePySkipped)") }
        if !outputsAgree { table.line("warning: the outputs differ in frames or length; the comparison is not like for like") }
        return report
    }

    /// The ways of making the edit, in the order each round runs them.
    private func ways(device: GLDevice, tools: FFmpegTools, spec: EditSpec, dir: URL, peers: EditBenchmarkPeers)
        -> [(name: String, make: () throws -> EditRun)]
    {
        func segue(_ speed: EncoderSpeed, smart: Bool = true, out: String) throws -> EditRun {
            try EditRun.inProcess(tools: tools, out: out) {
                // Tools of its own, as a `segue edit` process has: no probe kept from an earlier run (`ProbeCache`).
                let tools = try FFmpegTools(ffmpegPath: tools.ffmpeg.path)
                let plan = try EditPlan(spec: spec, folder: dir, tools: tools)
                let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, speed: speed, tools: tools)
                exporter.smartRendering = smart
                _ = try exporter.export(to: out)
            }
        }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        var ways: [(name: String, make: () throws -> EditRun)] = [
            ("segue edit", { try segue(.standard, out: path("segue.mp4")) }),
            ("ffmpeg xfade+acrossfade", { try peers.ffmpeg(out: path("ffmpeg.mp4")) }),
        ]
        if case let .success(moviePy) = moviePy { ways.append(("MoviePy 2", { try peers.moviePy(moviePy, out: path("moviepy.mp4")) })) }
        ways += [
            ("segue edit --reencode", { try segue(.standard, smart: false, out: path("segue-reencode.mp4")) }),
            ("segue edit --fast", { try segue(.fast, out: path("segue-fast.mp4")) }),
            ("ffmpeg veryfast", { try peers.ffmpeg(out: path("ffmpeg-fast.mp4"), preset: "veryfast") }),
            ("segue edit --fast --reencode", { try segue(.fast, smart: false, out: path("segue-fast-reencode.mp4")) }),
            ("segue --speed fastest", { try segue(.fastest, out: path("segue-fastest.mp4")) }),
        ]
        return ways
    }

    private func printTable(_ variants: [EditVariant], editSeconds: Double, _ table: BenchTable) {
        table.line("\nedit: 3 clips of \(clipSeconds) s with sound, a fade and a wipe of \(transitionSeconds) s, music; \(size.width)x\(size.height) MP4 "
            + "(libx264 CRF 23 preset medium, AAC 192k), median of \(runs) runs; CPU = user + system of the whole process tree; "
            + "clips H.264 High with a keyframe every second, \(tagged ? "BT.709" : "untagged"); segue edit copies their untouched groups of pictures, --reencode does not")
        for variant in variants {
            let output = variant.output
            table.line(variant.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%7.2f s  %5.2fx real time  CPU %6.1f s  peak %6.0f MB  load %4.1f  ", variant.seconds,
                         editSeconds / variant.seconds, variant.cpuSeconds, variant.peakMemoryMB, variant.loadAverage)
                + "(\(output.frames) frames, video \(String(format: "%.2f", output.videoSeconds)) s, "
                + "audio \(String(format: "%.2f", output.audioSeconds)) s)")
        }
    }
}

/// One timed making of the edit.
struct EditRun {
    let seconds: Double
    let cpuSeconds: Double
    let peakBytes: Int
    let output: EditOutputCheck

    /// Times `body` in this process, with its children (the exporter's ffmpeg processes).
    static func inProcess(tools: FFmpegTools, out: String, _ body: () throws -> Void) throws -> EditRun {
        let cpu = CPUTime.now()
        let sampler = PeakMemorySampler(root: getpid())
        let start = DispatchTime.now().uptimeNanoseconds
        let peak: Int
        do {
            try body()
            peak = sampler.stop()
        } catch {
            _ = sampler.stop()
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return EditRun(seconds: seconds, cpuSeconds: CPUTime.now() - cpu, peakBytes: peak, output: try EditOutputCheck(path: out, tools: tools))
    }
}

/// One way of making the edit over the runs: wall and CPU seconds (medians), peak memory
/// (largest), load (mean) and the last run's output.
struct EditVariant {
    let name: String
    let runs: [Sample<EditRun>]

    var seconds: Double { median(runs.map(\.value.seconds)) }
    /// User + system CPU seconds of the whole process tree: what the edit cost whatever else
    /// loaded the machine.
    var cpuSeconds: Double { median(runs.map(\.value.cpuSeconds)) }
    /// Of the process tree, sampled every 0.1 s.
    var peakMemoryMB: Double { Double(runs.map(\.value.peakBytes).max() ?? 0) / 1_048_576 }
    /// The one-minute load average when the variant's runs started.
    var loadAverage: Double { runs.map(\.load).reduce(0, +) / Double(max(runs.count, 1)) }
    /// What ffprobe reads back from the output.
    var output: EditOutputCheck { runs.last?.value.output ?? EditOutputCheck(frames: 0, videoSeconds: 0, audioSeconds: 0) }

    /// Its row of the report; realtime is the edit's length / `seconds` (above 1: faster than real time).
    func row(editSeconds: Double) -> ReportRow {
        ReportRow(["name": name, "seconds": seconds, "cpuSeconds": cpuSeconds, "realtime": editSeconds / seconds,
                   "peakMemoryMB": peakMemoryMB, "loadAverage": loadAverage, "output": output])
    }
}

/// What ffprobe reads back from an output: its video frames (packets counted) and the lengths
/// of its pictures and its sound.
struct EditOutputCheck: Codable {
    let frames: Int
    let videoSeconds: Double
    let audioSeconds: Double

    init(frames: Int, videoSeconds: Double, audioSeconds: Double) {
        (self.frames, self.videoSeconds, self.audioSeconds) = (frames, videoSeconds, audioSeconds)
    }

    init(path: String, tools: FFmpegTools) throws {
        let process = Process()
        guard let ffprobe = tools.ffprobe else { throw BenchmarkError.toolFailed(tool: "ffprobe", status: -1, log: "not found beside ffmpeg") }
        process.executableURL = ffprobe
        process.arguments = ["-v", "error", "-count_packets", "-show_entries", "stream=codec_type,duration,nb_read_packets",
                             "-of", "json", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let streams = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["streams"] as? [[String: Any]] ?? []
        func stream(_ type: String) -> [String: Any]? { streams.first { $0["codec_type"] as? String == type } }
        func number(_ value: Any?) -> Double { (value as? String).flatMap(Double.init) ?? 0 }
        frames = Int(number(stream("video")?["nb_read_packets"]))
        videoSeconds = number(stream("video")?["duration"])
        audioSeconds = number(stream("audio")?["duration"])
    }

    /// The edit's frames exactly, pictures within a frame and sound within 0.1 s of its length
    /// (ffmpeg's acrossfade chain keeps the clips' AAC padding: a few 1024-sample frames).
    func agrees(frames expected: Int, seconds: Double, framesPerSecond: Int) -> Bool {
        frames == expected && abs(videoSeconds - seconds) <= 1 / Double(framesPerSecond) + 1e-3 && abs(audioSeconds - seconds) <= 0.1
    }
}
