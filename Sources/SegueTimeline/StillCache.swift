import Foundation
import SegueExport

/// Fitted pictures by path, so a picture an edit shows many times (a slideshow returning to a
/// photo, a title card between clips) is decoded and fitted once, not once per item. It keeps the
/// most recently used, as many as fit `byteBudget` (at least two: the items on both sides of a
/// transition), so its memory is bounded by frames of the edit's size, not by the spec.
final class StillCache {
    let capacity: Int
    /// Pictures decoded so far (misses), for tests and logs.
    private(set) var decodes = 0
    /// Most recently used last.
    private var entries: [(path: String, still: StillFrame)] = []

    /// 256 MiB: 32 frames of 1080p, two of 8K.
    static let byteBudget = 256 << 20

    init(frameBytes: Int) {
        capacity = max(2, Self.byteBudget / max(1, frameBytes))
    }

    /// The still of `path`, made by `make` on its first use (or after it was dropped).
    func still(for path: String, make: () throws -> StillFrame) throws -> StillFrame {
        if let index = entries.firstIndex(where: { $0.path == path }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.still
        }
        let still = try make()
        decodes += 1
        if entries.count == capacity { entries.removeFirst() }
        entries.append((path, still))
        return still
    }
}
