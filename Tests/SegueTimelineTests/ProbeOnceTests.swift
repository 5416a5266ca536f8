import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// An edit probes each file once (issue 38): ffprobe and ffmpeg are wrappers that note each
/// run and run the real ones. A smart render of three clips asks each clip what it must know in
/// one ffprobe run (`FileListing`: the vetting, the stream listing and the packet listing at
/// once) however many readers open it (the plan, smart rendering, each segment's decoders),
/// and reads the output back from its boxes; it used to run seven probes a clip, then three,
/// and one on the output. Its ffmpeg
/// runs are the job's own: a decoder per clip a changed segment shows, an encoder per segment,
/// one join that mixes the sound.
@Suite("Timeline: each file probed once (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ProbeOnceTests {
    @Test func aSmartRenderProbesEachClipOnce() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = try FakeTools()
        defer { fake.remove() }
        let located = try FFmpegTools.locate()
        let real = try #require(located.ffprobe).path
        let log = fake.dir.appendingPathComponent("probes.log").path, runs = fake.dir.appendingPathComponent("ffmpeg.log").path
        // The file is ffprobe's last argument; each ffmpeg run is noted with its arguments.
        try fake.script("ffprobe", "for a in \"$@\"; do last=\"$a\"; done\necho \"$last\" >> '\(log)'\nexec '\(real)' \"$@\"")
        try fake.script("ffmpeg", "echo \"$*\" >> '\(runs)'\nexec '\(located.ffmpeg.path)' \"$@\"")
        let tools = try fake.tools()
        for (name, hue) in [("a.mp4", 0), ("b.mp4", 90), ("c.mp4", 180)] {
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, hue: hue)
        }
        let spec = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(EditSpec(
            size: "320x180", fps: 30, items: ["a.mp4", "b.mp4", "c.mp4"].map { .clip(path: $0, from: nil, to: nil) },
            transitions: [EditTransition(effect: "fade", duration: 1), EditTransition(effect: "wipeleft", duration: 1)]), to: spec)
        let plan = try EditPlan.load(specAt: spec.path, tools: tools)
        let out = dir.appendingPathComponent("edit.mp4").path
        var smart: SmartRenderPlan?
        _ = try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools)
            exporter.onSmartPlan = { smart = $0 }
            return try exporter.export(to: out)
        }
        #expect(try #require(smart).copies)
        let probed = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        for name in ["a.mp4", "b.mp4", "c.mp4"] {
            #expect(probed.filter { $0.hasSuffix("/" + name) }.count == 1, "\(name): \(probed)")
        }
        // The finished video is read back from its own boxes (`MP4Tracks`), with no ffprobe.
        #expect(probed.filter { $0.contains(".edit.mp4") }.isEmpty, "\(probed)")
        #expect(probed.count == 3, "\(probed)")
        // Two changed segments (the fade, the wipe), each shows two clips.
        let started = try String(contentsOfFile: runs, encoding: .utf8).split(separator: "\n").map(String.init)
        let decoders = started.filter { $0.contains(" -f rawvideo ") && $0.hasSuffix(" pipe:1") }
        let encoders = started.filter { $0.contains(" -i pipe:0 ") }
        let joins = started.filter { $0.contains(" -f concat ") }
        #expect(decoders.count == 4 && encoders.count == 2 && joins.count == 1, "\(started)")
        #expect(started.count == 7, "\(started)")
    }

    /// Segments render faster than their encoders finish here (each encoder's wrapper lingers
    /// 1.5 s after ffmpeg ends, as a slow x265 would): the render waits so that two encoders are
    /// alive at most — one finishing, one fed — however many transitions the edit has, and the
    /// next segment still renders while the last one's encoder finishes. It kept one alive for every segment before (three here; half a gigabyte each for
    /// x265 at 1080p).
    @Test func aSmartRenderKeepsAtMostTwoEncodersAlive() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.real("ffprobe")
        let real = try FFmpegTools.locate().ffmpeg.path
        let log = fake.dir.appendingPathComponent("encoders.log").path
        try fake.script("ffmpeg", """
            case "$*" in
            *" -i pipe:0 "*) echo start >> '\(log)'; '\(real)' "$@"; status=$?; sleep 1.5; echo end >> '\(log)'; exit $status;;
            esac
            exec '\(real)' "$@"
            """)
        let names = ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]
        for (index, name) in names.enumerated() {
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: index * 90)
        }
        let spec = dir.appendingPathComponent("edit.json")
        try TimelineMedia.write(EditSpec(
            size: "320x180", fps: 30, items: names.map { .clip(path: $0, from: nil, to: nil) },
            transitions: Array(repeating: EditTransition(effect: "fade", duration: 1), count: 3)), to: spec)
        let tools = try fake.tools()
        let plan = try EditPlan.load(specAt: spec.path, tools: tools)
        var smart: SmartRenderPlan?
        _ = try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools)
            exporter.onSmartPlan = { smart = $0 }
            return try exporter.export(to: dir.appendingPathComponent("edit.mp4").path)
        }
        let segments = try #require(smart).segments.filter { !$0.copy }.count
        let events = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        var alive = 0, most = 0
        for event in events {
            alive += event == "start" ? 1 : -1
            most = max(most, alive)
        }
        #expect(segments == 3 && events.count == 6, "\(segments) segments, \(events)")
        // Two, not one: the next segment still renders while the last one's encoder finishes.
        #expect(most == 2, "\(most) encoders alive at once: \(events)")
    }
}
