import Foundation
import SegueColor
import SegueTesting

/// The clip colour tests' source and reference, shared by the timeline's clip tests and the
/// export's render of clips: a gradient that every conversion must keep, an HDR clip made from
/// it, and ffmpeg's own conversion of a file's first frame.
public enum ClipColorFixtures {
    public static let size = (width: 160, height: 90)
    public static let gradient = "gradients=s=160x90:r=30:d=1:speed=0.05:seed=7:c0=white:c1=red:c2=0x3060ff:c3=0xffcc88:c4=black:nb_colors=5"

    /// The gradient as an 8-bit BT.709 limited-range clip, lossless H.264 (4:2:0), at `path`.
    public static func makeSDRClip(at path: String) throws {
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", gradient,
                                           "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-pix_fmt", "yuv420p",
                                           "-c:v", "libx264", "-qp", "0", "-colorspace", "bt709", "-color_primaries", "bt709",
                                           "-color_trc", "bt709", "-color_range", "tv", path])
    }

    /// The gradient between a black bar (left, 16 pixels) and a white one (right): the ends of
    /// the range, which a clip's range must reach.
    public static let barredGradient = gradient
        + ",drawbox=x=0:y=0:w=16:h=90:color=black:t=fill,drawbox=x=144:y=0:w=16:h=90:color=white:t=fill"

    /// `barredGradient` as a lossless 8-bit BT.709 clip in `range` at `path`: H.264 (full range is
    /// then `yuvj420p`, as cameras' and screen recorders' full-range clips decode), or with `ffv1`
    /// FFV1 in Matroska (`yuv420p` tagged `color_range=pc`).
    public static func makeBarredClip(at path: String, range: ColorRange, ffv1: Bool = false) throws {
        let full = range == .full
        _ = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", barredGradient,
                                           "-vf", "scale=out_color_matrix=bt709:out_range=\(range.ffmpegName)",
                                           "-pix_fmt", full && !ffv1 ? "yuvj420p" : "yuv420p"]
                                    + (ffv1 ? ["-c:v", "ffv1"] : ["-c:v", "libx264", "-qp", "0"])
                                    + ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                                       "-color_range", range.ffmpegName, path])
    }

    /// ffmpeg's first frame of `path` through `filters` ending in `gbrpf32le`, as 8-bit RGB.
    public static func reference(_ path: String, filters: String) throws -> [UInt8] {
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-vf", filters, "-frames:v", "1",
                                                  "-f", "rawvideo", "pipe:1"])
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let n = size.width * size.height
        // gbrp: planes G, B, R.
        func level(_ value: Float) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        var rgb: [UInt8] = []
        for i in 0..<n { rgb += [level(floats[2 * n + i]), level(floats[i]), level(floats[n + i])] }
        return rgb
    }

    /// A 10-bit BT.2020 clip with `transfer` (HLG or PQ), lossless HEVC: the gradient's SDR
    /// white lifted to 800 nits by zscale, tagged as phones tag theirs.
    public static func makeHDRClip(at path: String, transfer: TransferCharacteristic) throws {
        let t = transfer.ffmpegName
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", gradient, "-vf",
            "format=gbrpf32le,zscale=tin=iec61966-2-1:pin=bt709:min=gbr:rin=pc:t=linear:p=bt709:npl=100,"
                + "zscale=tin=linear:pin=bt709:t=\(t):p=bt2020:npl=800,zscale=m=bt2020nc:r=tv,format=yuv420p10le",
            "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error",
            "-color_primaries", "bt2020", "-color_trc", t, "-colorspace", "bt2020nc", "-color_range", "tv", path,
        ])
    }
}
