import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue edit --hlg-reference-white`, run as a user would: a picture then an HLG clip of two grey
/// bars (exact 10-bit codes, 50 % and reference white, 75 %), written as PNG frames. Beside the
/// picture the clip's reference white is SDR white (ITU-R BT.2408, the default); the option puts
/// it back where ffmpeg's tonemap puts it (193, the formula's 192.8), and overrides the spec.
@Suite("segue edit --hlg-reference-white (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditHLGCommandTests {
    static func workspace(spec extra: String = "") throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi",
            "-i", "color=s=64x36:r=30:d=0.2,format=yuv420p10le,geq=lum='if(lt(X,32),502,721)':cb=512:cr=512",
            "-c:v", "ffv1", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
            "-color_range", "tv", dir.appendingPathComponent("hlg.mkv").path])
        let spec = #"{"size": "64x36", "fps": 30, "items": [{"picture": "p.png", "duration": 0.1}, {"clip": "hlg.mkv"}]\#(extra)}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        return dir
    }

    /// The two bars' levels (red channel, middle row) of the clip's first frame (edit frame 3).
    static func bars(_ arguments: [String], in dir: URL) throws -> (Int, Int) {
        let folder = "frames" + arguments.joined(separator: "-")
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", folder, "--quiet"] + arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try PNGCodec.read(path: dir.appendingPathComponent(folder + "/frame-0003.png").path)
        return (Int(frame[16, 18].x), Int(frame[48, 18].x))
    }

    @Test func theOptionChoosesWhereReferenceWhiteLands() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (half, white) = try Self.bars([], in: dir)
        // The formulas: 50 % HLG is 50.7 nits; over 203 through Hable's curve scaled to 1 at 1: 154.6.
        #expect(abs(half - 155) <= 1 && white == 255, "bt2408 (the default here): \(half), \(white)")
        let (ffmpegHalf, ffmpegWhite) = try Self.bars(["--hlg-reference-white", "ffmpeg"], in: dir)
        #expect(abs(ffmpegHalf - 124) <= 1 && abs(ffmpegWhite - 193) <= 1, "ffmpeg: \(ffmpegHalf), \(ffmpegWhite)")
    }

    @Test func theOptionOverridesTheSpec() throws {
        let dir = try Self.workspace(spec: #", "hlgReferenceWhite": "ffmpeg""#)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.bars([], in: dir).1 <= 194)
        #expect(try Self.bars(["--hlg-reference-white", "bt2408"], in: dir).1 == 255)
        let bad = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "frames", "--hlg-reference-white", "bt2100"], in: dir)
        #expect(bad.status != 0 && bad.stderr.contains("bt2408"), "\(bad.stderr)")
    }
}
