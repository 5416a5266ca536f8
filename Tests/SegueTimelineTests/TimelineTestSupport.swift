import Foundation
import SegueExport
import SegueImage
import SegueTesting
import SegueTimeline

/// Media for the timeline tests, made by ffmpeg: lossless clips (FFV1, PCM sound) whose frames
/// all differ, so a one-frame slip shows.
enum TimelineMedia {
    /// A clip of `seconds` at 30 fps, `size` pixels, with a sine of `frequency` Hz (none when nil).
    static func clip(at path: String, seconds: Double, size: String = "160x90", hue: Int = 0, frequency: Int?) throws {
        var arguments = ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30:d=\(seconds),hue=h=\(hue)+t*90"]
        if let frequency {
            arguments += ["-f", "lavfi", "-i", "sine=f=\(frequency):sample_rate=48000:d=\(seconds)", "-c:a", "pcm_s16le"]
        }
        _ = try VideoReader.run("ffmpeg", arguments + ["-c:v", "ffv1", "-pix_fmt", "bgr0", path])
    }

    /// Silence of `seconds` as a clip's sound, for the alignment tests.
    static func silentClip(at path: String, seconds: Double, size: String = "160x90") throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30:d=\(seconds)",
            "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", String(seconds), "-c:v", "ffv1", "-pix_fmt", "bgr0",
            "-c:a", "pcm_s16le", path,
        ])
    }

    /// The sound of `path` as mono 48 kHz float samples, decoded by ffmpeg.
    static func samples(_ path: String) throws -> [Float] {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a:0", "-ac", "1", "-ar", "48000",
                                                  "-f", "f32le", "pipe:1"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Root mean square of `samples[range]`.
    static func rms(_ samples: [Float], _ range: Range<Int>) -> Double {
        let slice = samples[max(0, range.lowerBound)..<min(samples.count, range.upperBound)]
        guard !slice.isEmpty else { return 0 }
        return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
    }

    /// Codec names of the streams of `path` by type, as ffprobe lists them.
    static func streams(_ path: String) throws -> [String] {
        String(decoding: try VideoReader.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name",
                                                         "-of", "csv=p=0", path]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    static func write(_ spec: EditSpec, to url: URL) throws {
        try JSONEncoder().encode(spec).write(to: url)
    }
}
