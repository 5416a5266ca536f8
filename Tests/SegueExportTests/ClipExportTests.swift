import Foundation
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueImage
import SegueTesting
import Testing

/// Clip-to-clip edits, checked against the clips decoded by ffmpeg itself.
@Suite("TransitionExporter: clips (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct ClipExportTests {
    /// Two slowly drifting 160x96 clips at 30 fps: a (2 s) and b (1.5 s), in `dir`.
    static func gradientClips(in dir: URL) throws -> (a: String, b: String) {
        let a = dir.appendingPathComponent("a.mkv").path, b = dir.appendingPathComponent("b.mkv").path
        try makeGradientClip(at: a, seconds: 2, size: "160x96", seed: 1, colors: "c0=0xff4020:c1=0xffd000:c2=0x8000ff:nb_colors=3")
        try makeGradientClip(at: b, seconds: 1.5, size: "160x96", seed: 7, colors: "c0=0x2040ff:c1=0x10c060:nb_colors=2")
        return (a, b)
    }

    @Test func editPlaysClipAThenTheTransitionThenClipB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = try Self.gradientClips(in: dir)
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

    /// The transition frames composed independently: PixelDissolve rendered headlessly (into a
    /// half-float target, as the exporter draws) on ffmpeg's own decoding of a's frame 30 + j
    /// and b's frame j at progress j / 15 (xfade's 1 − j/15), then converted by the output stage
    /// (`YCbCrOutput`) and encoded with the exporter's own command line at CRF 0, against the
    /// edit at CRF 0. H.264 at CRF 0 is lossless on its 4:2:0 input, so equal RGBA frames decode
    /// equal (measured: 0); ≤ 0.25 of 255 on average leaves room for GPU rounding only. Feeding
    /// b's frame j + 1, a's frame 31 + j or the next progress gives several levels at least
    /// (measured worst frames: b late 33, a late 37, next progress 29): each is checked
    /// to be told apart (> 1). (Slowly drifting random gradients, used first, gave 0.6–1.4 from
    /// run to run: ffmpeg's gradients source is random whatever its seed here.)
    @Test func transitionFramesArePixelDissolveOfTheClipsFramesAtXfadesProgress() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Both clips change a lot from frame to frame (testsrc2 with its hue turned 0.6 rad a
        // frame; b negated), so a one-frame slip of either shows, however few of its pixels the
        // dissolve shows. Planar RGB: decoding them is exact, whatever conversion a reader uses.
        func movingClip(_ name: String, seconds: Double, filters: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=\(seconds)",
                                                "-vf", filters + ",format=gbrp", "-c:v", "ffv1", path])
            return path
        }
        let a = try movingClip("a.mkv", seconds: 2, filters: "hue=H=0.6*n")
        let b = try movingClip("b.mkv", seconds: 1.5, filters: "hue=H=-0.6*n,negate")
        let out = dir.appendingPathComponent("edit.mp4").path
        let raw = dir.appendingPathComponent("reference.rgba").path
        let reference = dir.appendingPathComponent("reference.mp4").path
        let clipA = try VideoReader.frames(a, width: 160, height: 96)
        let clipB = try VideoReader.frames(b, width: 160, height: 96)
        let settings = ExportSettings(format: .mp4, width: 160, height: 96, crf: 0)

        /// PixelDissolve of a[30 + j + aShift] and b[j + bShift] at progress (j + progressShift) / 15.
        /// The frames' planes, converted as the exporter converts them.
        func composed(_ device: GLDevice, aShift: Int = 0, bShift: Int = 0, progressShift: Int = 0) throws -> Data {
            let target = try device.makeTarget(width: 160, height: 96, format: .rgba16f)
            let output = try YCbCrOutput(device: device, width: 160, height: 96, dither: settings.dither)
            defer { target.release(); output.release() }
            var planes = Data()
            for j in 0..<15 {
                let from = try device.makeTexture(image: clipA[30 + j + aShift]), to = try device.makeTexture(image: clipB[j + bShift])
                defer { from.release(); to.release() }
                let effect = try PixelDissolve(device: device, from: from, to: to)
                defer { effect.release() }
                effect.progress = Float(j + progressShift) / 15
                try effect.render(into: target)
                var bytes = [UInt8](repeating: 0, count: output.frameBytes)
                try bytes.withUnsafeMutableBytes { try output.convert(texture: target.textureName, into: $0) }
                planes.append(contentsOf: bytes)
            }
            return planes
        }
        /// Planes encoded as the exporter encodes them (its own command line, the input a file).
        func encoded(_ planes: Data, arguments: [String]) throws -> [RGBAImage] {
            try planes.write(to: URL(fileURLWithPath: raw))
            _ = try VideoReader.run("ffmpeg", arguments.map { $0 == "pipe:0" ? raw : $0 })
            return try VideoReader.frames(reference, width: 160, height: 96)
        }

        let (edit, expected, wrong) = try withDevice { device in
            let exporter = try TransitionExporter(device: device, settings: settings)
            let arguments = exporter.encoderArguments(output: reference)
            _ = try exporter.export(.clips(from: a, to: b, offsetSeconds: 1, transitionFrames: 15), to: out, effect: pixelDissolve)
            let wrong = [
                ("b one frame late", try encoded(composed(device, bShift: 1), arguments: arguments)),
                ("a one frame late", try encoded(composed(device, aShift: 1), arguments: arguments)),
                ("progress one step on", try encoded(composed(device, progressShift: 1), arguments: arguments)),
            ]
            return (try VideoReader.frames(out, width: 160, height: 96), try encoded(composed(device), arguments: arguments), wrong)
        }
        try #require(edit.count == 75 && expected.count == 15)
        for j in 0..<15 {
            let difference = VideoReader.meanDifference(edit[30 + j], expected[j])
            #expect(difference <= 0.25, "transition frame \(j): mean difference \(difference)")
        }
        for (what, frames) in wrong {
            let worst = (1..<14).map { VideoReader.meanDifference(edit[30 + $0], frames[$0]) }.max() ?? 0
            #expect(worst > 1, "\(what) is told apart only by \(worst)")
        }
    }

    @Test func aClipShorterThanTheEditIsATypedErrorAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mkv").path, b = dir.appendingPathComponent("b.mkv").path
        try makeGradientClip(at: a, seconds: 1, size: "64x48", seed: 1, colors: "c0=0xff4020:c1=0xffd000:nb_colors=2")
        try makeGradientClip(at: b, seconds: 1, size: "64x48", seed: 2, colors: "c0=0x2040ff:c1=0x10c060:nb_colors=2")
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
            // ffprobe reads a clip first: its failure is reported as ffprobe's.
            guard case .probeFailed(let path, let exit, let log) = error else { Issue.record("\(error)"); return }
            #expect(exit == .exited(status: 1) && !log.isEmpty && error.description.hasPrefix("ffprobe could not read"))
            #expect(path == bad)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.mp4"])
    }
}
