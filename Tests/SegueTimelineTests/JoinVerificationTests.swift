import Foundation
import SegueExport
import SegueExportTestSupport
import SegueOutput
import SegueTesting
import SegueTimeline
import Testing

/// The joined video is read back with ffprobe before it is moved into place (issue 40), as an
/// edit's and a render's are: junk from an ffmpeg that exits 0 is a typed error naming the
/// output, and nothing is written.
@Suite("Join: the joined video is read back before it is kept (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct JoinVerificationTests {
    @Test func junkFromAnFFmpegThatExitsZeroIsATypedErrorAndNoFile() throws {
        let (dir, plan) = try JoinChunkTests.edit()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chunks = [try JoinChunkTests.render(plan, 0..<45, "a.mp4", in: dir), try JoinChunkTests.render(plan, 45..<90, "b.mp4", in: dir)]
        let fake = try FakeTools()
        defer { fake.remove() }
        // The real ffmpeg for each chunk's pictures; junk, and exit 0, for the join itself.
        let real = try FFmpegTools.locate().ffmpeg.path
        try fake.script("ffmpeg", "case \"$*\" in *' concat '*) printf 'this is no video'; exit 0;; esac\nexec '\(real)' \"$@\"")
        try fake.real("ffprobe")
        let out = dir.appendingPathComponent("joined.mp4").path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        var error: ExportError?
        let tools = try fake.tools()
        do { try VideoJoiner.join(chunks, to: out, tools: tools) } catch let caught { error = caught }
        guard case let .output(refusal) = try #require(error) else { Issue.record("\(String(describing: error))"); return }
        #expect(refusal.path == out && refusal.reason.contains("ffprobe cannot read it as mp4"), "\(refusal)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == before)

        // The real ffmpeg's join passes the same check: every frame, the chunks' size, the sound.
        try VideoJoiner.join(chunks, to: out)
        #expect(try VideoReader.info(out).frames == 90)
    }
}
