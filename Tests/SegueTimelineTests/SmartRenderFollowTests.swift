import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// The output follows the inputs (issue 38): clips in another coding than H.264 High BT.709
/// (untagged SD, Main profile, cut with `-c copy`) give the edit their coding, so their
/// untouched spans are copied; ffmpeg is the reference decoder (framemd5 of the source decoded
/// alone, `-v error` silent, ffprobe's tags), and clips that disagree are named with the reason.
@Suite("Smart rendering follows the clips' coding (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct SmartRenderFollowTests {
    static func export(_ plan: EditPlan, to path: String, crf: Int? = nil, videoFormat: EditVideoFormat = .follow) throws -> SmartRenderPlan? {
        var told: SmartRenderPlan?
        _ = try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4, crf: crf, tools: try FFmpegTools.locate())
            exporter.videoFormat = videoFormat
            exporter.onSmartPlan = { told = $0 }
            return try exporter.export(to: path)
        }
        return told
    }

    /// Three clips made by `make(name, hue, flashFrame)` (3 s each: 210 frames), a fade and a
    /// wipe of 1 s; the last clip flashes and beeps at its frame 50, a copied frame.
    static func edit(in dir: URL, _ make: (String, Int, Int?) throws -> Void) throws -> EditPlan {
        try make("a.mp4", 0, nil)
        try make("b.mp4", 90, nil)
        try make("c.mp4", 180, 50)
        return try SmartRenderMedia.plan(EditSpec(
            size: "320x180", fps: 30, items: ["a.mp4", "b.mp4", "c.mp4"].map { .clip(path: $0, from: nil, to: nil) },
            transitions: [EditTransition(effect: "fade", duration: 1), EditTransition(effect: "wipeleft", duration: 1)]), in: dir)
    }

    /// What every smart render here must show: some frames copied, the file decodes silently,
    /// each copied frame is its source's bit for bit, and the flash and its beep land on the
    /// last clip's frame 50 within a frame, after both joins (the sound was mixed once, the video joined).
    static func expectJoinedCopies(_ smart: SmartRenderPlan, plan: EditPlan, path: String, dir: URL) throws {
        let flash = plan.startFrame(ofItem: 2) + 50
        #expect(smart.copies, "\(smart.reason ?? "") \(smart.refused)")
        #expect(try SmartRenderMedia.decodeErrors(path) == "")
        let output = try SmartRenderMedia.frameHashes(path)
        #expect(output.count == plan.totalFrames)
        // Players decode with frame threads: a join that decodes right on one thread only (an
        // H.264 profile switch mid-stream did) shows here as frames that differ.
        try expectDecodedAlikeOnEveryThread(path, output)
        try SmartRenderTests.expectCopiesBitIdentical(smart, plan: plan, output: output, dir: dir)
        #expect(try SmartRenderMedia.brightestFrame(path) == flash)
        let beep = try SmartRenderMedia.beepOnset(path)
        #expect(abs(beep - flash * 1600) <= 1600, "beep at sample \(beep), the flash's frame at \(flash * 1600)")
    }

    @Test func untaggedSDClipsGiveAnUntaggedBT601OutputAndAreCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, tagged: false)
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path))
        #expect(smart.output == "H.264 High 8-bit BT.601 SDR (untagged)" && smart.refused.isEmpty, "\(smart.output ?? "") \(smart.refused)")
        try Self.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
        let tags = try SmartRenderMedia.streamEntries(path, "color_space,color_primaries,color_transfer")
        #expect(tags.values.allSatisfy { $0 == "unknown" } && tags.count == 3, "\(tags)")
    }

    /// A flash and beep in b's copied span (after the first join) and in c's (after the second):
    /// each pair lands on one frame, so the sync holds at every join, not only summed over both.
    @Test func picturesAndSoundMeetAfterEachJoin() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: name == "b.mp4" ? 40 : flash)
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path))
        let flashes = [plan.startFrame(ofItem: 1) + 40, plan.startFrame(ofItem: 2) + 50]
        let joins = smart.segments.dropFirst().map(\.first)
        for flash in flashes {
            #expect(smart.segments.contains { $0.copy && $0.first <= flash && flash < $0.end }, "\(flash) \(smart.segments)")
        }
        #expect(joins.contains { $0 < flashes[0] } && joins.contains { flashes[0] < $0 && $0 < flashes[1] }, "\(joins)")
        #expect(try SmartRenderMedia.flashFrames(path) == flashes)
        let beeps = try SmartRenderMedia.beepOnsets(path)
        #expect(beeps.count == 2, "\(beeps)")
        for (beep, flash) in zip(beeps, flashes) {
            #expect(abs(beep - flash * 1600) <= 1600, "beep at sample \(beep), the flash's frame at \(flash * 1600)")
        }
    }

    /// Every frame of `path` decoded on one thread has the hash `hashes` (the default decode) gave it.
    static func expectDecodedAlikeOnEveryThread(_ path: String, _ hashes: [String]) throws {
        let single = try SmartRenderMedia.frameHashes(path, threads: 1)
        let differing = zip(single, hashes).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(single.count == hashes.count && differing.isEmpty,
                "\(differing.count) frames decode otherwise on one thread than on several, from frame \(differing.first ?? -1)")
    }

    /// x264's lossless mode needs High 4:4:4 Predictive; Main (or High) copies joined to such
    /// segments switch profile mid-stream, which ffmpeg's frame-threaded decoder showed as corrupt
    /// pictures after each switch (though one thread decoded them right). At CRF 0 an H.264
    /// edit copies nothing, says why, and is lossless throughout.
    @Test func losslessH264CopiesNothingAndDecodesAlikeOnEveryThread() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash,
                                      x264: ["-profile:v", "main"])
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path, crf: 0))
        #expect(!smart.copies && smart.refused.count == 3 && smart.refused.allSatisfy { $0.contains("lossless (--crf 0) H.264") },
                "\(smart.refused)")
        #expect(try SmartRenderMedia.decodeErrors(path) == "")
        let output = try SmartRenderMedia.frameHashes(path)
        #expect(output.count == plan.totalFrames)
        try Self.expectDecodedAlikeOnEveryThread(path, output)
        // The first clip's untouched frames, encoded losslessly, are its decoded frames bit for bit.
        let source = try SmartRenderMedia.frameHashes(dir.appendingPathComponent("a.mp4").path, frames: 60)
        #expect(Array(output.prefix(60)) == source)
        let tags = try SmartRenderMedia.streamEntries(path, "profile,color_space,color_primaries,color_transfer")
        #expect(tags == ["profile": "High 4:4:4 Predictive", "color_space": "bt709", "color_primaries": "bt709", "color_transfer": "bt709"],
                "\(tags)")
    }

    /// HEVC's lossless mode is Main's (or Main 10's) own, so its segments join the copies; x265
    /// refuses a level at constant QP, so a lossless segment carries the level it works out.
    /// CRF 0 failed here ("Constant QP is inconsistent with specifying a decoder level").
    @Test func losslessHEVCCopiesAndDecodesAlikeOnEveryThread() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, codec: "libx265")
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path, crf: 0))
        #expect(smart.output == "HEVC Main 8-bit BT.709 SDR" && smart.refused.isEmpty, "\(smart.output ?? "") \(smart.refused)")
        try Self.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
    }

    @Test(arguments: ["libx264", "libx265"])
    func aClipCutWithStreamCopyIsReadAsItPlaysAndCopied(codec: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            let path = dir.appendingPathComponent(name).path
            guard name == "b.mp4" else {
                return try SmartRenderMedia.clip(at: path, seconds: 3, hue: hue, flashFrame: flash, codec: codec)
            }
            // 5.5 s cut at 1.5 s with `-c copy`: its first 15 frames (from the keyframe at 1 s)
            // are hidden by an edit list; it plays 4 s from a frame that is no keyframe.
            let whole = dir.appendingPathComponent("b-whole.mp4").path
            try SmartRenderMedia.clip(at: whole, seconds: 5.5, hue: hue, codec: codec)
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-ss", "1.5", "-i", whole, "-c", "copy", path])
        }
        let stream = try ClipStream(path: dir.appendingPathComponent("b.mp4").path, demuxer: "mov", framesPerSecond: 30,
                                    tools: try FFmpegTools.locate())
        #expect(stream.frameCount == 120 && stream.constantRate && stream.cutPoints == [15, 45, 75, 105], "\(stream.frameCount) \(stream.cutPoints)")
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path))
        #expect(smart.refused.isEmpty, "\(smart.refused)")
        // b (edit frames 60..<180) untouched from 90 to 150: its cut points 45 and 75 are the edit's 105 and 135.
        #expect(smart.segments.contains { $0.copy && $0.item == 1 && $0.first == 105 && $0.end == 135 }, "\(smart.segments)")
        try Self.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
    }

    @Test func hevcClipsGiveAnHEVCOutputAndAreCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, codec: "libx265")
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path))
        #expect(smart.output == "HEVC Main 8-bit BT.709 SDR", "\(smart.output ?? "")")
        try Self.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
        let entries = try SmartRenderMedia.streamEntries(path, "codec_name,profile,codec_tag_string")
        #expect(entries == ["codec_name": "hevc", "profile": "Main", "codec_tag_string": "hvc1"], "\(entries)")
        // Seeking to each join and just after it decodes the frame the whole file has there.
        let output = try SmartRenderMedia.frameHashes(path)
        for join in smart.segments.dropFirst().map(\.first) {
            for frame in [join, join + 1] {
                let seeked = try SmartRenderMedia.frameHashes(path, seek: (Double(frame) - 0.5) / 30, frames: 1)
                #expect(seeked == [output[frame]], "seek to frame \(frame) (join at \(join))")
            }
        }
    }

    /// An HEVC edit in two chunks whose edge snaps to a cut point, joined by `segue join`'s
    /// `VideoJoiner`: the joined file decodes silently and its copies are the sources' frames.
    @Test func hevcChunksJoinIntoTheWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, codec: "libx265")
        }
        let tools = try FFmpegTools.locate()
        let whole = try SmartRenderPlan(plan: plan, format: .mp4, tools: tools)
        var chunks: [String] = []
        for index in 0..<2 {
            let range = whole.snapped(try EditChunk(index: index, count: 2).frames(ofTotal: plan.totalFrames))
            let path = dir.appendingPathComponent("chunk\(index).mp4").path
            _ = try withDevice { device in
                try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).export(to: path, frames: range)
            }
            chunks.append(path)
        }
        let joined = dir.appendingPathComponent("joined.mp4").path
        try VideoJoiner.join(chunks, to: joined, tools: tools)
        #expect(try SmartRenderMedia.decodeErrors(joined) == "")
        let output = try SmartRenderMedia.frameHashes(joined)
        #expect(output.count == plan.totalFrames)
        try SmartRenderTests.expectCopiesBitIdentical(whole, plan: plan, output: output, dir: dir)
    }

    /// HLG clips as phones record them (HEVC Main 10, BT.2020, ARIB STD-B67): the edit is HLG
    /// too, their spans copied with their tags, the transition made from their signal as it is.
    @Test func hlgClipsGiveAnHLGOutputAndAreCopied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // With HDR10 static metadata, as some phones add to HLG: the encoded segments carry it too.
        let hlg = ["-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
                   "-color_range", "tv", "-x265-params",
                   "log-level=error:open-gop=0:keyint=30:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
                       + ":max-cll=1000,400"]
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash, x264: hlg,
                                      tagged: false, codec: "libx265")
        }
        let path = dir.appendingPathComponent("edit.mp4").path
        let smart = try #require(try Self.export(plan, to: path))
        #expect(smart.output == "HEVC Main 10 10-bit BT.2020 HLG", "\(smart.output ?? "")")
        try Self.expectJoinedCopies(smart, plan: plan, path: path, dir: dir)
        let entries = try SmartRenderMedia.streamEntries(path, "profile,pix_fmt,color_space,color_primaries,color_transfer,color_range")
        #expect(entries == ["profile": "Main 10", "pix_fmt": "yuv420p10le", "color_space": "bt2020nc", "color_primaries": "bt2020",
                            "color_transfer": "arib-std-b67", "color_range": "tv"], "\(entries)")
        // Every frame says HLG, the encoded ones as the copied (their own SPS in band).
        let frames = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=color_transfer", "-of", "csv=p=0", path]), as: UTF8.self)
        let transfers = Set(frames.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .init(charactersIn: ",")) })
        #expect(transfers == ["arib-std-b67"], "\(transfers)")
        // Every frame's mastering display and light level, as ffmpeg decodes them, are the clips'.
        let sideData = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries",
            "frame_side_data=red_x,green_y,white_point_x,max_luminance,min_luminance,max_content,max_average", "-of", "csv=p=0", path]),
            as: UTF8.self)
        let perFrame = sideData.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(perFrame.filter { $0.contains("34000/50000") }.count == plan.totalFrames, "\(Set(perFrame))")
        #expect(perFrame.filter { $0.hasPrefix("1000,400") }.count == plan.totalFrames, "\(Set(perFrame))")
    }

    /// Untagged exactly when every input is: a picture (sRGB) makes the output tagged, with the
    /// clips' coding spelled out; `--bit-depth 10` keeps 10-bit codings only, so 8-bit clips give
    /// HEVC Main 10 BT.709 and are named.
    @Test func aPictureTagsTheOutputAndTenBitsTakeOnlyTenBitCodings() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SmartRenderMedia.clip(at: dir.appendingPathComponent("a.mp4").path, seconds: 2, tagged: false)
        try EditFrameRateTests.picture(in: dir, width: 320, height: 180)
        let tools = try FFmpegTools.locate()
        let clipOnly = try SmartRenderMedia.plan(EditSpec(size: "320x180", fps: 30, items: [.clip(path: "a.mp4", from: nil, to: nil)]), in: dir)
        #expect(try SmartRenderPlan(plan: clipOnly, format: .mp4, tools: tools).output == "H.264 High 8-bit BT.601 SDR (untagged)")
        let withPicture = try SmartRenderMedia.plan(EditSpec(
            size: "320x180", fps: 30, items: [.clip(path: "a.mp4", from: nil, to: nil), .picture(path: "p.png", duration: 1)]), in: dir)
        let tagged = try SmartRenderPlan(plan: withPicture, format: .mp4, tools: tools)
        #expect(tagged.output == "H.264 High 8-bit BT.601 SDR" && tagged.copies, "\(tagged.output ?? "") \(tagged.refused)")
        let tenBits = try SmartRenderPlan(plan: clipOnly, format: .mp4, videoFormat: .follow, bitDepth: 10, tools: tools)
        #expect(tenBits.output == "HEVC Main 10 10-bit BT.709 SDR" && !tenBits.copies
                && tenBits.refused.first?.hasPrefix("items[0]: H.264 High 8-bit BT.601 SDR (untagged), the output's is HEVC Main 10") == true,
                "\(tenBits.output ?? "") \(tenBits.refused)")
    }

    @Test func mixedClipsNameTheClipAndTheReasonAndTakeTheMajority() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // a and c Main (6 s of frames), b High (3 s): the output is Main, b is named.
        let plan = try Self.edit(in: dir) { name, hue, flash in
            try SmartRenderMedia.clip(at: dir.appendingPathComponent(name).path, seconds: 3, hue: hue, flashFrame: flash,
                                      x264: name == "b.mp4" ? [] : ["-profile:v", "main"])
        }
        let tools = try FFmpegTools.locate()
        let smart = try SmartRenderPlan(plan: plan, format: .mp4, tools: tools)
        #expect(smart.output == "H.264 Main 8-bit BT.709 SDR")
        #expect(smart.refused == ["items[1]: H.264 High 8-bit BT.709 SDR, the output's is H.264 Main 8-bit BT.709 SDR, chosen by most frames"],
                "\(smart.refused)")
        #expect(smart.segments.filter(\.copy).compactMap(\.item) == [0, 2], "\(smart.segments)")
        // Forced HEVC: that codec (no clip has it: Main 8-bit BT.709), nothing copied, each clip named.
        let hevc = try SmartRenderPlan(plan: plan, format: .mp4, videoFormat: .hevc, bitDepth: nil, tools: tools)
        #expect(hevc.output == "HEVC Main 8-bit BT.709 SDR" && !hevc.copies && hevc.refused.count == 3, "\(hevc.output ?? "") \(hevc.refused)")
        let path = dir.appendingPathComponent("hevc.mp4").path
        _ = try Self.export(plan, to: path, videoFormat: .hevc)
        #expect(try SmartRenderMedia.decodeErrors(path) == "")
        let entries = try SmartRenderMedia.streamEntries(path, "codec_name,profile,pix_fmt")
        #expect(entries == ["codec_name": "hevc", "profile": "Main", "pix_fmt": "yuv420p"], "\(entries)")
    }
}
