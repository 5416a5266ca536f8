import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline

/// The edit sound tests' media and ffmpeg's measurements of their results: astats' RMS level
/// over a span or per window, ebur128's integrated loudness.
enum SoundMeasure {
    /// Writes `json` as `edit.json` in `dir` and exports it to `edit.mp4` there.
    static func export(_ json: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("edit.json")
        try Data(json.utf8).write(to: url)
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        let path = dir.appendingPathComponent("edit.mp4").path
        _ = try withDevice { device in
            try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).export(to: path)
        }
        return path
    }

    /// A 64x36 picture `p.png` in `dir`.
    static func picture(in dir: URL) throws {
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
    }

    /// A 48 kHz stereo WAV from ffmpeg's lavfi `source` (a sine, an aevalsrc expression): stereo
    /// as the edit's sound is, so its level is the same in the edit (ffmpeg spreads mono over two
    /// channels at −3 dB).
    static func sound(_ source: String, at path: String) throws {
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", source, "-ac", "2", "-c:a", "pcm_s16le", path])
    }

    private static func ffmpeg(_ arguments: [String]) throws -> String {
        let output = try CapturedProcess.run(tool: "ffmpeg", ["-hide_banner", "-nostdin", "-nostats"] + arguments)
        guard output.status == 0 else { throw SoundMeasureError(text: output.stderrText) }
        return output.stdoutText + output.stderrText
    }

    /// astats' overall RMS level (dB) of the sound from `from` to `to` seconds, after `filter`.
    static func rmsLevel(_ path: String, from: Double, to: Double, filter: String? = nil) throws -> Double {
        let chain = ["atrim=start=\(from):end=\(to)", filter, "astats=measure_perchannel=none:measure_overall=RMS_level"]
        let log = try ffmpeg(["-i", path, "-map", "0:a:0", "-af", chain.compactMap { $0 }.joined(separator: ","), "-f", "null", "-"])
        guard let line = log.split(separator: "\n").last(where: { $0.contains("RMS level dB:") }),
              let value = Double(line.components(separatedBy: "RMS level dB:").last!.trimmingCharacters(in: .whitespaces))
        else { throw SoundMeasureError(text: log) }
        return value
    }

    /// astats' RMS level (dB) of every window of `samples` (at 48 kHz), with its start in seconds.
    static func windowLevels(_ path: String, samples: Int, filter: String? = nil) throws -> [(time: Double, level: Double)] {
        let chain = ["aresample=48000", filter, "asetnsamples=n=\(samples)",
                     "astats=metadata=1:reset=1:measure_perchannel=none:measure_overall=RMS_level",
                     "ametadata=print:key=lavfi.astats.Overall.RMS_level:file=-"]
        let log = try ffmpeg(["-loglevel", "error", "-i", path, "-map", "0:a:0", "-af", chain.compactMap { $0 }.joined(separator: ","), "-f", "null", "-"])
        var levels: [(Double, Double)] = [], time = 0.0
        for line in log.split(separator: "\n") {
            if let range = line.range(of: "pts_time:") { time = Double(line[range.upperBound...].trimmingCharacters(in: .whitespaces)) ?? time }
            if line.hasPrefix("lavfi.astats.Overall.RMS_level="), let value = Double(line.dropFirst("lavfi.astats.Overall.RMS_level=".count)) {
                levels.append((time, value))
            }
        }
        return levels
    }

    /// Seconds where the sound first reaches `threshold` dB RMS in 1 ms windows, after `filter`.
    static func onset(_ path: String, threshold: Double, after: Double = 0, filter: String? = nil) throws -> Double? {
        try windowLevels(path, samples: 48, filter: filter).first { $0.time >= after && $0.level >= threshold }?.time
    }

    /// ebur128's integrated loudness (LUFS) of the whole sound.
    static func integratedLoudness(_ path: String) throws -> Double {
        let log = try ffmpeg(["-i", path, "-map", "0:a:0", "-af", "ebur128", "-f", "null", "-"])
        guard let summary = log.components(separatedBy: "Summary:").last,
              let line = summary.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("I:") }),
              let value = Double(line.replacingOccurrences(of: "I:", with: "").replacingOccurrences(of: "LUFS", with: "")
                  .trimmingCharacters(in: .whitespaces))
        else { throw SoundMeasureError(text: log) }
        return value
    }
}

struct SoundMeasureError: Error, CustomStringConvertible {
    let text: String
    var description: String { "ffmpeg's measurement failed or printed nothing usable: " + String(text.suffix(1500)) }
}
