import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// An edit probes each file once (issue 38): ffprobe is a wrapper that notes the file each
/// run reads and runs the real one. A smart render of three clips asks of each clip what it
/// must know once — the vetting probe, the stream listing, the packet listing — however many
/// readers open it (the plan, smart rendering, each segment's decoders), and reads the output
/// back once; it used to run seven probes a clip.
@Suite("Timeline: each file probed once (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ProbeOnceTests {
    @Test func aSmartRenderProbesEachClipOnce() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = try FakeTools()
        defer { fake.remove() }
        try fake.real("ffmpeg")
        let real = try #require(try FFmpegTools.locate().ffprobe).path
        let log = fake.dir.appendingPathComponent("probes.log").path
        // The file is ffprobe's last argument.
        try fake.script("ffprobe", "for a in \"$@\"; do last=\"$a\"; done\necho \"$last\" >> '\(log)'\nexec '\(real)' \"$@\"")
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
            #expect(probed.filter { $0.hasSuffix("/" + name) }.count == 3, "\(name): \(probed)")
        }
        // The finished video, read back once before it is moved into place.
        #expect(probed.filter { $0.contains(".edit.mp4") }.count == 1, "\(probed)")
        #expect(probed.count == 10, "\(probed)")
    }
}
