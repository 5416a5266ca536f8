import SegueExport
/// The I-th (from 0) of N near-equal spans of an edit's frames, so a process that knows only its
/// index (a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, a Ray task's number) renders its
/// share without computing frame numbers itself (`segue edit --chunk I/N`).
public struct EditChunk: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// Chunk `index` of `count`; `count` is at least 1 and `index` in 0..<count.
    public init(index: Int, count: Int) throws(EditChunkError) {
        guard count > 0, (0..<count).contains(index) else { throw .notAChunk("\(index)/\(count)") }
        (self.index, self.count) = (index, count)
    }

    /// `I/N`, as a command line or a job's environment writes it.
    public init(parsing text: String) throws(EditChunkError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .notAChunk(text) }
        try self.init(index: index, count: count)
    }

    /// Frames ⌊total·I/N⌋ ..< ⌊total·(I+1)/N⌋: the spans tile 0..<total in order, their sizes
    /// differing by at most one. Every span is non-empty only when N ≤ total.
    public func frames(ofTotal total: Int) throws(EditChunkError) -> Range<Int> {
        guard count <= total else { throw .moreChunksThanFrames(chunks: count, frames: total) }
        return total * index / count ..< total * (index + 1) / count
    }
}

/// Why a chunk of an edit could not be had.
public enum EditChunkError: Error, Equatable, CustomStringConvertible {
    /// Not `I/N` with 0 ≤ I < N.
    case notAChunk(String)
    /// More chunks than the edit has frames: some would be empty.
    case moreChunksThanFrames(chunks: Int, frames: Int)

    public var description: String {
        switch self {
        case let .notAChunk(text): "'\(text)' is not a chunk I/N with 0 <= I < N"
        case let .moreChunksThanFrames(chunks, frames): "--chunk asks for \(chunks) chunks of an edit of \(frames) frames; give at most \(frames)"
        }
    }
}

/// An edit's length and shape, and the frames one call renders: what `segue edit --plan json`
/// prints instead of rendering, for a script that splits the render (scripts/ray/segue_ray.py).
public struct EditPlanSummary: Codable, Equatable, Sendable {
    public let frames: Int
    /// Frames a second: 30, or 29.97002997... for 30000/1001 (`rate` gives the fraction).
    public let fps: Double
    /// The rate as ffmpeg writes it: "30" or "30000/1001".
    public let rate: String
    public let seconds: Double
    public let width: Int
    public let height: Int
    public let audio: Bool
    public let items: Int
    public let transitions: Int
    /// The frames selected, first included, end not: the whole edit without a range.
    public let first: Int
    public let end: Int
    /// For an MP4 output without `--reencode`: which frames are copied from the clips and which
    /// encoded, and why (`SmartRenderPlan`); absent otherwise.
    public var smart: SmartRenderPlan?

    /// The summary of `plan` with the frames `range` selects (the whole edit when nil), checked
    /// as a render would check it (`TimelineExporter.checkedRange`, which needs a GL device).
    public init(plan: EditPlan, range: Range<Int>?) throws(ExportError) {
        let range = try TimelineExporter.checkedRange(range, ofTotal: plan.totalFrames)
        frames = plan.totalFrames
        (fps, rate) = (plan.framesPerSecond, plan.frameRate.ffmpegText)
        seconds = plan.frameRate.seconds(plan.totalFrames)
        (width, height, audio) = (plan.width, plan.height, plan.hasAudio)
        items = plan.items.count
        transitions = plan.transitions.filter { $0.frames > 0 }.count
        (first, end) = (range.lowerBound, range.upperBound)
    }
}
