import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// A chunk that starts inside a clip seeks its decoder there whatever the output (issue 32
/// item 12: only MP4 with smart rendering seeked; WebM, GIF, PNG frames and --reencode decoded
/// every frame before the range, so late chunks cost more). The seek must change nothing: the
/// chunk's frames are the whole render's.
@Suite("Timeline: chunks seek into their first clip (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ChunkSeekTests {
    @Test func aLateChunkSeeksAndGivesTheWholeRendersFrames() throws {
        let fake = try FakeTools()
        defer { fake.remove() }
        try TimelineMedia.clip(at: fake.dir.appendingPathComponent("a.mkv").path, seconds: 4, frequency: nil)
        try PNGCodec.write(try SampleImages.from(width: 160, height: 90), to: fake.dir.appendingPathComponent("p.png").path)
        let spec = EditSpec(size: "160x90", fps: 30, items: [.clip(path: "a.mkv", from: 0.5, to: nil), .picture(path: "p.png", duration: 1)],
                            transitions: [EditTransition(effect: "fade", duration: 0.5)])
        let url = fake.dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(spec, to: url)
        // ffmpeg that notes each decoder's arguments, then runs the real one.
        let real = try FFmpegTools.locate().ffmpeg.path
        try fake.script("ffmpeg", "echo \"$*\" >> '\(fake.dir.path)/calls'\nexec '\(real)' \"$@\"")
        try fake.real("ffprobe")
        let tools = try fake.tools()
        let plan = try EditPlan.load(specAt: url.path, tools: tools)
        func frames(_ range: Range<Int>?) throws -> [Int: RGBAImage] {
            var frames: [Int: RGBAImage] = [:]
            try withDevice { device in
                try TimelineExporter(device: device, plan: plan, format: .webm, tools: tools)
                    .renderFrames(range: range) { index, image in frames[index] = image }
            }
            return frames
        }
        let whole = try frames(nil)
        try? FileManager.default.removeItem(at: fake.dir.appendingPathComponent("calls"))
        let chunk = try frames(60..<70)
        let calls = try String(contentsOf: fake.dir.appendingPathComponent("calls"), encoding: .utf8)
        // The clip starts at 0.5 s; frame 60 of the edit is 2 s further in.
        #expect(calls.contains("-ss 2.5 "), "\(calls)")
        #expect(chunk.count == 10)
        for index in 60..<70 { #expect(chunk[index]?.pixels == whole[index]?.pixels, "frame \(index)") }
    }
}
