import Foundation
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// An MP4's tracks read from its boxes (`MP4Tracks`, the edit's read-back of its own output)
/// agree with ffprobe's streams: kinds, the video's size, every stream's packets counted; a
/// file cut short or fragmented is not read (ffprobe then decides).
@Suite("Timeline: an MP4's tracks read from its boxes (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct MP4TracksTests {
    private func make(_ path: String, _ extra: [String] = []) throws {
        let srt = path + ".srt"
        try Data("1\n00:00:00,000 --> 00:00:00,500\nhello\n".utf8).write(to: URL(fileURLWithPath: srt))
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=96x54:r=30:d=1", "-f", "lavfi", "-i", "sine=d=1", "-i", srt,
            "-map", "0:v", "-map", "1:a", "-map", "2:s", "-c:v", "libx264", "-c:a", "aac", "-c:s", "mov_text",
        ] + extra + [path])
    }

    @Test(arguments: [["-movflags", "+faststart"], []])
    func theTracksAreFFprobesStreams(extra: [String]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.mp4").path
        try make(path, extra)
        let tracks = try #require(MP4Tracks(path: path))
        let data = try VideoReader.run("ffprobe", ["-v", "error", "-count_packets", "-show_entries",
                                                   "stream=codec_type,width,height,nb_read_packets", "-of", "json", path])
        let streams = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["streams"] as? [[String: Any]])
        let kinds = ["vide": "video", "soun": "audio", "sbtl": "subtitle", "text": "subtitle", "subt": "subtitle"]
        #expect(tracks.tracks.map { kinds[$0.handler] } == streams.map { $0["codec_type"] as? String })
        // Sample counts of pictures and sound (a subtitle track stores its gaps as empty samples, which ffprobe skips).
        for (track, stream) in zip(tracks.tracks, streams) where track.handler != "sbtl" && track.handler != "text" {
            #expect(String(track.samples) == stream["nb_read_packets"] as? String, "\(track) \(stream)")
            if track.handler == "vide" { #expect(track.width == stream["width"] as? Int && track.height == stream["height"] as? Int) }
        }
        #expect(tracks.are(width: 96, height: 54, frames: 30, audio: 1, subtitles: 1))
        #expect(!tracks.are(width: 96, height: 54, frames: 29, audio: 1, subtitles: 1))
        #expect(!tracks.are(width: 96, height: 54, frames: 30, audio: 0, subtitles: 1))
    }

    @Test func aFileCutShortOrFragmentedIsNotRead() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = dir.appendingPathComponent("whole.mp4").path
        try make(whole, ["-movflags", "+faststart"])
        let cut = dir.appendingPathComponent("cut.mp4").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.dropLast(100).write(to: URL(fileURLWithPath: cut))
        #expect(MP4Tracks(path: cut) == nil)
        let fragmented = dir.appendingPathComponent("fragmented.mp4").path
        try make(fragmented, ["-movflags", "frag_keyframe+empty_moov"])
        // Its moov counts no samples (they are in the fragments): never taken for the frames asked.
        let read = MP4Tracks(path: fragmented)
        #expect(read.map { !$0.are(width: 96, height: 54, frames: 30, audio: 1, subtitles: 1) } ?? true)
    }
}
