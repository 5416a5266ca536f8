import Foundation
import SegueExport
import SegueImage
import SegueTestSupport
import Testing

/// Clip-to-clip edits, checked against the clips decoded by ffmpeg itself.
@Suite("TransitionExporter: clips (headless GL + ffmpeg)")
struct ClipExportTests {
    @Test func editPlaysClipAThenTheTransitionThenClipB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mkv").path, b = dir.appendingPathComponent("b.mkv").path
        try makeGradientClip(at: a, seconds: 2, size: "160x96", seed: 1, colors: "nb_colors=3")
        try makeGradientClip(at: b, seconds: 1.5, size: "160x96", seed: 7, colors: "c0=0x2040ff:c1=0x10c060:nb_colors=2")
        let out = dir.appendingPathComponent("edit.mp4").path

        // xfade's timeline: a until 1 s, a 0.5 s transition (15 frames), then b from its frame 15.
        var reports: [ExportProgress] = []
        let result = try withDevice { device in
            let exporter = try TransitionExporter(
                device: device, settings: ExportSettings(format: .mp4, width: 160, height: 96))
            exporter.onProgress = { reports.append($0) }
            return try exporter.export(
                .clips(from: a, to: b, offsetSeconds: 1, transitionFrames: 15), to: out, effect: pixelDissolve)
        }
        #expect(result.frames == 75)  // offset 30 frames + b's 45, as `xfade=offset=1:duration=0.5` makes
        let info = try VideoReader.info(out)
        #expect(info.frames == 75 && info.width == 160 && info.height == 96)
        #expect(abs(info.durationSeconds - 2.5) < 0.05, "duration \(info.durationSeconds)")
        // One report per frame, then the finished one with the true total (b's length was estimated).
        #expect(reports.map(\.framesDone) == Array(1...75) + [75])
        #expect(reports.dropLast().allSatisfy { !$0.isFinished } && reports.last?.isFinished == true)
        #expect(reports.last?.totalFrames == 75)

        let edit = try VideoReader.frames(out, width: 160, height: 96)
        let clipA = try VideoReader.frames(a, width: 160, height: 96)
        let clipB = try VideoReader.frames(b, width: 160, height: 96)
        #expect(edit.count == 75 && clipA.count == 60 && clipB.count == 45)
        // Head: frame k is a's frame k (codec tolerance), and clearly not a's frame k + 3: the
        // frames are in step, not merely alike.
        for k in [0, 1, 15, 29] {
            let same = VideoReader.psnr(edit[k], clipA[k])
            #expect(same > 35, "head frame \(k): \(same) dB against clip a")
            #expect(VideoReader.psnr(edit[k], clipA[k + 3]) < same - 6, "head frame \(k) is a's frame \(k)")
        }
        // The transition starts on a's frame 30 (progress 0) and moves away from it.
        #expect(VideoReader.psnr(edit[30], clipA[30]) > 35)
        #expect(VideoReader.psnr(edit[40], clipA[40]) < 25 && VideoReader.psnr(edit[40], clipB[10]) < 25)
        // Tail: b's frames from 15 on, in step.
        for k in [45, 46, 60, 74] {
            let same = VideoReader.psnr(edit[k], clipB[k - 30])
            #expect(same > 35, "tail frame \(k): \(same) dB against clip b")
            #expect(VideoReader.psnr(edit[k], clipB[k - 33]) < same - 6)
        }
    }

    @Test func aClipShorterThanTheEditIsATypedErrorAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mkv").path, b = dir.appendingPathComponent("b.mkv").path
        try makeGradientClip(at: a, seconds: 1, size: "64x48", seed: 1, colors: "nb_colors=2")
        try makeGradientClip(at: b, seconds: 1, size: "64x48", seed: 2, colors: "nb_colors=2")
        let out = dir.appendingPathComponent("edit.webm").path
        #expect(throws: ExportError.clipTooShort(path: a, frames: 30, needed: 33)) {
            try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .webm, width: 64, height: 48))
                    .export(.clips(from: a, to: b, offsetSeconds: 0.6, transitionFrames: 15), to: out, effect: pixelDissolve)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.mkv", "b.mkv"])
    }

    @Test func anUndecodableClipNamesTheFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.mp4").path
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: bad))
        do {
            _ = try withDevice { device in
                try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 48))
                    .export(.clips(from: bad, to: bad, offsetSeconds: 0, transitionFrames: 5),
                            to: dir.appendingPathComponent("x.mp4").path, effect: pixelDissolve)
            }
            Issue.record("an undecodable clip was accepted")
        } catch let error as ExportError {
            guard case .decoderFailed(let path, _, _) = error else { Issue.record("\(error)"); return }
            #expect(path == bad)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.mp4"])
    }
}
