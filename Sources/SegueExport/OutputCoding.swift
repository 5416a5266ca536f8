import SegueColor

/// The colour tags a video stream carries, by ffmpeg's names (`-color_primaries`, `-color_trc`,
/// `-colorspace`, `-color_range`), as ffprobe reports them.
public struct VideoColorTags: Sendable, Hashable {
    public var primaries: String
    public var transfer: String
    public var matrix: String
    public var range: String

    public init(primaries: String, transfer: String, matrix: String, range: String) {
        (self.primaries, self.transfer, self.matrix, self.range) = (primaries, transfer, matrix, range)
    }

    /// What Segue's outputs carry unless they follow their inputs: BT.709, limited range.
    public static let bt709 = VideoColorTags(primaries: "bt709", transfer: "bt709", matrix: "bt709", range: "tv")

    /// ffmpeg's options that write them into the stream and the container.
    public var arguments: [String] {
        ["-colorspace", matrix, "-color_primaries", primaries, "-color_trc", transfer, "-color_range", range]
    }
}

/// The codec an MP4, MOV or MKV output's video is encoded with.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// libx264 (8 bits).
    case h264
    /// libx265: Main at 8 bits, Main 10 at 10.
    case hevc
}

extension ExportSettings {
    /// The output stage's conversion: the matrix `outputMatrix` names, limited range.
    public var outputColor: ColorDescription {
        ColorDescription(primaries: .bt709, transfer: .bt709, matrix: outputMatrix, range: .limited, bitDepth: bitDepth)
    }

    /// The codec the video is encoded with: `videoCodec` where given, else H.264 at 8 bits and
    /// HEVC at 10 (the format's own choice).
    public var resolvedCodec: VideoCodec { videoCodec ?? (bitDepth == 10 ? .hevc : .h264) }

    /// The codec and colour options of an H.264 or HEVC output that follows its inputs (the
    /// codec, the matrix of the output stage and the tags, or none for an untagged output),
    /// after the filters and before the muxer's options.
    func followedCodecArguments() -> [String] {
        let tags = colorTags?.arguments ?? []
        let muxer = ["-f", format == .mkv ? "matroska" : format.rawValue]
            + (format == .mkv ? VideoFormat.matroskaClusters : ["-movflags", "+faststart"])
        switch resolvedCodec {
        case .hevc:
            let x265 = VideoFormat.x265CRF(crf ?? 23)
            return tags + ["-c:v", "libx265", "-crf", String(x265 ?? 0)] + (format == .mkv ? [] : ["-tag:v", "hvc1"])
                + ["-x265-params", (x265 == nil ? "lossless=1:" : "") + "log-level=error" + (hdrMetadata?.x265Parameters ?? "")] + muxer
        case .h264:
            return tags + ["-c:v", "libx264", "-crf", String(crf ?? 23)] + muxer
        }
    }

    /// Whether the settings leave the format's own coding (H.264 High or HEVC Main 10 by bit
    /// depth, tagged BT.709): then `VideoFormat.encoderArguments` says everything.
    var followsInputs: Bool { videoCodec != nil || colorTags != .bt709 || outputMatrix != .bt709 || hdrMetadata != nil }
}

/// HDR10's static metadata (SMPTE ST 2086 mastering display, CTA-861.3 content light level) as
/// x265 writes it into SEI messages: an HDR output that follows its clips carries theirs in
/// every segment it encodes.
public struct HDRStaticMetadata: Sendable, Hashable {
    /// x265's `master-display`: "G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)", chromaticities in
    /// 0.00002 units, luminance in 0.0001 cd/m².
    public var masteringDisplay: String?
    /// x265's `max-cll`: "MaxCLL,MaxFALL" in cd/m².
    public var contentLightLevel: String?

    public init(masteringDisplay: String?, contentLightLevel: String?) {
        (self.masteringDisplay, self.contentLightLevel) = (masteringDisplay, contentLightLevel)
    }

    /// The x265 parameters that write it (each after a ':').
    public var x265Parameters: String {
        (masteringDisplay.map { ":master-display=" + $0 } ?? "") + (contentLightLevel.map { ":max-cll=" + $0 } ?? "")
    }
}
