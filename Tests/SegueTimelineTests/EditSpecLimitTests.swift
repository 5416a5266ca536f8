import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An edit spec's documented limits, each refused with its name before any file the spec names
/// is opened (issue 32 defect 2), and a 10,000-item plan checked once per distinct file (its
/// time is a figure in docs/Benchmarks.md, not asserted here).
@Suite("Edit spec limits and large plans", .tags(.ffmpeg), .requiresFFmpeg)
struct EditSpecLimitTests {
    static func write(_ text: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("edit.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func items(_ count: Int, names: (Int) -> String, duration: Double = 1) -> String {
        (0..<count).map { #"{"picture": "\#(names($0))", "duration": \#(duration)}"# }.joined(separator: ",")
    }

    @Test func eachLimitIsRefusedByNameBeforeAnyFileIsOpened() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tools = try FFmpegTools.locate()
        // None of these pictures exists: a refusal that names the limit came before any open.
        let cases: [(spec: String, says: String)] = [
            (#"{"size": "64x36", "items": [\#(Self.items(100_001) { _ in "p.png" })]}"#, "items: 100001 items; an edit holds at most 100000"),
            (#"{"size": "64x36", "items": [\#(Self.items(1_001) { "p\($0).png" })]}"#, "1001 distinct files; an edit names at most 1000"),
        ]
        for (spec, says) in cases {
            let path = try Self.write(spec, in: dir)
            let error = #expect(throws: EditSpecError.self) { _ = try EditPlan.load(specAt: path, tools: tools) }
            #expect(error?.description.contains(says) == true, "\(String(describing: error))")
        }
        let huge = dir.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: EditSpecLimits.specBytes + 1).write(to: huge)
        let size = #expect(throws: EditSpecError.self) { _ = try EditPlan.load(specAt: huge.path, tools: tools) }
        #expect(size?.description.contains("a spec is at most 16777216 bytes") == true, "\(String(describing: size))")

        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        let long = try Self.write(#"{"size": "64x36", "items": [\#(Self.items(2, names: { _ in "p.png" }, duration: 86_400))]}"#, in: dir)
        let length = #expect(throws: EditSpecError.self) { _ = try EditPlan.load(specAt: long, tools: tools) }
        #expect(length?.description.contains("the edit lasts 172800 s; an edit lasts at most 86400 s") == true, "\(String(describing: length))")
    }

    /// 10,000 items of two pictures with a fade at every junction: the plan's arithmetic is
    /// the spec's (each 1 s item less each 0.2 s fade), each file checked once.
    @Test func aTenThousandItemPlanIsTheSpecsArithmetic() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: dir.appendingPathComponent("b.png").path)
        let fades = Array(repeating: #"{"effect": "fade", "duration": 0.2}"#, count: 9_999).joined(separator: ",")
        let path = try Self.write(#"{"size": "64x36", "fps": 30, "items": [\#(Self.items(10_000) { $0 % 2 == 0 ? "a.png" : "b.png" })], "transitions": [\#(fades)]}"#, in: dir)
        let plan = try EditPlan.load(specAt: path, tools: try FFmpegTools.locate())
        #expect(plan.items.count == 10_000 && plan.totalFrames == 10_000 * 30 - 9_999 * 6)
        #expect(Set(plan.inputPaths).count == 3)
    }
}
