import Foundation
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// An MP4's H.264 decoder configuration read from its boxes (`MP4SampleDescription`) is the
/// extradata ffprobe prints for its first video stream (`-show_data`), whichever track comes
/// first; other containers and cut-off files give none, and nothing is read past a box's end.
@Suite("Smart render: an MP4's avcC read from its boxes (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct MP4SampleDescriptionTests {
    private func make(_ path: String, format: [String]) throws {
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=1", "-f", "lavfi", "-i", "sine=d=1",
            // The sound's track first, so the video's is not the first the walk meets.
            "-map", "1:a", "-map", "0:v", "-c:v", "libx264", "-c:a", "aac",
        ] + format + [path])
    }

    /// ffprobe's extradata of the first video stream, as bytes.
    private func ffprobeExtradata(_ path: String) throws -> [UInt8] {
        let data = try VideoReader.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_data", "-show_entries", "stream=extradata",
                                                   "-of", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return ClipStream.hexDump(try #require((json["streams"] as? [[String: Any]])?.first?["extradata"] as? String))
    }

    @Test(arguments: [("clip.mp4", ["-movflags", "+faststart"]), ("clip.mov", []), ("late.mp4", [])])
    func theRecordIsFFprobesExtradata(name: String, format: [String]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try make(path, format: format)
        let file = try #require(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        let record = try #require(MP4SampleDescription.avcConfiguration(file: file))
        #expect(record.count > 7 && record[0] == 1)
        #expect(record == (try ffprobeExtradata(path)))
    }

    @Test func otherFilesGiveNone() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkv = dir.appendingPathComponent("clip.mkv").path
        try make(mkv, format: [])
        let mp4 = dir.appendingPathComponent("clip.mp4").path
        try make(mp4, format: ["-movflags", "+faststart"])
        // The same MP4 cut inside its moov box (at the front with faststart): a box claims more than the file holds.
        let whole = try Data(contentsOf: URL(fileURLWithPath: mp4))
        let cut = dir.appendingPathComponent("cut.mp4").path
        try whole.prefix(600).write(to: URL(fileURLWithPath: cut))
        let junk = dir.appendingPathComponent("junk.mp4").path
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: junk))
        for path in [mkv, cut, junk] {
            let file = try #require(FileHandle(forReadingAtPath: path))
            defer { try? file.close() }
            #expect(MP4SampleDescription.avcConfiguration(file: file) == nil, "\(path)")
        }
    }
}
