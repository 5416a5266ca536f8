import Foundation
import SegueImage
import SegueTesting
import Testing

/// `segue edit --out folder/` (a trailing slash, or an existing folder) is the folder of PNG
/// frames docs/Export.md promises (issue hardening-3 item 8): it was held to MP4's rules, so an
/// edit of odd size was refused as "H.264 needs an even size". A folder named like a video is a
/// clear error rather than either.
@Suite("segue edit: --out a folder makes PNG frames (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditOutFolderHardeningTests {
    static func workFolder() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 33, height: 17), to: dir.appendingPathComponent("p.png").path)
        try Data(#"{"size": "33x17", "fps": 10, "items": [{"picture": "p.png", "duration": 0.3}]}"#.utf8)
            .write(to: dir.appendingPathComponent("edit.json"))
        return dir
    }

    @Test(arguments: ["frames/", "frames//", "existing", "existing/"])
    func aFolderOutputOfOddSizeIsPNGFrames(out: String) throws {
        let dir = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("existing"), withIntermediateDirectories: true)
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", out, "--progress", "none"], in: dir)
        #expect(result.status == 0, "\(out): \(result.stderr)")
        let folder = dir.appendingPathComponent(out.hasPrefix("frames") ? "frames" : "existing")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names == ["frame-0000.png", "frame-0001.png", "frame-0002.png"], "\(out): \(names)")
        let first = try PictureDecoder.read(path: folder.appendingPathComponent("frame-0000.png").path)
        #expect(first.width == 33 && first.height == 17)
    }

    @Test func anExistingFolderNamedLikeAVideoIsAClearError() throws {
        let dir = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("old.mp4"), withIntermediateDirectories: true)
        let result = try CommandRunner.run("segue", ["edit", "edit.json", "--out", "old.mp4"], in: dir)
        #expect(result.status != 0 && result.stderr.contains("'old.mp4' is an existing folder, but is named like a mp4 video"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("old.mp4").path).isEmpty)
    }
}
