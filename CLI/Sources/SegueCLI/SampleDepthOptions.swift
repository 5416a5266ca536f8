import ArgumentParser
import SegueColor

/// How a video's samples are made, as `segue render` and `segue edit` both take it: the
/// quantisation to 8 bits and the bit depth.
struct SampleDepthOptions: ParsableArguments {
    @Option(help: "Video: how frames are quantised to the encoder's 8 bits: ordered (an 8x8 Bayer pattern: no bands in slow fades and dark gradients) or none (rounding).")
    var dither: Dither?
    @Option(name: .customLong("bit-depth"), help: "Video: 8 (default) or 10 bits: HEVC Main 10 (libx265) in .mp4, .mov and .mkv, VP9 profile 2 in .webm.")
    var bitDepth: Int?
}
