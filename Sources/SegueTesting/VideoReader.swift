import Foundation
import SegueImage

/// Reads videos back with the reference tools, ffprobe and ffmpeg, for the export tests.
public enum VideoReader {
    public struct Info: Equatable, Sendable {
        public let frames: Int
        public let width: Int
        public let height: Int
        public let durationSeconds: Double
        public let codec: String
    }

    /// Runs a tool from PATH and returns its stdout; a failure is a thrown error with its stderr.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let output = try CapturedProcess.run(tool: tool, arguments)
        guard output.status == 0 else {
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed: " + output.stderrText)
        }
        return output.stdout
    }

    /// Frame count (decoded, not the container's claim), size, duration and codec.
    public static func info(_ path: String) throws -> Info {
        let text = String(decoding: try run("ffprobe", [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1", path,
        ]), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let frames = fields["nb_read_frames"].flatMap(Int.init), let width = fields["width"].flatMap(Int.init),
              let height = fields["height"].flatMap(Int.init), let duration = fields["duration"].flatMap(Double.init) else {
            throw ToolFailure(description: "ffprobe gave no stream info for \(path): \(text)")
        }
        return Info(frames: frames, width: width, height: height, durationSeconds: duration, codec: fields["codec_name"] ?? "")
    }

    /// Every frame decoded to RGBA. Chroma is upsampled with accurate rounding and the
    /// stream's own colour matrix, as a careful player would.
    public static func frames(_ path: String, width: Int, height: Int) throws -> [RGBAImage] {
        let data = try run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", path,
            "-vf", "scale=in_color_matrix=auto:in_range=auto:flags=accurate_rnd+full_chroma_int+bicubic",
            "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1",
        ])
        let size = width * height * 4
        guard size > 0, data.count % size == 0 else {
            throw ToolFailure(description: "\(path) decoded to \(data.count) bytes, not a whole number of \(width)x\(height) frames")
        }
        return try (0..<(data.count / size)).map { index in
            try RGBAImage(width: width, height: height, pixels: Array(data[(index * size)..<((index + 1) * size)]))
        }
    }

    /// Peak signal-to-noise ratio over R, G and B in dB (infinity when equal).
    public static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var sum = 0.0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    for c in 0..<3 {
                        let d = Double(Int(p[i + c]) - Int(q[i + c]))
                        sum += d * d
                    }
                    i += 4
                }
            }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute difference of R, G and B (0–255) over the whole picture.
    public static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var total = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in stride(from: 0, to: p.count, by: 4) {
                    for c in 0..<3 { total += abs(Int(p[i + c]) - Int(q[i + c])) }
                }
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
