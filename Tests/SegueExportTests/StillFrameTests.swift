import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueOutput
import Testing

/// A still's one frame goes to the encoder as it is, as often as it is shown, in order among the
/// pooled frames, with the pipeline's writer thread and without it (depth 0).
@Suite("Frame pipeline: still frames shared, not copied")
struct StillFrameTests {
    @Test(arguments: [0, 2])
    func stillFramesAreWrittenInOrderAmongPooledOnes(depth: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-still-\(UUID().uuidString)").path
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor); unlink(path) }
        // cat stands in for the encoder: its stdout is the file, so the file is what it was fed.
        let encoder = try FFmpegProcess(executable: URL(fileURLWithPath: "/bin/cat"), arguments: [], writesInput: true,
                                        readsOutput: false, outputFile: descriptor, stallTimeout: 60, cleanup: InterruptCleanup())
        let pipeline = FramePipeline(encoder: encoder, frameBytes: 4, depth: depth)
        let still = StillFrame([9, 9, 9, 9])
        for frame in 0..<6 {
            if frame % 3 == 0 {
                let buffer = try pipeline.acquire()
                buffer.copyBytes(from: [UInt8](repeating: UInt8(frame), count: 4))
                try pipeline.submit(buffer)
            } else {
                try pipeline.submitStill(still)
            }
        }
        try pipeline.finish()
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == [0, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 3, 3, 3, 3, 9, 9, 9, 9, 9, 9, 9, 9])
    }
}
