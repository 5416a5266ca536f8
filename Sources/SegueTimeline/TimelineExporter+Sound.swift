import Foundation
import SegueExport
import SegueOutput

/// An export's sound made ready before the encoder starts: the whole mix's loudness measured
/// when the plan normalises, and a long graph written to a hidden file beside the output
/// (`PartialFile`, removed afterwards or on an interrupt) for `-filter_complex_script`.
final class PreparedSound {
    let range: Range<Int>?
    let graph: AudioGraph
    let filterArguments: [String]
    private var files: [PartialFile]

    init(range: Range<Int>?, graph: AudioGraph, filterArguments: [String], files: [PartialFile]) {
        (self.range, self.graph, self.filterArguments, self.files) = (range, graph, filterArguments, files)
    }

    func discard() {
        files.forEach { $0.discard() }
        files = []
    }

    deinit { discard() }

    /// `graph`'s filter as ffmpeg arguments: inline when short, else in a file beside `destination`.
    static func filterArguments(_ graph: AudioGraph, beside destination: String, cleanup: InterruptCleanup,
                                files: inout [PartialFile]) throws(ExportError) -> [String] {
        guard graph.needsScript else { return ["-filter_complex", graph.filter] }
        let file: PartialFile
        do { file = try PartialFile(destination: destination, purpose: "the sound's filter graph", cleanup: cleanup) } catch { throw .output(error) }
        files.append(file)
        try VideoJoiner.write(graph.filter, to: file)
        return ["-filter_complex_script", file.partial.path]
    }
}

extension TimelineExporter {
    /// The sound of `range` made ready for an export to `destination`; nil without sound.
    func prepareSound(range: Range<Int>?, beside destination: String) throws(ExportError) -> PreparedSound? {
        guard AudioGraph.codecArguments(settings.format) != nil else { return nil }
        var files: [PartialFile] = []
        do {
            var measured: LoudnessMeasurement?
            if plan.sound.loudnessTarget != nil, let whole = AudioGraph(plan: plan) {
                let arguments = try PreparedSound.filterArguments(whole, beside: destination, cleanup: tools.cleanup, files: &files)
                measured = try LoudnessPass.measure(graph: whole, filterArguments: arguments, tools: tools)
                files.forEach { $0.discard() }
                files = []
            }
            guard let graph = AudioGraph(plan: plan, range: range, loudness: measured) else { return nil }
            let arguments = try PreparedSound.filterArguments(graph, beside: destination, cleanup: tools.cleanup, files: &files)
            return PreparedSound(range: range, graph: graph, filterArguments: arguments, files: files)
        } catch {
            files.forEach { $0.discard() }
            throw error
        }
    }

    /// The sound's inputs, graph and stream maps for `range` (the prepared ones when `export`
    /// made them), or nil when the edit has no sound or the format carries none.
    func soundArguments(range: Range<Int>?) -> [String]? {
        guard let codec = AudioGraph.codecArguments(settings.format) else { return nil }
        let all = 0..<plan.totalFrames
        if let prepared = preparedSound, (prepared.range ?? all) == (range ?? all) {
            return prepared.graph.inputArguments + prepared.filterArguments + ["-map", "0:v", "-map", "[aout]"] + codec
        }
        guard let graph = AudioGraph(plan: plan, range: range) else { return nil }
        return graph.inputArguments + ["-filter_complex", graph.filter, "-map", "0:v", "-map", "[aout]"] + codec
    }
}
