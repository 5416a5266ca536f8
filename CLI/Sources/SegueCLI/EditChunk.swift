import ArgumentParser
import SegueExport

/// `--chunk I/N`: the I-th (from 0) of N near-equal spans of an edit's frames, so a process that
/// knows only its index (a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, a Ray task's number)
/// renders its share without computing frame numbers itself.
struct EditChunk: ExpressibleByArgument, Equatable {
    let index: Int
    let count: Int

    init(index: Int, count: Int) { (self.index, self.count) = (index, count) }

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (0..<count).contains(index) else {
            return nil
        }
        self.init(index: index, count: count)
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// Frames ⌊total·I/N⌋ ..< ⌊total·(I+1)/N⌋: the spans tile 0..<total in order, their sizes
    /// differing by at most one. Every span is non-empty only when N ≤ total.
    func frames(ofTotal total: Int) throws(EditChunkError) -> Range<Int> {
        guard count <= total else { throw .moreChunksThanFrames(chunks: count, frames: total) }
        return total * index / count ..< total * (index + 1) / count
    }
}

enum EditChunkError: Error, CustomStringConvertible {
    case moreChunksThanFrames(chunks: Int, frames: Int)

    var description: String {
        switch self {
        case let .moreChunksThanFrames(chunks, frames): "--chunk asks for \(chunks) chunks of an edit of \(frames) frames; give at most \(frames)"
        }
    }
}

/// What `segue edit SPEC --plan json` prints instead of rendering: the edit's length and shape,
/// for a script that splits the render (scripts/ray/segue_ray.py), and the frames this call's
/// `--frames` or `--chunk` would render.
struct EditPlanSummary: Codable, Equatable {
    let frames: Int
    let fps: Int
    let seconds: Double
    let width: Int
    let height: Int
    let audio: Bool
    let items: Int
    let transitions: Int
    /// The frames selected, first included, end not: the whole edit without --frames or --chunk.
    let first: Int
    let end: Int

    init(plan: EditPlan, range: Range<Int>) {
        frames = plan.totalFrames
        fps = plan.framesPerSecond
        seconds = Double(plan.totalFrames) / Double(plan.framesPerSecond)
        (width, height, audio) = (plan.width, plan.height, plan.hasAudio)
        items = plan.items.count
        transitions = plan.transitions.filter { $0.frames > 0 }.count
        (first, end) = (range.lowerBound, range.upperBound)
    }
}
