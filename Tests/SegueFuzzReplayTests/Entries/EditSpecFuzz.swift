import Foundation
import SegueExport
import SegueImage
import SegueTimeline

/// The edit spec, JSON to plan: `EditPlan.decode` (syntax, types, numbers, colours) then
/// `EditPlan(spec:folder:tools:)` (limits, sizes, rates, items, transitions, sound, texts and
/// subtitles) against a folder of small real files. The ffmpeg there is a stand-in with no
/// ffprobe beside it, so a clip or a sound is refused without a child process; pictures, SRT
/// files, `.glsl` files and fonts are read for real.
enum EditSpecFuzz {
    static let fixtures = Fixtures()

    static func run(_ data: [UInt8]) {
        guard let (folder, tools) = fixtures.ready, let spec = try? EditPlan.decode(Data(data)) else { return }
        _ = try? EditPlan(spec: spec, folder: folder, tools: tools)
    }

    /// The folder the specs' relative paths are read from: the names the seed corpus uses.
    final class Fixtures: Sendable {
        let ready: (URL, FFmpegTools)?

        init() {
            let folder = Self.folder
            ready = try? Self.make(folder)
            // A static's deinit never runs: the folder goes when the process ends normally.
            atexit { try? FileManager.default.removeItem(at: EditSpecFuzz.Fixtures.folder) }
        }

        static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-\(getpid())")

        private static func make(_ folder: URL) throws -> (URL, FFmpegTools) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let picture = try PNGCodec.encode(RGBAImage(width: 8, height: 6, fill: SIMD4(200, 80, 40, 255)))
            for name in ["a.png", "b.png", "c.png", "from.png", "to.png", "photo.jpg", "tower.png", "harbour.jpg", "logo.png"] {
                try Data(picture).write(to: folder.appendingPathComponent(name))
            }
            let subtitles = "1\n00:00:00,500 --> 00:00:02,000\nHello\n\n2\n00:00:02,500 --> 00:00:04,000\n<i>World</i>\n"
            for name in ["captions.srt", "subtitles.srt", "subs.srt"] {
                try Data(subtitles.utf8).write(to: folder.appendingPathComponent(name))
            }
            let shader = "uniform float amount; // = 0.5\nvec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress * amount); }\n"
            for name in ["my.glsl", "wipe.glsl", "effect.glsl"] {
                try Data(shader.utf8).write(to: folder.appendingPathComponent(name))
            }
            let ffmpeg = folder.appendingPathComponent("ffmpeg")
            try Data("#!/bin/sh\nexit 1\n".utf8).write(to: ffmpeg)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ffmpeg.path)
            return (folder, try FFmpegTools(ffmpegPath: ffmpeg.path))
        }
    }
}
