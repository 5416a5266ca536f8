import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// A GIF is made in two passes over the same (deterministic) frames, palettegen then
/// paletteuse, so ffmpeg holds one frame at a time: one pass (split, palettegen, paletteuse)
/// kept every frame until the palette was made, 2.25 GB for 720p x 300 frames (issue 21 item 7).
@Suite("TransitionExporter: GIF memory (ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct GIFMemoryTests {
    @Test func thePassesNeverSplitTheFrames() throws {
        try withDevice { device in
            let exporter = try TransitionExporter(device: device, settings: ExportSettings(format: .gif, width: 64, height: 36))
            let first = exporter.paletteArguments(), second = exporter.gifArguments(palette: "/p")
            #expect(first.contains("palettegen") && !first.joined().contains("split") && !first.joined().contains("paletteuse"))
            #expect(second.contains("[0:v][1:v]paletteuse") && !second.joined().contains("split")
                    && !second.joined().contains("palettegen"))
        }
    }

    /// ffmpeg's peak memory (from /usr/bin/time, the Debian package `time` that `make test`
    /// installs) for 40 and 400 frames of 320x180: held frames would add 83 MB (230 KB each).
    /// The pictures are two flat colours, so the frames hold a few hundred colours in all:
    /// palettegen's histogram and paletteuse's colour cache grow with the distinct colours seen
    /// (bounded by the colour space, not by the length), and stay small here.
    @Test func ffmpegsPeakMemoryDoesNotGrowWithTheLength() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        let log = fake.dir.appendingPathComponent("rss.log").path
        let ffmpeg = try FFmpegTools.locate().ffmpeg.path
        try fake.script("ffmpeg", "exec /usr/bin/time -f %M -a -o '\(log)' '\(ffmpeg)' \"$@\"")
        let from = try RGBAImage(width: 320, height: 180, fill: [200, 40, 30, 255])
        let to = try RGBAImage(width: 320, height: 180, fill: [20, 60, 220, 255])
        func peakKilobytes(frames: Int) throws -> [Int] {
            try? FileManager.default.removeItem(atPath: log)
            let out = fake.dir.appendingPathComponent("clip-\(frames).gif").path
            _ = try withDevice { device in
                try TransitionExporter(
                    device: device, settings: ExportSettings(format: .gif, width: 320, height: 180), tools: fake.tools()
                ).export(.pictures(from: from, to: to, frames: frames), to: out, effect: pixelDissolve)
            }
            #expect(try VideoReader.info(out).frames == frames)
            return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        }
        let short = try peakKilobytes(frames: 40), long = try peakKilobytes(frames: 400)
        #expect(short.count == 2 && long.count == 2, "two ffmpeg runs each: \(short) \(long)")
        for (a, b) in zip(short, long) {
            #expect(b - a < 30_000, "peak RSS grew from \(a) KB to \(b) KB with ten times the frames")
        }
    }
}
