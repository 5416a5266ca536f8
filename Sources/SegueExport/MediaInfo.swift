import Foundation
import SegueColor

/// What ffprobe says of a clip's first video stream, read once: codec, size, pixel shape,
/// rotation (the display matrix phones write instead of turning the pixels), frame rate and
/// whether it varies, and what its numbers mean (`ColorDescription`, untagged streams filled in
/// by the players' size rule). See docs/MediaPipeline.md.
public struct MediaInfo: Sendable, Equatable {
    public var codec: String
    public var profile: String?
    /// The stored picture's size, before rotation and before the sample aspect ratio.
    public var width: Int
    public var height: Int
    /// The sample (pixel) aspect ratio, 1 for square pixels.
    public var sampleAspectRatio: Double
    /// Degrees counter-clockwise the display matrix turns the picture (0, 90, 180 or 270; other
    /// angles are rounded to these), which ffmpeg's decoder applies.
    public var rotation: Int
    /// ffprobe's `pix_fmt` (`yuv420p`, `yuv420p10le`, `yuva420p`…).
    public var pixelFormat: String
    public var color: ColorDescription
    /// The mean frame rate (frames over duration).
    public var framesPerSecond: Double?
    /// True when the timestamps are not evenly spaced at the mean rate (ffprobe's base rate
    /// `r_frame_rate` differs from the mean `avg_frame_rate`): a phone's variable-rate clip.
    public var variableFrameRate: Bool

    /// The picture's size as shown: sides swapped by a quarter turn.
    public var displayedSize: (width: Int, height: Int) {
        rotation % 180 == 90 ? (height, width) : (width, height)
    }

    /// Parses `ffprobe -show_streams -select_streams v:0 -of json` output. Nil when it lists no
    /// video stream.
    public init?(ffprobeJSON data: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let streams = root["streams"] as? [[String: Any]],
              let stream = streams.first(where: { ($0["codec_type"] as? String ?? "video") == "video" }),
              let width = stream["width"] as? Int, let height = stream["height"] as? Int
        else { return nil }
        func text(_ key: String) -> String? { stream[key] as? String }
        (codec, profile, self.width, self.height) = (text("codec_name") ?? "unknown", text("profile"), width, height)
        sampleAspectRatio = Self.ratio(text("sample_aspect_ratio")).flatMap { $0 > 0 ? $0 : nil } ?? 1
        let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
        let degrees = sideData.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first ?? 0
        rotation = ((Int((degrees / 90).rounded()) % 4) + 4) % 4 * 90
        pixelFormat = text("pix_fmt") ?? "unknown"
        let tags = stream["tags"] as? [String: Any] ?? [:]
        // VP9 keeps its alpha in a side stream that only the libvpx decoder reads; the tag says so.
        let alphaTag = tags.first { $0.key.lowercased() == "alpha_mode" }.map { "\($0.value)" == "1" } ?? false
        color = ColorDescription.video(
            primaries: text("color_primaries"), transfer: text("color_transfer"), matrix: text("color_space"),
            range: Self.range(colorRange: text("color_range"), pixelFormat: pixelFormat), width: width, height: height,
            bitDepth: Self.bitDepth(pixelFormat: pixelFormat, bitsPerRawSample: text("bits_per_raw_sample")),
            hasAlpha: alphaTag || Self.formatHasAlpha(pixelFormat))
        let mean = Self.ratio(text("avg_frame_rate")), base = Self.ratio(text("r_frame_rate"))
        framesPerSecond = mean ?? base
        if let mean, let base { variableFrameRate = abs(mean - base) > 0.01 * base } else { variableFrameRate = false }
    }

    /// Runs ffprobe on a clip `ClipDecoder.probe` vetted, opened as its demuxer only.
    static func probe(path: String, demuxer: String, tools: FFmpegTools) throws(ExportError) -> MediaInfo {
        let data = try tools.streamListing(path: path, demuxer: demuxer)
        guard let info = MediaInfo(ffprobeJSON: data) else { throw .clipFormatRefused(path: path, format: "\(demuxer) without video") }
        return info
    }

    /// "30000/1001" or "4:3" as a number; nil for "0/0", "N/A" or nothing.
    static func ratio(_ text: String?) -> Double? {
        guard let text else { return nil }
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).compactMap { Double($0) }
        guard parts.count == 2, parts[1] != 0, parts[0].isFinite, parts[0] > 0 else { return nil }
        return parts[0] / parts[1]
    }

    /// Bits per component of a pixel format (`yuv420p10le` → 10), else ffprobe's raw sample bits, else 8.
    static func bitDepth(pixelFormat: String, bitsPerRawSample: String?) -> Int {
        for bits in [16, 14, 12, 10, 9] where pixelFormat.contains("p\(bits)") { return bits }
        if let raw = bitsPerRawSample.flatMap({ Int($0) }), (8...16).contains(raw) { return raw }
        return 8
    }

    /// ffprobe's `color_range`; where the stream leaves it unknown, full range for the `yuvj`
    /// formats (a camera's MJPEG), which are full range by definition.
    static func range(colorRange: String?, pixelFormat: String) -> String? {
        if let colorRange, colorRange != "unknown" { return colorRange }
        return pixelFormat.hasPrefix("yuvj") ? "pc" : colorRange
    }

    static func formatHasAlpha(_ pixelFormat: String) -> Bool {
        ["yuva", "rgba", "bgra", "argb", "abgr", "gbrap", "ya8", "ya16", "rgba64", "bgra64"].contains { pixelFormat.hasPrefix($0) }
    }
}
