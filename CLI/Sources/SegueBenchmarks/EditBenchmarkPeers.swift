import Foundation
import SegueExport
import SegueImage
#if canImport(Glibc)
import Glibc
#endif

/// The edit benchmark's inputs: three clips (H.264 + AAC, a test pattern in three hues with a
/// tone each) and a music track, made by ffmpeg.
struct EditBenchmarkMedia {
    let clips: [String]
    let music: String

    static func make(in dir: URL, tools: FFmpegTools, size: FrameSize, clipSeconds: Int, framesPerSecond: Int,
                     tagged: Bool = true) throws -> EditBenchmarkMedia {
        let clips = try (1...3).map { index -> String in
            let path = dir.appendingPathComponent("clip\(index).mp4").path
            try EditBenchmarkPeers.runTool(tools.ffmpeg, [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=s=\(size.width)x\(size.height):r=\(framesPerSecond):d=\(clipSeconds),hue=h=\(index * 100)",
                "-f", "lavfi", "-i", "sine=f=\(200 * index):d=\(clipSeconds)",
                // As phones and cameras record: H.264 High with B-frames, a keyframe every second,
                // BT.709 tags (or none, as lavfi and many cameras write), AAC (veryfast only to make them sooner).
                "-c:v", "libx264", "-preset", "veryfast", "-g", String(framesPerSecond), "-pix_fmt", "yuv420p",
            ] + (tagged ? ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"] : []) + [
                "-c:a", "aac", "-shortest", path,
            ])
            return path
        }
        let music = dir.appendingPathComponent("music.wav").path
        try EditBenchmarkPeers.runTool(tools.ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                                                      "-f", "lavfi", "-i", "sine=f=150:d=\(3 * clipSeconds)", music])
        return EditBenchmarkMedia(clips: clips, music: music)
    }
}

/// The edit made by Segue's peers, each a child process timed with its whole tree.
struct EditBenchmarkPeers {
    let tools: FFmpegTools
    let clips: [String]
    let music: String
    let clipSeconds: Int
    let transitionSeconds: Int
    let framesPerSecond: Int
    /// The two transitions' xfade names.
    let effects: [String]

    /// ffmpeg doing the same edit in one filter graph, encoded alike (`preset` is x264's, the
    /// format's own when nil).
    func ffmpeg(out: String, preset: String? = nil) throws -> EditRun {
        let first = clipSeconds - transitionSeconds, second = 2 * clipSeconds - 2 * transitionSeconds
        let graph = "[0:v][1:v]xfade=transition=\(effects[0]):duration=\(transitionSeconds):offset=\(first)[v01];"
            + "[v01][2:v]xfade=transition=\(effects[1]):duration=\(transitionSeconds):offset=\(second)" + (VideoFormat.mp4.conversionFilter.map { "," + $0 } ?? "") + "[v];"
            + "[0:a][1:a]acrossfade=d=\(transitionSeconds)[a01];[a01][2:a]acrossfade=d=\(transitionSeconds)[a];"
            + "[3:a]volume=0.5[m];[a][m]amix=inputs=2:duration=first:normalize=0[aout]"
        return try measureChild(tools.ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
            + clips.flatMap { ["-i", $0] } + ["-i", music, "-filter_complex", graph, "-map", "[v]", "-map", "[aout]",
                                              "-c:a", "aac", "-b:a", "192k"] + VideoFormat.mp4.codecArguments(crf: nil)
            + (preset.map { ["-preset", $0] } ?? []) + [out], out: out)
    }

    /// MoviePy 2 doing the edit (scripts/bench/moviepy_edit.py) through the same ffmpeg. Its script
    /// crossfades both junctions (MoviePy has no wipe): the second transition is a fade there.
    func moviePy(_ peer: MoviePyPeer, out: String) throws -> EditRun {
        try measureChild(
            URL(fileURLWithPath: peer.python),
            [peer.script, out, "--clips"] + clips + ["--music", music, "--transition", String(transitionSeconds), "--volume", "0.5",
                                                     "--fps", String(framesPerSecond), "--preset", "medium", "--crf", "23"],
            environment: ["FFMPEG_BINARY": tools.ffmpeg.path], out: out)
    }

    private func measureChild(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], out: String) throws -> EditRun {
        let cpu = CPUTime.now()
        let start = DispatchTime.now().uptimeNanoseconds
        let peak = try Self.runTool(executable, arguments, environment: environment)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return EditRun(seconds: seconds, cpuSeconds: CPUTime.now() - cpu, peakBytes: peak, output: try EditOutputCheck(path: out, tools: tools))
    }

    /// Runs a tool to its end; its process tree's peak resident bytes. A failure carries its log.
    @discardableResult
    static func runTool(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Int {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let sampler = PeakMemorySampler(root: process.processIdentifier)
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let peak = sampler.stop()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.toolFailed(tool: executable.lastPathComponent, status: process.terminationStatus,
                                            log: String(decoding: log.suffix(4000), as: UTF8.self))
        }
        return peak
    }
}

/// A Python with MoviePy 2 and the script that makes the edit with it. The bench installs
/// nothing: `scripts/bench-moviepy-setup.sh` (or `make bench-edit`) makes the virtual
/// environment `.build/bench-venv`, found here by default; `--moviepy-python` or
/// `SEGUE_BENCH_MOVIEPY_PYTHON` names another interpreter.
struct MoviePyPeer {
    let python: String
    let script: String

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static let setupHint = "run scripts/bench-moviepy-setup.sh, or give --moviepy-python"

    /// The repository this benchmark was built from (the script lives there).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func locate(python given: String?) -> Result<MoviePyPeer, Missing> {
        let python = given ?? ProcessInfo.processInfo.environment["SEGUE_BENCH_MOVIEPY_PYTHON"]
            ?? repository.appendingPathComponent(".build/bench-venv/bin/python3").path
        let script = repository.appendingPathComponent("scripts/bench/moviepy_edit.py").path
        guard FileManager.default.isReadableFile(atPath: script) else {
            return .failure(Missing(description: "MoviePy's edit script is not at \(script)"))
        }
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return .failure(Missing(description: "MoviePy not installed (no Python at \(python); \(setupHint))"))
        }
        do {
            try EditBenchmarkPeers.runTool(URL(fileURLWithPath: python), ["-c", "import moviepy, sys; sys.exit(0 if moviepy.__version__.startswith('2') else 1)"])
        } catch {
            return .failure(Missing(description: "MoviePy 2 not installed in \(python) (\(setupHint))"))
        }
        return .success(MoviePyPeer(python: python, script: script))
    }
}
