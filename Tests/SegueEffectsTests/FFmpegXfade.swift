import Foundation
import SegueImage

/// ffmpeg's xfade filter as the reference for the presets that carry its names. One ffmpeg run
/// per transition renders every frame the comparisons need.
///
/// The frame ↔ progress mapping: both inputs are still pictures looped at 4 frames a second,
/// xfade runs with `duration=1:offset=0`, so the transition spans exactly 4 frame intervals and
/// output frame k is taken at ffmpeg's progress 1 − k/4 (ffmpeg's `progress` runs from 1 down
/// to 0 inside the filter), which is Segue's progress k/4. Frames 0…4 are progress 0, .25, .5,
/// .75 and 1. Both inputs are converted to planar RGB (gbrp) before the filter, as the
/// comparison is about RGB planes, and read back losslessly as raw rgb24.
enum FFmpegXfade {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The ffmpeg executable on PATH, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("ffmpeg") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let framesPerTransition = 5

    /// Frames 0…4 (progress 0, .25, .5, .75, 1) of `transition` between the two pictures.
    static func frames(transition: String, from: RGBAImage, to: RGBAImage) throws -> [RGBAImage] {
        guard let executable else { throw Failure(description: "ffmpeg is not on PATH") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-xfade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromPath = directory.appendingPathComponent("from.png").path
        let toPath = directory.appendingPathComponent("to.png").path
        let outPath = directory.appendingPathComponent("out.rgb").path
        try PNGCodec.write(from, to: fromPath)
        try PNGCodec.write(to, to: toPath)
        let input = ["-loop", "1", "-framerate", "4", "-t", "3"]
        let graph = "[0:v]format=gbrp[a];[1:v]format=gbrp[b];"
            + "[a][b]xfade=transition=\(transition):duration=1:offset=0,format=rgb24"
        let process = Process()
        process.executableURL = executable
        // One thread: the frames do not depend on slicing, and the test machine is shared.
        process.arguments = ["-nostdin", "-v", "error", "-threads", "1", "-filter_complex_threads", "1"]
            + input + ["-i", fromPath] + input + ["-i", toPath]
            + ["-filter_complex", graph, "-frames:v", "\(framesPerTransition)", "-f", "rawvideo", "-pix_fmt", "rgb24", "-y", outPath]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffmpeg xfade \(transition) failed: \(String(decoding: message, as: UTF8.self))")
        }
        let raw = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let frameBytes = from.width * from.height * 3
        guard raw.count == frameBytes * framesPerTransition else {
            throw Failure(description: "ffmpeg xfade \(transition) wrote \(raw.count) bytes, expected \(frameBytes * framesPerTransition)")
        }
        return try (0..<framesPerTransition).map { frame in
            var pixels = [UInt8](repeating: 255, count: from.width * from.height * 4)
            let base = raw.startIndex + frame * frameBytes
            for i in 0..<(from.width * from.height) {
                pixels[i * 4] = raw[base + i * 3]
                pixels[i * 4 + 1] = raw[base + i * 3 + 1]
                pixels[i * 4 + 2] = raw[base + i * 3 + 2]
            }
            return try RGBAImage(width: from.width, height: from.height, pixels: pixels)
        }
    }

    /// Mean absolute difference of the R, G and B channels (0–255); alpha is not compared
    /// (gbrp has none).
    static func meanRGBDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }
}
