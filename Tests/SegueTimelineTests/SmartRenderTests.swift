import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// Smart rendering against ffmpeg as the reference decoder: an edit of camera-like H.264 clips
/// (keyframes every ~second, B-frames) copies their untouched groups of pictures, and the file
/// decodes silently, its copied frames are the sources' own decoded frames bit for bit, it
/// seeks across every join, and its frames, length and sync equal a full re-encode's.
@Suite("Smart rendering (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct SmartRenderTests {
    /// Three 4 s clips (GOPs of 30 and 29 frames, the last with a flash and a beep at its
    /// frame 75), a fade and a wipe of 1 s: 300 frames.
    static func threeClips(in dir: URL) throws -> EditPlan {
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("a.mp4").path)
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("b.mp4").path, hue: 90, gop: 29)
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("c.mp4").path, hue: 180, flashFrame: 75)
        return try SmartRenderMedia.plan(EditSpec(
            size: "320x180", fps: 30,
            items: ["a.mp4", "b.mp4", "c.mp4"].map { .clip(path: $0, from: nil, to: nil) },
            transitions: [EditTransition(effect: "fade", duration: 1), EditTransition(effect: "wipeleft", duration: 1)]), in: dir)
    }

    static func export(_ plan: EditPlan, to path: String, smart: Bool, frames: Range<Int>? = nil) throws -> SmartRenderPlan? {
        var told: SmartRenderPlan?
        _ = try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: try FFmpegTools.locate())
            exporter.smartRendering = smart
            exporter.onSmartPlan = { told = $0 }
            return try exporter.export(to: path, frames: frames)
        }
        return told
    }

    /// Each copied segment's frames in `output` (whose first frame is the edit's `first`) against
    /// the frames of its source, decoded alone.
    static func expectCopiesBitIdentical(_ smart: SmartRenderPlan, plan: EditPlan, output: [String], first: Int = 0, dir: URL) throws {
        var sources: [String: [String]] = [:]
        for segment in smart.segments where segment.copy {
            guard let item = segment.item, case let .clip(path, start, _, _) = plan.items[item].source else {
                Issue.record("a copy without its clip")
                continue
            }
            let hashes = try sources[path] ?? SmartRenderMedia.frameHashes(path)
            sources[path] = hashes
            let offset = Int((start * 30).rounded()) - plan.startFrame(ofItem: item)
            for frame in segment.first..<segment.end {
                #expect(output[frame - first] == hashes[frame + offset], "edit frame \(frame), items[\(item)] frame \(frame + offset)")
            }
        }
    }

    @Test func untouchedGroupsAreCopiedBitIdenticalAndTheFileMatchesAFullReencode() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.threeClips(in: dir)
        let (smartPath, fullPath) = (dir.appendingPathComponent("smart.mp4").path, dir.appendingPathComponent("full.mp4").path)
        let smart = try #require(try Self.export(plan, to: smartPath, smart: true))
        #expect(try Self.export(plan, to: fullPath, smart: false) == nil, "--reencode makes no plan")

        // a: 0..<90 untouched, cut points every 30 → 0..<90 copied; b (GOP 29) from its frame 58
        // (cut point) to 87, c from 60 (its frame 30) to the end; the rest encoded.
        #expect(smart.reason == nil)
        #expect(smart.segments.map { [$0.first, $0.end, $0.copy ? 1 : 0] }
            == [[0, 90, 1], [90, 148, 0], [148, 177, 1], [177, 210, 0], [210, 300, 1]], "\(smart.segments)")
        #expect(smart.segments[1].why?.contains("transitions[0] (fade)") == true, "\(smart.segments[1])")

        #expect(try SmartRenderMedia.decodeErrors(smartPath) == "")
        let output = try SmartRenderMedia.frameHashes(smartPath)
        #expect(output.count == 300)
        try Self.expectCopiesBitIdentical(smart, plan: plan, output: output, dir: dir)

        // Same frames, length and sync as the full re-encode.
        let (smartInfo, fullInfo) = (try VideoReader.info(smartPath), try VideoReader.info(fullPath))
        #expect(smartInfo.frames == fullInfo.frames && abs(smartInfo.durationSeconds - fullInfo.durationSeconds) < 1.0 / 30, "\(smartInfo) \(fullInfo)")
        let (smartSamples, fullSamples) = (try TimelineMedia.samples(smartPath), try TimelineMedia.samples(fullPath))
        #expect(abs(smartSamples.count - fullSamples.count) <= 1600, "\(smartSamples.count) \(fullSamples.count)")
        // c starts at frame 210; its flash (its frame 75) is the edit's 255, a copied frame.
        let (smartFlash, fullFlash) = (try SmartRenderMedia.brightestFrame(smartPath), try SmartRenderMedia.brightestFrame(fullPath))
        #expect(smartFlash == 255 && fullFlash == 255, "\(smartFlash) \(fullFlash)")
        let (smartBeep, fullBeep) = (try SmartRenderMedia.beepOnset(smartPath), try SmartRenderMedia.beepOnset(fullPath))
        #expect(abs(smartBeep - 255 * 1600) <= 1600 && abs(smartBeep - fullBeep) <= 1600, "beep at \(smartBeep), full \(fullBeep)")

        // Seeking to each join and just after it decodes the frame the whole file has there.
        for join in smart.segments.dropFirst().map(\.first) {
            for frame in [join, join + 1] {
                let seeked = try SmartRenderMedia.frameHashes(smartPath, seek: (Double(frame) - 0.5) / 30, frames: 1)
                #expect(seeked == [output[frame]], "seek to frame \(frame) (join at \(join))")
            }
        }
    }

    @Test func chunksSnapToCutPointsAndJoinIntoTheWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.threeClips(in: dir)
        let whole = try SmartRenderPlan(plan: plan, format: .mp4, tools: try FFmpegTools.locate())
        // Quarters (0, 75, 150, 225, 300) whose edges inside copies move to cut points: 75 to
        // a's 90 (30 and 90 equally near; the segment's edge first), 150 to b's 148, 225 to c's 210.
        var chunks: [String] = []
        var edges = [0]
        for index in 0..<4 {
            let range = whole.snapped(try EditChunk(index: index, count: 4).frames(ofTotal: plan.totalFrames))
            #expect(range.lowerBound == edges.last, "chunks tile the edit: \(range) after \(edges)")
            edges.append(range.upperBound)
            let path = dir.appendingPathComponent("chunk\(index).mp4").path
            let smart = try #require(try Self.export(plan, to: path, smart: true, frames: range))
            #expect(try SmartRenderMedia.decodeErrors(path) == "")
            try Self.expectCopiesBitIdentical(smart, plan: plan, output: try SmartRenderMedia.frameHashes(path), first: range.lowerBound, dir: dir)
            chunks.append(path)
        }
        #expect(edges == [0, 90, 148, 210, 300])
        let joined = dir.appendingPathComponent("joined.mp4").path
        try VideoJoiner.join(chunks, to: joined, tools: try FFmpegTools.locate())
        #expect(try SmartRenderMedia.decodeErrors(joined) == "")
        let output = try SmartRenderMedia.frameHashes(joined)
        #expect(output.count == 300)
        try Self.expectCopiesBitIdentical(whole, plan: plan, output: output, dir: dir)
    }

    /// Open GOPs and a chroma Segue does not encode are refused; a Baseline clip alone gives the
    /// edit its profile and is copied (the output follows it, `EditOutputCoding`).
    @Test func openGOPsAndOtherChromaAreRefusedWithTheReasonAndBaselineIsFollowed() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("open.mp4").path, x264: ["-x264-params", "open-gop=1"])
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("baseline.mp4").path, x264: ["-profile:v", "baseline"])
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("444.mp4").path, x264: ["-pix_fmt", "yuv444p"])
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("good.mp4").path)
        let tools = try FFmpegTools.locate()
        let stream = try ClipStream(path: dir.appendingPathComponent("open.mp4").path, demuxer: "mov", framesPerSecond: 30, tools: tools)
        #expect(stream.cutPoints == [0] && stream.openKeyframes >= 3, "\(stream.cutPoints) \(stream.openKeyframes)")
        for (name, expected) in [("open.mp4", "open GOPs"), ("444.mp4", "High 4:4:4")] {
            let plan = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: name, from: nil, to: nil)]), in: dir)
            let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: tools)
            #expect(!smart.copies && smart.reason?.contains(expected) == true, "\(name): \(smart.reason ?? "no reason")")
            #expect(smart.segments.count == 1 && smart.segments[0].why?.contains(expected) == true, "\(smart.segments)")
        }
        let baseline = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "baseline.mp4", from: nil, to: nil)]), in: dir)
        let followed = try SmartRenderPlan(plan: baseline, format: .mp4, tools: tools)
        #expect(followed.segments.map(\.copy) == [true] && followed.output == "H.264 Constrained Baseline 8-bit BT.709 SDR", "\(followed)")
        // The good clip alone is copied whole; as WebM nothing is.
        let plan = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "good.mp4", from: nil, to: nil)]), in: dir)
        #expect(try SmartRenderPlan(plan: plan, format: .mp4, tools: tools).segments.map(\.copy) == [true])
        #expect(try SmartRenderPlan(plan: plan, format: .webm, tools: tools).reason?.contains("webm") == true)
    }
}
