import Foundation
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// What each encoder was given, read back from the file: the colour tags every video output is
/// encoded with (BT.709, limited range), as ffprobe reports them, for H.264, HEVC, ProRes 4444
/// and VP9 in each container; and `crf` on one scale for H.264 and HEVC, as x265 writes its
/// settings into the stream (its `x265 (build …) - options: … crf=28.0 …` SEI).
@Suite("Encoders: colour tags and CRF read back (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EncoderSettingsTests {
    struct Output: CustomTestStringConvertible, Sendable {
        let format: VideoFormat, bitDepth: Int, alpha: Bool, codec: String
        var testDescription: String { "\(format.rawValue) \(bitDepth)-bit\(alpha ? " alpha" : "") (\(codec))" }
    }

    static let outputs = [
        Output(format: .mp4, bitDepth: 8, alpha: false, codec: "h264"), Output(format: .mp4, bitDepth: 10, alpha: false, codec: "hevc"),
        Output(format: .mov, bitDepth: 8, alpha: false, codec: "h264"), Output(format: .mov, bitDepth: 10, alpha: false, codec: "hevc"),
        Output(format: .mov, bitDepth: 8, alpha: true, codec: "prores"),
        Output(format: .mkv, bitDepth: 8, alpha: false, codec: "h264"), Output(format: .mkv, bitDepth: 10, alpha: false, codec: "hevc"),
        Output(format: .webm, bitDepth: 8, alpha: false, codec: "vp9"), Output(format: .webm, bitDepth: 10, alpha: false, codec: "vp9"),
        Output(format: .webm, bitDepth: 8, alpha: true, codec: "vp9"),
    ]

    /// A two-frame fade between two flat pictures, exported to `path`.
    static func export(to path: String, format: VideoFormat, bitDepth: Int = 8, alpha: Bool = false, crf: Int? = nil) throws {
        let a = try RGBAImage(width: 32, height: 16, fill: [200, 40, 20, alpha ? 128 : 255])
        let b = try RGBAImage(width: 32, height: 16, fill: [20, 90, 220, 255])
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device,
                settings: ExportSettings(format: format, width: 32, height: 16, crf: crf, bitDepth: bitDepth, alpha: alpha)
            ).export(.pictures(from: a, to: b, frames: 2), to: path) { device, from, to in
                try fade.makeEffect(device: device, from: from, to: to)
            }
        }
    }

    @Test(arguments: outputs)
    func everyOutputCarriesTheColourTagsItWasEncodedWith(output: Output) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.\(output.format.rawValue)").path
        try Self.export(to: path, format: output.format, bitDepth: output.bitDepth, alpha: output.alpha)
        let probe = try TenBitOutputTests.probe(path)
        #expect(probe["codec_name"] == output.codec)
        // Before: ProRes 4444 (MOV, alpha) probed unknown/unknown/unknown (prores_ks writes the
        // frames' tags, which swscale had left unset); the others were tagged.
        let tags = ["color_space", "color_primaries", "color_transfer", "color_range"].map { probe[$0] ?? "none" }
        #expect(tags == ["bt709", "bt709", "bt709", "tv"], "\(output.testDescription): \(tags)")
    }

    /// The x265 settings SEI's `crf=` (or `lossless`) of an HEVC MP4.
    static func x265Settings(_ path: String) throws -> String {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let options = try #require(text.range(of: "options: "))
        let line = text[options.upperBound...].prefix { $0 != "\0" }
        let words = line.split(separator: " ")
        if words.contains("lossless") { return "lossless" }
        return words.first { $0.hasPrefix("crf=") }.map(String.init) ?? "none"
    }

    /// `crf` on x264's scale: HEVC at 10 bits gets x265's equal, CRF + 5 (the default 23 is
    /// x265's own default, 28, given or not), and 0 is lossless in both. Before, an unset CRF
    /// gave x265 28 but `--crf 23` (the default the help states) gave it 23, and 0 was lossy.
    @Test(arguments: [(Int?.none, "crf=28.0"), (23, "crf=28.0"), (18, "crf=23.0"), (0, "lossless")])
    func hevcTakesTheCRFOnX264sScale(crf: Int?, expected: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("hevc.mp4").path
        try Self.export(to: path, format: .mp4, bitDepth: 10, crf: crf)
        #expect(try Self.x265Settings(path) == expected, "--crf \(crf.map(String.init) ?? "unset")")
        // The H.264 the same number makes is x264's own.
        let h264 = VideoFormat.mp4.codecArguments(crf: crf)
        let at = try #require(h264.firstIndex(of: "-crf"))
        #expect(h264[at + 1] == String(crf ?? 23))
    }
}
