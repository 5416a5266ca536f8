import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// A clip's one ffprobe run (`FileListing`) answers as the separate runs it replaced do: the
/// same streams and the same video packets as ffprobe's own listings of them, and a frame over
/// the export's limit still refused by name (the run fails or is refused, and the vetting run
/// says why).
@Suite("FileListing: one ffprobe run per file (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct FileListingTests {
    /// ffprobe's own answer, run here.
    private func ffprobe(_ arguments: [String]) throws -> Data {
        try VideoReader.run("ffprobe", ["-v", "error"] + arguments)
    }

    @Test func theOneRunAnswersAsTheSeparateRuns() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clip.mp4").path
        // B-frames (so packets' pts and dts differ), a keyframe every 10 frames, and sound (whose packets are not listed).
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=30:d=2", "-f", "lavfi", "-i", "sine=d=2",
            "-c:v", "libx264", "-g", "10", "-bf", "2", "-c:a", "aac", "-shortest", path,
        ])
        let tools = try FFmpegTools.locate()
        let vetted = try ClipDecoder.probe(path, tools: tools)
        #expect(vetted.demuxer == "mov")
        #expect(abs((vetted.duration ?? 0) - 2) < 0.05)
        // The packets are kept from the one run (nothing else answers here), one a line as ffprobe's CSV.
        let kept = try tools.videoPacketListing(path: path, demuxer: "mov")
        let separate = String(decoding: try ffprobe(["-f", "mov", "-select_streams", "v:0", "-show_entries",
                                                     "packet=pts,dts,flags,pos,size", "-of", "csv=p=0", path]), as: UTF8.self)
        #expect(kept.split(separator: "\n").count == 60)
        #expect(kept == separate)
        // The streams as `-show_streams` lists them (the one run adds each stream's packet count).
        func streams(_ data: Data) -> [NSDictionary] {
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            return ((root?["streams"] as? [[String: Any]]) ?? []).map { stream in
                var stream = stream
                stream["nb_read_packets"] = nil
                return stream as NSDictionary
            }
        }
        let listed = streams(try tools.streamListing(path: path, demuxer: "mov"))
        #expect(listed.count == 2)
        #expect(listed == streams(try ffprobe(["-f", "mov", "-show_streams", "-of", "json", path])))
    }

    /// 8200 wide is over `ExportSettings.maxSide` (the listing's size is checked); 6000x6000 is
    /// over `maxPixels` (ffprobe's decoder refuses the frame, so the run fails).
    @Test(arguments: [(8200, 16), (6000, 6000)])
    func aFrameOverTheLimitIsStillRefusedByName(width: Int, height: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.mp4").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=s=\(width)x\(height):r=25:d=0.04",
            "-c:v", "libx264", "-preset", "ultrafast", path,
        ])
        let tools = try FFmpegTools.locate()
        #expect(throws: ExportError.clipFrameTooLarge(path: path, width: width, height: height)) {
            try ClipDecoder.probe(path, tools: tools)
        }
    }
}
