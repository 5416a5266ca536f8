import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue render` given photos as people have them: JPEG and WebP (made by ffmpeg from the same
/// PNGs) render as the PNGs do, whatever the file is named; a picture is never taken for a clip.
@Suite("segue render with JPEG and WebP pictures (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PhotoInputCommandTests {
    private func workspace() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 320, height: 180), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 320, height: 180), to: dir.appendingPathComponent("b.png").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-y", "-i", dir.appendingPathComponent("a.png").path,
                                           "-pix_fmt", "yuvj444p", "-q:v", "1", dir.appendingPathComponent("a.jpg").path])
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-y", "-i", dir.appendingPathComponent("b.png").path,
                                           "-c:v", "libwebp", "-lossless", "1", dir.appendingPathComponent("b.webp").path])
        return dir
    }

    @Test func jpegAndWebPRenderToVideoLikeThePNGs() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["render", "--effect", "fade", "--size", "320x180", "--frames", "5", "--crf", "12", "--quiet"]
        let png = try CommandRunner.run("segue", common + ["--from", "a.png", "--to", "b.png", "--out", "png.mp4"], in: dir)
        #expect(png.status == 0, "\(png.stderr)")
        let photo = try CommandRunner.run("segue", common + ["--from", "a.jpg", "--to", "b.webp", "--out", "photo.mp4"], in: dir)
        #expect(photo.status == 0, "\(photo.stderr)")
        let reference = try VideoReader.frames(dir.appendingPathComponent("png.mp4").path, width: 320, height: 180)
        let frames = try VideoReader.frames(dir.appendingPathComponent("photo.mp4").path, width: 320, height: 180)
        #expect(frames.count == 5 && reference.count == 5)
        for k in 0..<min(frames.count, reference.count) {
            #expect(VideoReader.psnr(frames[k], reference[k]) > 32, "frame \(k)")
        }
    }

    @Test func aJPEGNamedPNGRendersToFrames() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: dir.appendingPathComponent("a.jpg"), to: dir.appendingPathComponent("photo.png"))
        let result = try CommandRunner.run(
            "segue", ["render", "--from", "photo.png", "--to", "b.webp", "--frames", "2", "--size", "320x180", "--out", "frames", "--quiet"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let first = try PNGCodec.read(path: dir.appendingPathComponent("frames/frame-0000.png").path)
        #expect(VideoReader.psnr(first, try SampleImages.from(width: 320, height: 180)) > 32)
    }

    @Test func aPictureOfAnotherTypeIsNamedNotTakenForAClip() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let heif: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [UInt8](repeating: 0, count: 64)
        try Data(heif).write(to: dir.appendingPathComponent("IMG_0001.HEIC"))
        let result = try CommandRunner.run(
            "segue", ["render", "--from", "IMG_0001.HEIC", "--to", "b.webp", "--size", "320x180", "--out", "v.mp4", "--quiet"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("IMG_0001.HEIC") && result.stderr.contains("HEIF"), "\(result.stderr)")
        #expect(!result.stderr.contains("frames"), "taken for a clip: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("v.mp4").path))
    }

    /// Every command that takes a picture names every format the decoder reads (before: PNG,
    /// JPEG and WebP, not HEIC and AVIF).
    @Test func helpNamesEveryPictureFormatTheDecoderReads() throws {
        for command in ["render", "play", "filters", "gallery"] {
            let help = try CommandRunner.run("segue", [command, "--help"])
            // Words, not phrases: the help wraps its lines.
            let words = Set(help.stdout.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            for format in ["PNG", "JPEG", "WebP", "HEIC", "AVIF"] {
                #expect(words.contains(format), "segue \(command) --help names \(format)")
            }
        }
    }
}
