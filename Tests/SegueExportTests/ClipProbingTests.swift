import Foundation
import SegueEffects
@testable import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// What ffprobe says about a clip, and clips whose containers say little or something odd:
/// no duration, a duration one frame short, pixels that are not square.
@Suite("TransitionExporter: clip probing (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ClipProbingTests {
    @Test func durationIsTheStreamsElseTheContainersElseUnknown() {
        #expect(ClipDecoder.parseDuration("1.500000\n2.000000\n") == 1.5)
        #expect(ClipDecoder.parseDuration("N/A\n0.966667\n") == 0.966667)
        #expect(ClipDecoder.parseDuration("N/A\nN/A\n") == nil)
        #expect(ClipDecoder.parseDuration("") == nil)
        #expect(ClipDecoder.parseDuration("0.000000\nnan\n") == nil)
    }

    /// Writes a 1 s, 30 fps lavfi clip with the given ffmpeg output options.
    private func makeClip(_ source: String, at path: String, _ options: [String]) throws {
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", source] + options + [path])
    }

    private func edit(from a: String, to b: String, offset: Double, frames: Int, out: String,
                      width: Int = 64, height: Int = 48, fit: ResizeMode = .cover) throws -> ExportResult {
        try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: width, height: height, crf: 0))
                .export(.clips(from: a, to: b, offsetSeconds: offset, transitionFrames: frames, fit: fit), to: out, effect: pixelDissolve)
        }
    }

    /// An elementary MPEG-2 stream has no duration anywhere (ffprobe says N/A): the edit is made
    /// from the decoded frames, and its length is still xfade's.
    @Test func aClipWithNoKnownDurationIsEditedFromItsFrames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.m2v").path, b = dir.appendingPathComponent("b.m2v").path
        try makeClip("testsrc2=s=64x48:r=30:d=1", at: a, ["-c:v", "mpeg2video", "-q:v", "2"])
        try makeClip("smptebars=s=64x48:r=30:d=1", at: b, ["-c:v", "mpeg2video", "-q:v", "2"])
        #expect(try ClipDecoder.duration(of: a, tools: FFmpegTools.locate()) == nil)
        let out = dir.appendingPathComponent("edit.mp4").path
        let result = try edit(from: a, to: b, offset: 0.5, frames: 10, out: out)
        #expect(result.frames == 45)  // 15 frames of a, then b's 30
        #expect(try VideoReader.info(out).frames == 45)

        // Too short is still found, while decoding: a has 30 frames, the edit needs 15 + 20.
        #expect(throws: ExportError.clipTooShort(path: a, frames: 30, needed: 35)) {
            try edit(from: a, to: b, offset: 0.5, frames: 20, out: dir.appendingPathComponent("short.mp4").path)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("short.mp4").path))
    }

    /// NUT written to a pipe ends its duration at the last frame's start, one frame short of
    /// the 30 it holds: an edit that needs all 30 is not refused up front.
    @Test func aDurationOneFrameShortDoesNotRefuseAClipLongEnough() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.nut").path, b = dir.appendingPathComponent("b.mkv").path
        let nut = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=1", "-c:v", "ffv1", "-f", "nut", "pipe:1",
        ])
        try nut.write(to: URL(fileURLWithPath: a))
        try makeClip("smptebars=s=64x48:r=30:d=1", at: b, ["-c:v", "ffv1"])
        let seconds = try #require(try ClipDecoder.duration(of: a, tools: FFmpegTools.locate()))
        #expect((seconds * 30).rounded() == 29, "the container's claim: \(seconds) s")
        let result = try edit(from: a, to: b, offset: 0.5, frames: 15, out: dir.appendingPathComponent("edit.mp4").path)
        #expect(result.frames == 45)
    }

    /// A 72x54 clip with 4:3 pixels is 96x54 on screen: contained in a 96x54 frame it fills it,
    /// where its stored 4:3 shape would leave 12-pixel bars at the sides.
    @Test func anamorphicClipsAreFittedByTheirDisplayedShape() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mkv").path
        try makeClip("color=c=red:s=72x54:r=30:d=1,setsar=4/3", at: a, ["-c:v", "ffv1"])
        let probed = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=sample_aspect_ratio", "-of", "csv=p=0", a,
        ]), as: UTF8.self)
        #expect(probed.trimmingCharacters(in: .whitespacesAndNewlines) == "4:3")
        let out = dir.appendingPathComponent("edit.mp4").path
        _ = try edit(from: a, to: a, offset: 0.2, frames: 4, out: out, width: 96, height: 54, fit: .contain)
        let frames = try VideoReader.frames(out, width: 96, height: 54)
        for index in [0, 7, 20] {  // a's head, the transition, b's tail
            for x in [2, 48, 93] {
                let pixel = frames[index][x, 27]
                #expect(pixel.x > 200 && pixel.y < 40 && pixel.z < 40, "frame \(index), x \(x): \(pixel) is not red")
            }
        }
    }
}
