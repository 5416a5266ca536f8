import Foundation
@_spi(Probing) import SegueExport
import SegueImage
import SegueTimeline

/// The edit spec, JSON to plan: `EditPlan.decode` (syntax, types, numbers, colours) then
/// `EditPlan(spec:folder:tools:)` (limits, sizes, rates, items, transitions, sound, texts and
/// subtitles) and its summary, against a folder of small real files. Clips and sounds are
/// planned from ffprobe answers made from the input (`FuzzMediaProber`: durations, sizes,
/// containers, stream layouts, failures) through `FFmpegTools.prober`; each stream listing is
/// also read as `MediaInfo` (frame rates, rotation, colour). No process may start: the ffmpeg
/// and ffprobe in the folder are stand-ins that leave a mark, and a run that finds one traps.
/// Pictures, SRT files, `.glsl` files and fonts are read for real.
enum EditSpecFuzz {
    static let fixtures = Fixtures()

    static func run(_ data: [UInt8]) {
        // Fresh tools a run: their probe cache would keep one run's answers for the next.
        guard let (folder, shared) = fixtures.ready, var tools = try? FFmpegTools(ffmpegPath: shared.ffmpeg.path) else { return }
        let (bytes, prober) = FuzzMediaProber.split(data)
        for listing in prober.streamListings { _ = MediaInfo(ffprobeJSON: listing) }
        tools.prober = prober
        defer { precondition(!fixtures.standInRan, "the plan started a process (a stand-in ffmpeg or ffprobe ran)") }
        guard let spec = try? EditPlan.decode(Data(bytes)), let plan = try? EditPlan(spec: spec, folder: folder, tools: tools) else { return }
        _ = try? EditPlanSummary(plan: plan, range: nil)
    }

    /// The folder the specs' relative paths are read from: the names the seed corpus uses.
    final class Fixtures: Sendable {
        /// The folder, and tools whose ffmpeg is its stand-in (no prober: the SRT target's).
        let ready: (URL, FFmpegTools)?

        init() {
            let folder = Self.folder
            ready = try? Self.make(folder)
            // A static's deinit never runs: the folder goes when the process ends normally.
            atexit { try? FileManager.default.removeItem(at: EditSpecFuzz.Fixtures.folder) }
        }

        static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-\(getpid())")
        /// What a stand-in writes when it runs.
        static let mark = folder.appendingPathComponent("a-process-ran")

        /// Whether a stand-in ffmpeg or ffprobe has run since the folder was made.
        var standInRan: Bool { FileManager.default.fileExists(atPath: Self.mark.path) }

        /// The clips and sounds the seeds name: placeholders, since only their names reach the prober.
        static let clips = ["a.mp4", "b.mp4", "clip.mp4", "waves.mp4", "beach.mp4", "street.mp4", "drone.mp4", "interview.mp4",
                            "mandelbrot.mp4", "wave.mp4", "city.mp4", "run.mp4", "clip.mov", "clip.mkv"]
        static let sounds = ["song.mp3", "music.wav", "voice-over.wav", "music.mp3", "sound.wav", "voice.flac"]

        private static func make(_ folder: URL) throws -> (URL, FFmpegTools) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let picture = try PNGCodec.encode(RGBAImage(width: 8, height: 6, fill: SIMD4(200, 80, 40, 255)))
            for name in ["a.png", "b.png", "c.png", "from.png", "to.png", "photo.jpg", "tower.png", "harbour.jpg", "logo.png",
                         "beach.jpg", "a.jpg", "c.webp"] {
                try Data(picture).write(to: folder.appendingPathComponent(name))
            }
            // An MP4's first box, so the plan's sniffing takes it for no still picture.
            let box: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
            for name in clips + sounds { try Data(box).write(to: folder.appendingPathComponent(name)) }
            let subtitles = "1\n00:00:00,500 --> 00:00:02,000\nHello\n\n2\n00:00:02,500 --> 00:00:04,000\n<i>World</i>\n"
            for name in ["captions.srt", "subtitles.srt", "subs.srt"] {
                try Data(subtitles.utf8).write(to: folder.appendingPathComponent(name))
            }
            let shader = "uniform float amount; // = 0.5\nvec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress * amount); }\n"
            for name in ["my.glsl", "wipe.glsl", "effect.glsl"] {
                try Data(shader.utf8).write(to: folder.appendingPathComponent(name))
            }
            for tool in ["ffmpeg", "ffprobe"] {
                let standIn = folder.appendingPathComponent(tool)
                try Data("#!/bin/sh\n: > '\(mark.path)'\nexit 1\n".utf8).write(to: standIn)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
            }
            return (folder, try FFmpegTools(ffmpegPath: folder.appendingPathComponent("ffmpeg").path))
        }
    }
}
