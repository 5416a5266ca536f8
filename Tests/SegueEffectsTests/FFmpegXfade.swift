import Foundation
import SegueImage
import SegueTesting

/// ffmpeg's xfade filter as the reference for the presets that carry its names. One ffmpeg run
/// per transition renders every frame the comparisons need.
///
/// The frame ↔ progress mapping: both inputs are still pictures looped at 4 frames a second,
/// xfade runs with `duration=1:offset=0`, so the transition spans exactly 4 frame intervals and
/// output frame k is taken at ffmpeg's progress 1 − k/4 (ffmpeg's `progress` runs from 1 down
/// to 0 inside the filter), which is Segue's progress k/4. Frames 0…4 are progress 0, .25, .5,
/// .75 and 1. Both inputs are converted to planar RGB (gbrp) before the filter, as the
/// comparison is about RGB planes, and read back losslessly as raw RGBA on ffmpeg's stdout.
enum FFmpegXfade {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The ffmpeg executable on PATH, if any, and whether its absence fails: the test kit's one
    /// rule (`FFmpegRequirement`: required on CI and under `make test`).
    static var executable: URL? { FFmpegRequirement.executable }
    static var isRequired: Bool { FFmpegRequirement.isRequired }

    /// The transitions the installed xfade lists (`ffmpeg -h filter=xfade`); empty without ffmpeg.
    /// ffmpeg 6.1 and later list the wind, cover and reveal families that 5.1 lacks.
    static let listedTransitions: Set<String> = executable == nil ? [] : listedTransitions(ffmpeg: "ffmpeg")

    /// The transitions the xfade of the ffmpeg at `ffmpeg` (a path, or a name on PATH) lists.
    static func listedTransitions(ffmpeg: String) -> Set<String> {
        guard let help = try? VideoReader.run(ffmpeg, ["-hide_banner", "-h", "filter=xfade"]) else { return [] }
        // The option's values read "     wipeleft        1            ..FV....... wipe left transition".
        return Set(String(decoding: help, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count >= 3, Int(fields[1]) != nil, fields[2].hasPrefix("..") else { return nil }
            return String(fields[0])
        })
    }

    static let framesPerTransition = 5

    /// Frames 0…4 (progress 0, .25, .5, .75, 1) of `transition` between the two pictures, by the
    /// ffmpeg on PATH or the one at `ffmpeg` (`ReferenceFFmpeg`'s).
    static func frames(transition: String, from: RGBAImage, to: RGBAImage, ffmpeg: String? = nil) throws -> [RGBAImage] {
        guard ffmpeg != nil || executable != nil else { throw Failure(description: "ffmpeg is not on PATH") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-xfade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromPath = directory.appendingPathComponent("from.png").path
        let toPath = directory.appendingPathComponent("to.png").path
        try PNGCodec.write(from, to: fromPath)
        try PNGCodec.write(to, to: toPath)
        let input = ["-loop", "1", "-framerate", "4", "-t", "3"]
        let graph = "[0:v]format=gbrp[a];[1:v]format=gbrp[b];"
            + "[a][b]xfade=transition=\(transition):duration=1:offset=0,format=rgba"
        // One thread: the frames do not depend on slicing, and the test machine is shared.
        let raw = try VideoReader.run(ffmpeg ?? "ffmpeg", ["-v", "error", "-threads", "1", "-filter_complex_threads", "1"]
            + input + ["-i", fromPath] + input + ["-i", toPath]
            + ["-filter_complex", graph, "-frames:v", "\(framesPerTransition)", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"])
        let frameBytes = from.width * from.height * 4
        guard raw.count == frameBytes * framesPerTransition else {
            throw Failure(description: "ffmpeg xfade \(transition) wrote \(raw.count) bytes, expected \(frameBytes * framesPerTransition)")
        }
        return try (0..<framesPerTransition).map { frame in
            let start = raw.startIndex + frame * frameBytes
            return try RGBAImage(width: from.width, height: from.height, pixels: Array(raw[start..<(start + frameBytes)]))
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

    /// The largest difference of an R, G or B channel, and the share of those channels that are
    /// more than `beyond` levels apart.
    static func farRGBDifferences(_ a: RGBAImage, _ b: RGBAImage, beyond: Int) -> (max: Int, share: Double) {
        precondition(a.width == b.width && a.height == b.height)
        var far = 0, worst = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                let difference = abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))
                worst = max(worst, difference)
                if difference > beyond { far += 1 }
            }
        }
        return (worst, Double(far) / Double(a.width * a.height * 3))
    }
}
