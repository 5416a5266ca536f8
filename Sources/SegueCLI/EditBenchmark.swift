import Foundation
import SegueExport
import SegueGL

/// `segue bench --sections edit`: one edit — three clips with sound, two fades, music under
/// all — made by `segue edit`'s exporter and by ffmpeg's own `xfade` + `acrossfade` chain, with
/// the same encoders and settings (libx264 CRF 23, AAC 192k). Variants alternate in every run.
struct EditBenchmark {
    let size: FrameSize
    let clipSeconds: Int
    let runs: Int
    let framesPerSecond = 30
    let transitionSeconds = 1

    struct Report: Codable {
        let size: String
        let clipSeconds: Int
        let editSeconds: Int
        let runs: Int
        let segueSeconds: Double
        let ffmpegSeconds: Double
        /// ffmpeg's time / Segue's: above 1, Segue is faster.
        let speedup: Double
        /// The edit's length / Segue's time: above 1, faster than real time.
        let segueRealtime: Double
        /// Segue with its speed-first encoder settings (`segue edit --fast`).
        let segueFastSeconds: Double
        let segueFastRealtime: Double
    }

    func run(device: GLDevice, table: BenchTable) throws -> Report {
        let tools = try FFmpegTools.locate()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-edit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let clips = try (1...3).map { index -> String in
            let path = dir.appendingPathComponent("clip\(index).mp4").path
            try runFFmpeg(tools, ["-f", "lavfi", "-i", "testsrc2=s=\(size.width)x\(size.height):r=\(framesPerSecond):d=\(clipSeconds),hue=h=\(index * 100)",
                                  "-f", "lavfi", "-i", "sine=f=\(200 * index):d=\(clipSeconds)", "-c:v", "libx264", "-preset", "ultrafast",
                                  "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path])
            return path
        }
        let music = dir.appendingPathComponent("music.wav").path
        try runFFmpeg(tools, ["-f", "lavfi", "-i", "sine=f=150:d=\(3 * clipSeconds)", music])
        let spec = EditSpec(size: "\(size.width)x\(size.height)", fps: framesPerSecond,
                            items: clips.map { .clip(path: $0, from: nil, to: nil) },
                            transitions: Array(repeating: EditTransition(effect: "fade", duration: Double(transitionSeconds)), count: 2),
                            audio: EditAudio(music: music, volume: 0.5))
        let editSeconds = 3 * clipSeconds - 2 * transitionSeconds
        let out = dir.appendingPathComponent("out.mp4").path

        var segue: [Double] = [], fast: [Double] = [], ffmpeg: [Double] = []
        func timeSegue(speedFirst: Bool) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let plan = try EditPlan(spec: spec, folder: dir, tools: tools)
            _ = try TimelineExporter(device: device, plan: plan, format: .mp4, speedFirst: speedFirst, tools: tools).export(to: out)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        for _ in 0..<runs {
            segue.append(try timeSegue(speedFirst: false))
            ffmpeg.append(try timeFFmpeg(tools, clips: clips, music: music, out: out))
            fast.append(try timeSegue(speedFirst: true))
        }
        let report = Report(
            size: "\(size.width)x\(size.height)", clipSeconds: clipSeconds, editSeconds: editSeconds, runs: runs,
            segueSeconds: median(segue), ffmpegSeconds: median(ffmpeg), speedup: median(ffmpeg) / median(segue),
            segueRealtime: Double(editSeconds) / median(segue),
            segueFastSeconds: median(fast), segueFastRealtime: Double(editSeconds) / median(fast))
        table.line("\nedit: 3 clips of \(clipSeconds) s with sound, 2 fades of \(transitionSeconds) s, music; \(report.size) MP4 "
            + "(libx264 CRF 23, AAC), median of \(runs) runs")
        table.line("segue edit              " + String(format: "%7.2f s  (%.2fx real time)", report.segueSeconds, report.segueRealtime))
        table.line("ffmpeg xfade+acrossfade " + String(format: "%7.2f s;  ffmpeg / Segue %.2f", report.ffmpegSeconds, report.speedup))
        table.line("segue edit --fast       " + String(format: "%7.2f s  (%.2fx real time; x264 veryfast)", report.segueFastSeconds,
                                                         report.segueFastRealtime))
        return report
    }

    /// ffmpeg doing the same edit in one filter graph, encoded alike.
    private func timeFFmpeg(_ tools: FFmpegTools, clips: [String], music: String, out: String) throws -> Double {
        let first = clipSeconds - transitionSeconds, second = 2 * clipSeconds - 2 * transitionSeconds
        let graph = "[0:v][1:v]xfade=transition=fade:duration=\(transitionSeconds):offset=\(first)[v01];"
            + "[v01][2:v]xfade=transition=fade:duration=\(transitionSeconds):offset=\(second),\(VideoFormat.mp4.conversionFilter)[v];"
            + "[0:a][1:a]acrossfade=d=\(transitionSeconds)[a01];[a01][2:a]acrossfade=d=\(transitionSeconds)[a];"
            + "[3:a]volume=0.5[m];[a][m]amix=inputs=2:duration=first:normalize=0[aout]"
        let start = DispatchTime.now().uptimeNanoseconds
        try runFFmpeg(tools, clips.flatMap { ["-i", $0] } + ["-i", music, "-filter_complex", graph, "-map", "[v]", "-map", "[aout]",
                                                            "-c:a", "aac", "-b:a", "192k"] + VideoFormat.mp4.codecArguments(crf: nil) + [out])
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func runFFmpeg(_ tools: FFmpegTools, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tools.ffmpeg
        process.arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError("bench: ffmpeg failed (\(process.terminationStatus)): " + String(decoding: log, as: UTF8.self))
        }
    }
}
