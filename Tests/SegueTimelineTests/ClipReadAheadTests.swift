import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
@testable import SegueTimeline
import Testing

/// A clip's decoder read ahead on its own thread: the same frames as reading it in line, never
/// more than its depth waiting, and closing it mid-clip ends ffmpeg and the thread.
@Suite("Clip read-ahead (ffmpeg)", .tags(.ffmpeg), .requiresFFmpeg)
struct ClipReadAheadTests {
    static func decoder(_ path: String) throws -> ClipDecoder {
        try ClipDecoder(path: path, tools: try FFmpegTools.locate(), width: 160, height: 90, framesPerSecond: 30, fit: .cover)
    }

    @Test func givesTheDecodersFramesInOrderWithAtMostItsDepthQueued() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.mkv").path
        try TimelineMedia.clip(at: path, seconds: 1, frequency: nil)
        let bytes = 160 * 90 * 4
        let (inline, ahead) = (UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64),
                               UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64))
        defer { inline.deallocate(); ahead.deallocate() }
        let reference = try Self.decoder(path)
        let reader = ClipReadAhead(try Self.decoder(path), frameBytes: bytes, depth: 3)
        defer { reader.close() }
        var frames = 0
        while try reference.readFrame(into: inline) {
            // The reader fills its queue while nobody takes from it, and stops at its depth.
            if frames == 0 { while reader.queued < 3 { usleep(1000) } }
            #expect(reader.queued <= 3)
            #expect(try reader.readFrame(into: ahead))
            #expect(memcmp(inline.baseAddress!, ahead.baseAddress!, bytes) == 0, "frame \(frames)")
            frames += 1
        }
        #expect(frames == 30)
        #expect(try reader.readFrame(into: ahead) == false)
    }

    @Test func closingMidClipEndsTheDecoder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.mkv").path
        try TimelineMedia.clip(at: path, seconds: 3, frequency: nil)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 160 * 90 * 4, alignment: 64)
        defer { buffer.deallocate() }
        let reader = ClipReadAhead(try Self.decoder(path), frameBytes: buffer.count, depth: 2)
        #expect(try reader.readFrame(into: buffer))
        reader.close()   // returns only once the thread has stopped
        reader.close()
        #expect(try reader.readFrame(into: buffer) == false || reader.queued <= 2)
    }
}
