import Foundation
import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// A "clip" that is really a playlist or a concat script would make ffmpeg read other files
/// (and fetch URLs); a FIFO would block the opener forever. Both are refused before decoding,
/// and a clip's name is never read as an option or a protocol (issue 21 items 3 and 5).
@Suite("TransitionExporter: hostile clips (ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct HostileClipTests {
    /// A folder holding `secret.ts`, a real clip the playlists below point at.
    private func workspace() throws -> URL {
        let dir = try temporaryDirectory()
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=1",
            "-c:v", "mpeg2video", "-f", "mpegts", dir.appendingPathComponent("secret.ts").path,
        ])
        return dir
    }

    private func edit(_ from: String, _ to: String, in dir: URL) throws -> ExportResult {
        try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 64, height: 48))
                .export(.clips(from: from, to: to, offsetSeconds: 0, transitionFrames: 5),
                        to: dir.appendingPathComponent("edit.mp4").path, effect: pixelDissolve)
        }
    }

    private func expectRefused(_ path: String, format: String, in dir: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: ExportError.clipFormatRefused(path: path, format: format), sourceLocation: sourceLocation) {
            try edit(path, path, in: dir)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("edit.mp4").path), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["list.m3u8", "list.mp4"])
    func anHLSPlaylistOfALocalFileIsRefused(name: String) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let playlist = dir.appendingPathComponent(name).path
        try Data("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nsecret.ts\n#EXT-X-ENDLIST\n".utf8)
            .write(to: URL(fileURLWithPath: playlist))
        expectRefused(playlist, format: "hls", in: dir)
    }

    /// ffprobe's HLS demuxer opened the playlist's first segment before the playlist was
    /// refused: a FIFO there blocked the probe until the watchdog stopped it (issue 32 item 12).
    /// Only a clip's demuxers may open the file now, so the playlist is named, its segment unopened.
    @Test(arguments: [("list.m3u8", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nfifo.ts\n#EXT-X-ENDLIST\n", "hls"),
                      ("list.mkv", "ffconcat version 1.0\nfile 'fifo.ts'\n", "concat")])
    func aPlaylistOfAFIFOIsRefusedWithoutOpeningIt(name: String, text: String, format: String) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("fifo.ts").path, 0o600) == 0)
        let playlist = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: playlist))
        expectRefused(playlist, format: format, in: dir)
    }

    @Test func anFFconcatScriptIsRefused() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("edit-list.mkv").path
        try Data("ffconcat version 1.0\nfile 'secret.ts'\nfile 'secret.ts'\n".utf8).write(to: URL(fileURLWithPath: script))
        expectRefused(script, format: "concat", in: dir)
    }

    /// The real clip the playlists point at is accepted: the refusal is of the format, not of
    /// the content.
    @Test func theClipItselfIsAccepted() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("secret.ts").path
        #expect(try edit(clip, clip, in: dir).frames == 30)
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("a.mkv").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ExportError.clipNotRegularFile(path: fifo)) { try edit(fifo, fifo, in: dir) }
    }

    /// Names that look like options or protocols are clips like any other.
    @Test(arguments: ["-x.mkv", "scene:1.mkv", "-report"])
    func namesThatLookLikeOptionsAreFiles(name: String) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: dir.appendingPathComponent("secret.ts").path, toPath: clip)
        #expect(try edit(clip, clip, in: dir).frames == 30)
    }
}
