import Foundation
import SegueExport
import SegueGL
import SegueImage
import SegueTimeline

/// `segue bench --sections edit-long`: memory over a long edit (three clips with sound, two
/// 1 s fades, music; 10 minutes by default, at a small size so it takes minutes, not hours).
/// The process tree's resident memory (Segue and its ffmpeg children) is sampled about twice a
/// second against the frame being made; the peak over the edit's first minute is compared with
/// the peak over its last.
struct LongEditBenchmark {
    let size: FrameSize
    let minutes: Int
    let framesPerSecond = 30

    /// The last minute's peak may exceed the first's by this much and still count as flat.
    static let flatToleranceMB = 16.0

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let dir = try makeScratchDirectory("segue-bench-edit-long")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Three clips of whole seconds that overlap by 1 s twice: at least the minutes asked for.
        let clipSeconds = (minutes * 60 + 2 + 2) / 3
        let media = try EditBenchmarkMedia.make(in: dir, tools: tools, size: size, clipSeconds: clipSeconds, framesPerSecond: framesPerSecond)
        let spec = EditSpec(size: "\(size.width)x\(size.height)", fps: .number(Double(framesPerSecond)),
                            items: media.clips.map { .clip(path: $0, from: nil, to: nil) },
                            transitions: Array(repeating: EditTransition(effect: "fade", duration: 1), count: 2),
                            audio: EditAudio(music: media.music, volume: 0.5))
        let plan = try EditPlan(spec: spec, folder: dir, tools: tools)
        let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, speed: .fast, tools: tools)
        // Every frame rendered (`--reencode`): smart rendering would copy all but the fades' groups
        // of pictures, and the memory of a long render is what this measures (the samples follow
        // the frames rendered).
        exporter.smartRendering = false
        var samples: [(frame: Int, bytes: Int)] = []
        var lastSample = DispatchTime.now().uptimeNanoseconds
        let root = getpid()
        exporter.onProgress = { progress in
            let now = DispatchTime.now().uptimeNanoseconds
            guard now - lastSample >= 500_000_000 || progress.framesDone == progress.totalFrames else { return }
            lastSample = now
            samples.append((progress.framesDone, ProcessTreeMemory.residentBytes(root: root)))
        }
        let result = try exporter.export(to: dir.appendingPathComponent("long.mp4").path)
        let minute = 60 * framesPerSecond
        func peakMB(_ frames: Range<Int>) -> Double {
            Double(samples.filter { frames.contains($0.frame) }.map(\.bytes).max() ?? 0) / 1_048_576
        }
        let first = peakMB(0..<minute), last = peakMB(max(0, plan.totalFrames - minute)..<(plan.totalFrames + 1))
        let editSeconds = plan.totalFrames / framesPerSecond
        let realtime = Double(editSeconds) / result.elapsedSeconds, flat = last - first <= Self.flatToleranceMB
        table.line("\nedit-long: a \(editSeconds / 60) min \(size.width)x\(size.height) edit (3 clips with sound, 2 fades, music; --fast --reencode), "
            + "resident memory of Segue and its ffmpeg children sampled \(samples.count) times")
        table.line(String(format: "%.1f s (%.2fx real time); peak %.0f MB in the first minute, %.0f MB in the last (%+.1f MB: ",
                          result.elapsedSeconds, realtime, first, last, last - first)
            + (flat ? "flat)" : "growing)"))
        return ReportRow([
            "size": "\(size.width)x\(size.height)", "editSeconds": editSeconds, "seconds": result.elapsedSeconds, "realtime": realtime,
            "samples": samples.count, "firstMinutePeakMB": first, "lastMinutePeakMB": last,
            // Last minute's peak − first minute's.
            "growthMB": last - first, "flat": flat,
        ])
    }
}
