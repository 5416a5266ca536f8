import Foundation
import SegueTesting

/// The sound of a joined render against the whole render's, as ffmpeg decodes them (48 kHz
/// mono floats): where each stretch lies relative to the other, found by cross-correlation
/// (issue 32 defect 0: every chunk boundary delayed the joined sound by its AAC padding, 10.7 ms
/// after the first, 56 ms after three).
enum JoinedSoundReference {
    static let rate = 48_000

    /// The first audio stream of `path` as 48 kHz mono samples.
    static func samples(_ path: URL) throws -> [Float] {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path.path, "-map", "0:a:0",
                                                  "-ac", "1", "-ar", String(rate), "-f", "f32le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The lag (in samples, within ±`range`) at which `joined` best matches `whole` over
    /// `seconds` (a window of the whole render): positive when the joined sound comes late.
    static func lag(of joined: [Float], against whole: [Float], seconds: ClosedRange<Double>, range: Int = 200) -> Int? {
        let start = Int(seconds.lowerBound * Double(rate)), end = Int(seconds.upperBound * Double(rate))
        guard start - range >= 0, end + range <= min(joined.count, whole.count), start < end else { return nil }
        var best: (lag: Int, score: Double) = (0, -.infinity)
        for lag in -range...range {
            var score = 0.0
            for index in start..<end { score += Double(whole[index]) * Double(joined[index + lag]) }
            if score > best.score { best = (lag, score) }
        }
        return best.lag
    }

    /// The first sample after `seconds` whose magnitude reaches `threshold`: a burst's onset.
    static func onset(in samples: [Float], after seconds: Double, threshold: Float = 0.1) -> Int? {
        let start = Int(seconds * Double(rate))
        guard start < samples.count else { return nil }
        return (start..<samples.count).first { abs(samples[$0]) >= threshold }
    }
}
