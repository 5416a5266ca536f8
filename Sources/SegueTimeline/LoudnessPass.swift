import Foundation
import SegueExport

/// What loudnorm's first pass measured over the whole mix (its `print_format=json` report).
public struct LoudnessMeasurement: Equatable, Sendable {
    /// Integrated loudness (LUFS); nil for silence (`-inf`), which is left as it is.
    public let integrated: Double?
    public let truePeak: Double
    public let range: Double
    public let threshold: Double
    public let offset: Double
}

/// `"normalize": "-14 LUFS"` as ffmpeg's two-pass loudnorm: the whole mix (not a chunk of it) is
/// measured once, then the export's graph applies loudnorm with the measured values in linear
/// mode, one gain for the whole edit, so every chunk gets the same gain and the sound's dynamics
/// are kept. loudnorm stays linear while the gained true peak stays under −1 dBTP; past that it
/// falls back to its dynamic mode.
enum LoudnessPass {
    static let truePeak = -1.0

    /// The loudnorm filter, resampled back to `sampleRate` (loudnorm works at 192 kHz): with the
    /// measured values, or the first pass (which prints them) when `measured` is nil.
    static func filter(target: Double, measured: LoudnessMeasurement?, sampleRate: Int) -> String {
        // loudnorm works at 192 kHz; its output's layout must be named again for the filters after it.
        let back = "aresample=\(sampleRate),aformat=sample_fmts=fltp:sample_rates=\(sampleRate):channel_layouts=stereo"
        guard let measured else {
            return "loudnorm=I=\(target):TP=\(truePeak):LRA=11:print_format=json,\(back)"
        }
        guard let integrated = measured.integrated else { return "anull" }
        func clamp(_ value: Double, _ bounds: ClosedRange<Double>) -> Double { min(max(value, bounds.lowerBound), bounds.upperBound) }
        // A target range at least the measured one: otherwise loudnorm leaves linear mode.
        let range = clamp(max(11, measured.range), 1...50)
        // loudnorm reads 0 (I, LRA) and -70 (threshold) as "not measured" and leaves linear mode:
        // a steady sound's LRA of 0 is passed as 0.01.
        return "loudnorm=I=\(target):TP=\(truePeak):LRA=\(range):measured_I=\(clamp(integrated, -99 ... -0.01))"
            + ":measured_TP=\(clamp(measured.truePeak, -99...99)):measured_LRA=\(clamp(measured.range, 0.01...99))"
            + ":measured_thresh=\(measured.threshold == -70 ? -70.01 : clamp(measured.threshold, -99...0))"
            + ":offset=\(clamp(measured.offset, -99...99)):linear=true,\(back)"
    }

    /// Runs the first pass over the whole edit's sound (`graph`, built without a measurement);
    /// the graph's input 0 (the video pipe in an export) is an unused silent source here.
    static func measure(graph: AudioGraph, filterArguments: [String], tools: FFmpegTools) throws(ExportError) -> LoudnessMeasurement {
        let arguments = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-f", "lavfi", "-i", "anullsrc=r=\(AudioGraph.sampleRate)"]
            + graph.inputArguments + filterArguments + ["-map", "[aout]", "-f", "null", "-"]
        let process = try FFmpegProcess(executable: tools.ffmpeg, arguments: arguments, writesInput: false, readsOutput: false,
                                        stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        guard process.wait() == .exited(status: 0), !process.stalled else { throw process.failure { .encoderFailed(exit: $0, log: $1) } }
        guard let measured = parse(process.log) else {
            throw ExportError.encoderFailed(exit: .exited(status: 0), log: "loudnorm's first pass printed no measurement: " + process.log)
        }
        return measured
    }

    /// The last JSON object in loudnorm's log.
    static func parse(_ log: String) -> LoudnessMeasurement? {
        guard let open = log.range(of: "{", options: .backwards), let close = log.range(of: "}", options: .backwards),
              open.lowerBound < close.lowerBound,
              let object = try? JSONSerialization.jsonObject(with: Data(log[open.lowerBound...close.lowerBound].utf8)) as? [String: String]
        else { return nil }
        func number(_ key: String) -> Double? { object[key].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        guard let peak = number("input_tp"), let range = number("input_lra"), let threshold = number("input_thresh"),
              let offset = number("target_offset") else { return nil }
        let integrated = number("input_i").flatMap { $0.isFinite ? $0 : nil }
        return LoudnessMeasurement(integrated: integrated, truePeak: peak.isFinite ? peak : -99, range: range,
                                   threshold: threshold.isFinite ? threshold : -99, offset: offset.isFinite ? offset : 0)
    }
}
