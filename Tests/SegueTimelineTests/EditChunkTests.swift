import SegueExport
import SegueOutput
import SegueTesting
import SegueTimeline
import Testing

/// `EditChunk`: the I-th of N spans of an edit's frames (`segue edit --chunk I/N`), and the
/// frame arithmetic the CLI used to hold.
@Suite("Edit chunks and frame counts", .tags(.pure))
struct EditChunkTests {
    /// The spans tile 0..<total in order, sizes differing by at most one.
    @Test(arguments: [(300, 4), (301, 4), (7, 7), (10, 3), (1, 1)])
    func chunksTileTheFrames(total: Int, count: Int) throws {
        let spans = try (0..<count).map { try EditChunk(index: $0, count: count).frames(ofTotal: total) }
        #expect(spans.first?.lowerBound == 0 && spans.last?.upperBound == total)
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        let sizes = spans.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1 && sizes.min()! >= 1, "\(spans)")
    }

    @Test func parsingTakesIOverNAndRefusesTheRest() throws {
        #expect(try EditChunk(parsing: "2/4") == EditChunk(index: 2, count: 4))
        for text in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""] {
            #expect(throws: EditChunkError.notAChunk(text)) { try EditChunk(parsing: text) }
        }
    }

    @Test func moreChunksThanFramesIsRefused() throws {
        #expect(throws: EditChunkError.moreChunksThanFrames(chunks: 5, frames: 4)) {
            try EditChunk(index: 0, count: 5).frames(ofTotal: 4)
        }
    }

    /// A range is checked without an exporter as an exporter checks it.
    @Test func rangesAreCheckedAgainstTheTotal() throws {
        #expect(try TimelineExporter.checkedRange(nil, ofTotal: 10) == 0..<10)
        #expect(try TimelineExporter.checkedRange(3..<10, ofTotal: 10) == 3..<10)
        #expect(throws: ExportError.frameRangeOutOfRange(lower: 3, upper: 11, total: 10)) {
            try TimelineExporter.checkedRange(3..<11, ofTotal: 10)
        }
    }

    /// Seconds to frames: rounded, and nil outside 1...maxTransitionFrames (never a trap).
    @Test func secondsBecomeWholeFramesWithinTheCap() {
        #expect(ExportInputs.transitionFrames(seconds: 1.5, framesPerSecond: 30) == 45)
        #expect(ExportInputs.transitionFrames(seconds: 0.01, framesPerSecond: 30) == nil)
        #expect(ExportInputs.transitionFrames(seconds: 1e300, framesPerSecond: 30) == nil)
        #expect(ExportInputs.transitionFrames(seconds: .nan, framesPerSecond: 30) == nil)
        #expect(ExportInputs.transitionFrames(seconds: 333, framesPerSecond: 30) == ExportInputs.maxTransitionFrames - 10)
        #expect(OutputDirectory.frameName(7) == "frame-0007.png" && OutputDirectory.frameName(12345) == "frame-12345.png")
    }
}
