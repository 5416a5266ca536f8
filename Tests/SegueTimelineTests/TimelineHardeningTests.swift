import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// The timeline and the joiner take files from the user exactly as clip exports do (issue 21):
/// playlists, concat scripts and pipes are refused with their place in the spec, and the output
/// is a partial file Segue creates itself, so a link planted beside it is never written through.
@Suite("Timeline and join: hostile inputs and outputs", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct TimelineHardeningTests {
    /// A folder with a picture, a clip with sound, and a concat script that names the clip.
    static func media() throws -> URL {
        let dir = try temporaryDirectory()
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: dir.appendingPathComponent("p.png").path)
        try TimelineMedia.clip(at: dir.appendingPathComponent("c.mkv").path, seconds: 1, size: "64x36", frequency: 440)
        try Data("ffconcat version 1.0\nfile c.mkv\n".utf8).write(to: dir.appendingPathComponent("list.ffconcat"))
        return dir
    }

    static func plan(_ json: String, in dir: URL) throws -> EditPlan {
        let url = dir.appendingPathComponent("edit.json")
        try Data(json.utf8).write(to: url)
        return try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
    }

    @Test func aPlaylistOrAPipeIsRefusedAsAClipOrAsMusicWithItsPlace() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #require(mkfifo(dir.appendingPathComponent("pipe.mkv").path, 0o600) == 0)
        let p = #"{"picture": "p.png", "duration": 1}"#
        let cases: [(json: String, place: String, says: String)] = [
            (#"{"size": "64x36", "items": [\#(p), {"clip": "list.ffconcat"}]}"#, "items[1].clip", "playlists and concat scripts are refused"),
            (#"{"size": "64x36", "items": [\#(p)], "audio": {"music": "list.ffconcat"}}"#, "audio.music", "playlists and concat scripts are refused"),
            (#"{"size": "64x36", "items": [\#(p), {"clip": "pipe.mkv"}]}"#, "items[1].clip", "not a regular file"),
            (#"{"size": "64x36", "items": [\#(p)], "audio": {"music": "pipe.mkv"}}"#, "audio.music", "not a regular file"),
        ]
        for (json, place, says) in cases {
            #expect(throws: EditSpecError.self, "\(json)") { _ = try Self.plan(json, in: dir) }
            do {
                _ = try Self.plan(json, in: dir)
            } catch let error as EditSpecError {
                #expect(error.place == place && error.message.contains(says), "\(json) -> \(error)")
            }
        }
    }

    /// A spec reached through `lnk/../` names files beside where the kernel found it, not
    /// beside the text's shortened path.
    @Test func aSpecsFolderIsWhereTheKernelFindsIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("lnk").path, withDestinationPath: elsewhere.appendingPathComponent("inner").path)
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: elsewhere.appendingPathComponent("p.png").path)
        try Data(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 1}]}"#.utf8)
            .write(to: elsewhere.appendingPathComponent("edit.json"))
        let plan = try EditPlan.load(specAt: dir.path + "/lnk/../edit.json", tools: try FFmpegTools.locate())
        guard case let .picture(path) = plan.items[0].source else { Issue.record("not a picture"); return }
        #expect(try PictureDecoder.read(path: path).width == 64)
    }

    @Test func aLinkPlantedAtThePartialNameOfAnEditIsNotWrittenThrough() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let planted = dir.appendingPathComponent(".x.mp4.partial-\(getpid())")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        let plan = try Self.plan(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 0.5}, {"clip": "c.mkv"}],"#
            + #""transitions": [{"effect": "fade", "duration": 0.2}]}"#, in: dir)
        let out = dir.appendingPathComponent("x.mp4").path
        let result = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .mp4).export(to: out) }
        #expect(result.frames == plan.totalFrames)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == victim.path)
        #expect(try VideoReader.info(out).frames == plan.totalFrames)
        // Nothing but the inputs, the link and the video: no partial or concat list left over.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [planted.lastPathComponent])
    }

    /// Chunks are vetted as clips: a concat script named like a chunk is refused, and a join
    /// into a folder whose name holds a quote (the concat list's quoting) leaves only the video.
    @Test func joinVetsItsChunksAndQuotesItsOwnList() throws {
        let dir = try Self.media()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try Self.plan(#"{"size": "64x36", "items": [{"picture": "p.png", "duration": 0.5}, {"clip": "c.mkv"}]}"#, in: dir)
        let folder = dir.appendingPathComponent("it's here")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let half = plan.totalFrames / 2
        let chunks = try [0..<half, half..<plan.totalFrames].enumerated().map { index, range in
            let path = folder.appendingPathComponent("chunk-\(index).mp4").path
            _ = try withDevice { device in try TimelineExporter(device: device, plan: plan, format: .mp4).export(to: path, frames: range) }
            return path
        }
        let joined = folder.appendingPathComponent("joined.mp4").path
        try VideoJoiner.join(chunks, to: joined)
        #expect(try VideoReader.info(joined).frames == plan.totalFrames)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["chunk-0.mp4", "chunk-1.mp4", "joined.mp4"])

        let script = folder.appendingPathComponent("sneaky.mp4").path
        try Data("ffconcat version 1.0\nfile chunk-0.mp4\n".utf8).write(to: URL(fileURLWithPath: script))
        #expect(throws: ExportError.clipFormatRefused(path: script, format: "concat")) {
            try VideoJoiner.join([chunks[0], script], to: folder.appendingPathComponent("again.mp4").path)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("again.mp4").path))
    }
}
