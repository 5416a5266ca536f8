import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
@testable import SegueTimeline
import Testing

/// Plans at the documented caps (issue hardening-3 item 5): 100,000 items planned in 47.5 s, as
/// every item's start was summed again from the first item, and every junction stored its
/// effect's closure back into the plan's cache, one reabstraction thunk deeper each time (a chain
/// whose release overflowed the stack). Starts are now summed once, text and smart-render
/// checks go item by item with a cursor; the figures are in docs/Benchmarks.md, not asserted here.
@Suite("Large plans: the item and text caps", .tags(.ffmpeg), .requiresFFmpeg)
struct LargePlanTests {
    static func write(_ spec: [String: Any], in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("edit.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: url)
        return url.path
    }

    static func pictures(in dir: URL) throws {
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: dir.appendingPathComponent("b.png").path)
    }

    @Test func theItemCapPlansAndIsReleased() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pictures(in: dir)
        let count = EditSpecLimits.items
        let path = try Self.write([
            "size": "64x36", "fps": 30,
            "items": (0..<count).map { ["picture": $0 % 2 == 0 ? "a.png" : "b.png", "duration": 1] as [String: Any] },
            "transitions": Array(repeating: ["effect": "fade", "duration": 0.2] as [String: Any], count: count - 1),
        ], in: dir)
        try {
            let plan = try EditPlan.load(specAt: path, tools: try FFmpegTools.locate())
            #expect(plan.totalFrames == count * 30 - (count - 1) * 6)
            #expect(plan.startFrame(ofItem: 0) == 0 && plan.startFrame(ofItem: count - 1) == (count - 1) * 24)
            let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: try FFmpegTools.locate())
            #expect(smart.segments.count == 1 && smart.segments[0].why?.contains("transitions[\(count - 2)] (fade)") == true)
        }()
        // The plan and its 99,999 junctions' effects are released here: the chain of thunks crashed.
    }

    /// The text cap is on the UTF-8 of all texts and titles together, refused by name before any
    /// file is opened (no picture exists here): 10,000 texts of 1,500 characters each planned for
    /// 13 s, within every limit there was.
    @Test func textsAndTitlesPastFourMiBOfUTF8AreRefusedByName() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let half = String(repeating: "é", count: EditSpecLimits.textBytes / 4)   // 2 bytes each: 2 MiB
        let cases: [[String: Any]] = [
            ["size": "64x36", "items": [["picture": "p.png", "duration": 1]],
             "texts": [["content": half], ["content": half], ["content": "!"]]],
            ["size": "64x36", "items": [["title": half, "duration": 1], ["picture": "p.png", "duration": 1, "text": ["content": half + "!"]]]],
        ]
        for spec in cases {
            let path = try Self.write(spec, in: dir)
            let error = #expect(throws: EditSpecError.self) { _ = try EditPlan.load(specAt: path, tools: try FFmpegTools.locate()) }
            #expect(error?.description == "texts: 4194305 bytes of text; an edit's texts and titles hold at most 4194304 bytes (4 MiB) of UTF-8 in all",
                    "\(String(describing: error))")
        }
    }

    /// The renderer's edit texts at each frame, asked in order and then backwards, against a
    /// check of every text (it kept all of them as candidates for every frame).
    @Test(.tags(.gl)) func theTextsShowingAtAFrameAreThoseThatHoldIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pictures(in: dir)
        let spans = [(0.0, 1.0), (0.5, 2.0), (0.5, 0.6), (1.9, 3.0), (2.5, 2.9), (0.0, 3.0)]
        let path = try Self.write([
            "size": "64x36", "fps": 10, "items": [["picture": "a.png", "duration": 3]],
            "texts": spans.map { ["content": "t", "start": $0.0, "end": $0.1, "animation": "none"] as [String: Any] },
        ], in: dir)
        let plan = try EditPlan.load(specAt: path, tools: try FFmpegTools.locate())
        try withDevice { device in
            let renderer = try TextOverlayRenderer(device: device, width: plan.width, height: plan.height, overlays: plan.textOverlays)
            defer { renderer.release() }
            for frame in Array(0..<plan.totalFrames) + [25, 3, 7, 7, 29, 0] {
                let naive = plan.textOverlays.indices.filter { plan.textOverlays[$0].frames.contains(frame) }
                #expect(renderer.showing(.edit, at: frame) == naive, "frame \(frame)")
            }
        }
    }

    /// Which items have text, against a check of every item against every text.
    @Test func itemsWithTextAreThoseATextOverlaps() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pictures(in: dir)
        let items: [[String: Any]] = (0..<40).map { index in
            var item: [String: Any] = ["picture": index % 2 == 0 ? "a.png" : "b.png", "duration": 1]
            if index % 13 == 5 { item["text"] = ["content": "on \(index)"] }
            return item
        }
        let texts: [[String: Any]] = [(2.5, 3.1), (3.0, 3.2), (10.0, 12.9), (20.3, 20.4), (27.0, 29.0)].map {
            ["content": "t", "start": $0.0, "end": $0.1]
        }
        let path = try Self.write([
            "size": "64x36", "fps": 30, "items": items, "texts": texts,
            "transitions": (0..<39).map { ["effect": $0 % 3 == 0 ? "cut" : "fade", "duration": 0.4] as [String: Any] },
        ], in: dir)
        let plan = try EditPlan.load(specAt: path, tools: try FFmpegTools.locate())
        let naive = plan.items.indices.map { index in
            let start = plan.startFrame(ofItem: index), frames = start..<(start + plan.items[index].frames)
            return plan.textOverlays.contains { overlay in
                switch overlay.scope {
                case let .item(item): item == index
                case .edit: overlay.frames.overlaps(frames)
                }
            }
        }
        #expect(plan.itemsWithText() == naive)
        #expect(naive.filter { $0 }.count > 5)
        // Every item's start, against the sum from the first item.
        for index in plan.items.indices {
            let summed = (0..<index).reduce(0) { $0 + plan.items[$1].frames - plan.transitions[$1].frames }
            #expect(plan.startFrame(ofItem: index) == summed)
            let first = plan.items.indices.first { plan.startFrame(ofItem: $0) + plan.items[$0].frames > summed } ?? plan.items.count - 1
            #expect(plan.firstItem(endingAfter: summed) == first)
        }
    }
}
