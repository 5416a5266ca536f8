import Foundation

extension SubtitleTrack {
    /// `spans` (milliseconds) as a sequence of cues that never share a start or overlap: a soft
    /// track's samples follow one another (MP4's mov_text refused two cues with one start as
    /// "Non-monotonous DTS" once the whole video was made), so wherever cues overlap, the time
    /// between two of their edges is one cue showing all of them, one line after another in the
    /// order they start (the file's order among equal starts). Players show the same text at
    /// every moment; empty spans are dropped, neighbours with the same text joined.
    static func flattened(_ spans: [(start: Int, end: Int, text: String)]) -> [(start: Int, end: Int, text: String)] {
        let spans = spans.filter { $0.end > $0.start }
        let edges = Set(spans.flatMap { [$0.start, $0.end] }).sorted()
        let byStart = spans.indices.sorted { (spans[$0].start, $0) < (spans[$1].start, $1) }
        var next = 0
        var showing: [Int] = []   // indices into spans, in the order they start
        var cues: [(start: Int, end: Int, text: String)] = []
        for (position, edge) in edges.enumerated().dropLast() {
            showing.removeAll { spans[$0].end <= edge }
            while next < byStart.count, spans[byStart[next]].start <= edge {
                showing.append(byStart[next])
                next += 1
            }
            guard !showing.isEmpty else { continue }
            let text = showing.map { spans[$0].text }.joined(separator: "\n")
            let end = edges[position + 1]
            if let last = cues.last, last.end == edge, last.text == text {
                cues[cues.count - 1].end = end
            } else {
                cues.append((edge, end, text))
            }
        }
        return cues
    }
}
