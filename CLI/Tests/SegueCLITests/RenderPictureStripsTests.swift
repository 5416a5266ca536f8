import Foundation
import SegueImage
import Testing
import SegueTesting

/// `segue render` decodes a PNG, a WebP or a JPEG at its full size a strip of rows at a time into
/// its texture (issue 32, defect 10): its frames are those of the whole picture, and a picture whose
/// header reads but whose rows are cut short fails with the whole decode's error, naming the
/// file, with nothing written, for every output (a frame folder, a video, a view-controller
/// transition's screens).
@Suite("segue render: pictures decoded in strips (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct RenderPictureStripsTests {
    static func pictures(in dir: URL) throws -> (plain: [UInt8], cut: [UInt8]) {
        let png = try PNGCodec.encode(try SampleImages.from(width: 96, height: 54))
        try Data(png).write(to: dir.appendingPathComponent("a.png"))
        try PNGCodec.write(try SampleImages.to(width: 96, height: 54), to: dir.appendingPathComponent("b.png").path)
        let cut = Array(png.prefix(png.count / 2))
        try Data(cut).write(to: dir.appendingPathComponent("cut.png"))
        return (png, cut)
    }

    @Test(arguments: [["--out", "frames"], ["--out", "x.mp4"], ["--effect", "shrink-dismiss", "--out", "frames"]], ["png", "jpg", "webp"])
    func aPictureCutShortFailsWithTheWholeDecodesErrorAndWritesNothing(output: [String], type: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var (_, cut) = try Self.pictures(in: dir)
        if type != "png" {
            let converted = dir.appendingPathComponent("a.\(type)")
            _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", dir.appendingPathComponent("a.png").path,
                                               "-pix_fmt", type == "webp" ? "yuv420p" : "yuvj420p", converted.path])
            let file = [UInt8](try Data(contentsOf: converted))
            try FileManager.default.removeItem(at: converted)
            cut = Array(file.prefix(file.count * 2 / 3))
            // A WebP shorter than its RIFF and VP8 sizes is refused from its header; one whose sizes
            // were written for the bytes it has fails only in its image data, as its rows are decoded.
            if type == "webp" {
                func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
                cut.replaceSubrange(4..<8, with: le32(cut.count - 8))
                cut.replaceSubrange(16..<20, with: le32(cut.count - 20))
            }
        }
        let name = "cut.\(type)"
        try FileManager.default.removeItem(at: dir.appendingPathComponent("cut.png"))
        try Data(cut).write(to: dir.appendingPathComponent(name))
        var reference = ""
        do { _ = try PictureDecoder.decode(cut, name: name) } catch { reference = "\(error)" }
        #expect(!reference.isEmpty, "the cut file decoded whole: the test could not fail")
        guard case .strips = try PictureDecoder.source(cut, name: name, needed: { ($0, $1) }) else {
            Issue.record("the cut file is refused from its header: the strips are not tried")
            return
        }
        let result = try CommandRunner.run("segue", ["render", "--from", name, "--to", "b.png", "--size", "96x54"] + output, in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains(reference), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png", name])
    }

    /// The frames from a PNG (strips) equal those from the same picture as an interlaced PNG,
    /// which is decoded whole.
    @Test func framesFromStripsEqualFramesFromTheWholePicture() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.pictures(in: dir)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", dir.appendingPathComponent("a.png").path,
                                           "-pix_fmt", "rgba", "-flags", "+ildct",
                                           dir.appendingPathComponent("adam7.png").path])
        guard case .decoded = try PictureDecoder.source(path: dir.appendingPathComponent("adam7.png").path, needed: { ($0, $1) }) else {
            Issue.record("ffmpeg's file is not interlaced: the test could not tell the paths apart")
            return
        }
        for (from, out) in [("a.png", "strips"), ("adam7.png", "whole")] {
            let result = try CommandRunner.run("segue", [
                "render", "--from", from, "--to", "b.png", "--frames", "3", "--size", "64x36", "--out", out, "--quiet",
            ], in: dir)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        for frame in 0..<3 {
            let name = String(format: "frame-%04d.png", frame)
            let strips = try PNGCodec.read(path: dir.appendingPathComponent("strips/" + name).path)
            #expect(strips == (try PNGCodec.read(path: dir.appendingPathComponent("whole/" + name).path)), "\(name)")
        }
    }

    /// A 1100x1000 JPEG (4.4 MB decoded: two strips of the 4 MiB upload) turned by each EXIF
    /// orientation, shown at its full size: its strips land as rows or column rectangles of the
    /// texture, and the frames equal those from its whole decode written as a PNG (decoded whole
    /// by way of Adam7 interlacing, so that the reference takes no strips).
    @Test(arguments: [1, 3, 6, 7])
    func framesFromATurnedJPEGInStripsEqualFramesFromItsWholeDecode(orientation: UInt16) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.pictures(in: dir)
        let source = dir.appendingPathComponent("source.jpg")
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=1100x1000", "-frames:v", "1",
                                           "-pix_fmt", "yuvj420p", source.path])
        let jpeg = insertingAPP1(exifOrientationBlock(orientation, bigEndian: true), into: [UInt8](try Data(contentsOf: source)))
        try Data(jpeg).write(to: dir.appendingPathComponent("turned.jpg"))
        let whole = try PictureDecoder.decode(jpeg, name: "turned.jpg")
        try PNGCodec.write(whole, to: dir.appendingPathComponent("plain.png").path)
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", dir.appendingPathComponent("plain.png").path,
                                           "-pix_fmt", "rgba", "-flags", "+ildct", dir.appendingPathComponent("whole.png").path])
        let size = "\(whole.width)x\(whole.height)"
        guard case .strips = try PictureDecoder.source(jpeg, name: "turned.jpg", needed: { ($0, $1) }),
              case .decoded = try PictureDecoder.source(path: dir.appendingPathComponent("whole.png").path, needed: { ($0, $1) }) else {
            Issue.record("the JPEG is not decoded in strips, or the reference is: the test could not tell the paths apart")
            return
        }
        for (from, out) in [("turned.jpg", "strips"), ("whole.png", "whole")] {
            let result = try CommandRunner.run("segue", [
                "render", "--from", from, "--to", "b.png", "--frames", "2", "--size", size, "--out", out, "--quiet",
            ], in: dir)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        for name in ["frame-0000.png", "frame-0001.png"] {
            let strips = try PNGCodec.read(path: dir.appendingPathComponent("strips/" + name).path)
            #expect(strips == (try PNGCodec.read(path: dir.appendingPathComponent("whole/" + name).path)), "\(name)")
        }
    }
}
