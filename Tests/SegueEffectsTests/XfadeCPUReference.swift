import Foundation
import SegueImage

/// xfade transitions the installed ffmpeg cannot serve as the reference for, computed on the
/// CPU the way xfade computes them (FFmpeg's libavfilter/vf_xfade.c as of 7.x, RGB planes, 8
/// bits, float results truncated to integers):
/// - the wind, cover and reveal families, which ffmpeg 5.1 does not have;
/// - fadegrays, which ffmpeg 5.1 gets wrong in RGB: it sums each pixel's grey into memory it
///   never clears, so its frames change with the thread count and show values outside both
///   pictures (a grey 128 fading to black reads 223 at a quarter of the way); later ffmpeg
///   clears the sum, and that is what this follows.
/// `progress` here is Segue's; xfade's own runs the other way (1 → 0) and is `1 − progress`.
/// Where the reference ffmpeg 9 is installed, every channel of this port is checked to be within a
/// level of its output (`XfadeReferenceParityTests.theCPUPortIsTheReferenceFFmpeg`).
enum XfadeCPUReference {
    static let names = [
        "fadegrays", "hlwind", "hrwind", "vuwind", "vdwind", "coverleft", "coverright", "coverup", "coverdown",
        "revealleft", "revealright", "revealup", "revealdown",
    ]

    static func frame(_ name: String, from a: RGBAImage, to b: RGBAImage, progress: Float) throws -> RGBAImage {
        let (w, h) = (a.width, a.height)
        let xfadeProgress = 1 - progress
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    out[(y * w + x) * 4 + c] = value(name, a, b, x, y, c, xfadeProgress)
                }
            }
        }
        return try RGBAImage(width: w, height: h, pixels: out)
    }

    private static func value(_ name: String, _ a: RGBAImage, _ b: RGBAImage, _ x: Int, _ y: Int, _ c: Int, _ p: Float) -> UInt8 {
        let (w, h) = (a.width, a.height)
        func at(_ image: RGBAImage, _ x: Int, _ y: Int) -> Float { Float(image.pixels[(y * w + x) * 4 + c]) }
        switch name {
        case "fadegrays":
            func gray(_ image: RGBAImage) -> Float {
                Float((0..<3).map { Int(image.pixels[(y * w + x) * 4 + $0]) }.reduce(0, +) / 3)
            }
            let first = mix(at(a, x, y), gray(a), smoothstep(0.8, 1, p))
            let second = mix(gray(b), at(b, x, y), smoothstep(0.2, 1, p))
            return truncate(mix(first, second, p))
        case "hlwind", "hrwind":
            let fx = name == "hlwind" ? 1 - Float(x) / Float(w) : Float(x) / Float(w)
            let s = smoothstep(0, -0.2, fx * 0.8 + 0.2 * frand(0, y) - (1 - p) * 1.2)
            return truncate(mix(at(b, x, y), at(a, x, y), s))
        case "vuwind", "vdwind":
            let fy = name == "vuwind" ? 1 - Float(y) / Float(h) : Float(y) / Float(h)
            let s = smoothstep(0, -0.2, fy * 0.8 + 0.2 * frand(x, 0) - (1 - p) * 1.2)
            return truncate(mix(at(b, x, y), at(a, x, y), s))
        default:
            // cover: the second picture moves in over the still first; reveal: the first moves
            // out over the still second. Shifts in whole pixels, truncated towards zero.
            let horizontal = name.hasSuffix("left") || name.hasSuffix("right")
            let negative = name.hasSuffix("left") || name.hasSuffix("up")
            let n = horizontal ? w : h
            let shift = Int((negative ? -p : p) * Float(n))
            let i = horizontal ? x : y
            let moved = i + shift
            let wrapped = ((moved % n) + n) % n
            let inside = moved >= 0 && moved < n
            let cover = name.hasPrefix("cover")
            let source = inside ? b : a
            let index = inside == cover ? wrapped : i
            return UInt8(at(source, horizontal ? index : x, horizontal ? y : index))
        }
    }

    /// xfade's mix: `a × m + b × (1 − m)` (its arguments the other way round from GLSL's).
    private static func mix(_ a: Float, _ b: Float, _ m: Float) -> Float { a * m + b * (1 - m) }

    private static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    private static func frand(_ x: Int, _ y: Int) -> Float {
        let r = sinf(Float(x) * 12.9898 + Float(y) * 78.233) * 43758.545
        return r - r.rounded(.down)
    }

    private static func truncate(_ v: Float) -> UInt8 { UInt8(max(0, min(255, v.rounded(.towardZero)))) }
}
