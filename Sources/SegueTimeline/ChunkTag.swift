import Foundation
import SegueExport

/// What a video rendered from an edit says it is, written into its `comment` tag: the spec it
/// was rendered from (a hash of its canonical JSON), the encoder settings, the frames it holds
/// and the edit's length and rate. `segue join` reads it back from every chunk and refuses chunks
/// of another edit, of other settings, missing, repeated or out of order, naming the chunk.
public struct ChunkTag: Equatable, Sendable {
    static let prefix = "segue-chunk v1"

    /// FNV-1a 64 of the spec's canonical JSON, in hex.
    public let spec: String
    /// The format, CRF and encoder speed, as one word.
    public let encoding: String
    /// The frames the video holds, within the edit's `0..<total`.
    public let frames: Range<Int>
    public let total: Int
    public let framesPerSecond: FrameRate

    public init(spec: String, encoding: String, frames: Range<Int>, total: Int, framesPerSecond: FrameRate) {
        (self.spec, self.encoding, self.frames, self.total, self.framesPerSecond) = (spec, encoding, frames, total, framesPerSecond)
    }

    /// `segue-chunk v1 spec=… encoding=… frames=A..B of=T fps=F`.
    public var text: String {
        "\(Self.prefix) spec=\(spec) encoding=\(encoding) frames=\(frames.lowerBound)..\(frames.upperBound) of=\(total) fps=\(framesPerSecond.ffmpegText)"
    }

    /// The tag in `text`, or nil when it is not one (another program's comment, or none).
    public init?(parsing text: String) {
        guard text.hasPrefix(Self.prefix + " ") else { return nil }
        var fields: [String: String] = [:]
        for word in text.dropFirst(Self.prefix.count + 1).split(separator: " ") {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            fields[String(pair[0])] = String(pair[1])
        }
        let bounds = (fields["frames"] ?? "").split(separator: ".", omittingEmptySubsequences: true).compactMap { Int($0) }
        guard let spec = fields["spec"], let encoding = fields["encoding"], bounds.count == 2, bounds[0] < bounds[1],
              let total = fields["of"].flatMap(Int.init), let fps = fields["fps"].flatMap(FrameRate.parse(text:)), bounds[1] <= total
        else { return nil }
        self.init(spec: spec, encoding: encoding, frames: bounds[0]..<bounds[1], total: total, framesPerSecond: fps)
    }

    /// The identity of `spec`: its JSON with sorted keys, hashed (FNV-1a 64). Two chunks of the
    /// same spec file have the same identity on any machine.
    public static func identity(of spec: EditSpec) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(spec)) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// The sound samples (at `AudioGraph.sampleRate`) of these frames, as the edit's sound graph
    /// cuts them: what a join keeps of each chunk's decoded sound, its encoder's padding dropped.
    var soundSamples: Int {
        func samples(_ frame: Int) -> Int { framesPerSecond.samples(before: frame, rate: AudioGraph.sampleRate) }
        return samples(frames.upperBound) - samples(frames.lowerBound)
    }
}
