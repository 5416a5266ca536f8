import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueImage
import SegueTesting
import Testing

/// Banding: a 10-second fade between two dark greys (sRGB 16 to 24: luma codes 29.7 to 36.6,
/// seven steps) exported losslessly, its luma read back as stored. Along the time line of an
/// 8×8 block's mean, rounding holds each code for about 300 / 7 frames (a visible band in time,
/// as a slow fade over a dark sky shows in space); the ordered dither moves the mean by 1/64 of
/// a code and so changes it nearly every frame, each pixel within one code of the exact value.
/// The same holds when the fade mixes linear light (`--blend linear`), whose steps in code
/// values are uneven over the fade.
@Suite("Output stage: dithering against banding (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct FadeBandingTests {
    static let (width, height, frames) = (64, 32, 300)

    struct Bands {
        /// Distinct values of the block's mean luma over the fade, and the longest run of one value.
        let distinctLevels: Int
        let longestRun: Int
        /// The most any pixel of the block strays from the exact (unquantised) luma, in codes.
        let worstError: Double
    }

    static func bands(dither: Dither, blend: BlendSpace = .srgb) throws -> Bands {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("fade.mp4").path
        let dark = try RGBAImage(width: width, height: height, fill: [16, 16, 16, 255])
        let lighter = try RGBAImage(width: width, height: height, fill: [24, 24, 24, 255])
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device, settings: ExportSettings(format: .mp4, width: width, height: height, crf: 0, dither: dither)
            ).export(.pictures(from: dark, to: lighter, frames: frames), to: out) { device, from, to in
                try fade.makeEffect(device: device, from: from, to: to, blendSpace: blend)
            }
        }
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"])
        let frameBytes = width * height * 3 / 2
        #expect(data.count == frames * frameBytes)
        let conversion = try #require(YCbCrConversion(matrix: .bt709, range: .limited))
        var means: [Int] = []
        var worst = 0.0
        for k in 0..<(data.count / frameBytes) {
            let grey = blend.mix(16.0 / 255, 24.0 / 255, Double(k) / Double(frames - 1))
            let exact = conversion.codes(red: grey, green: grey, blue: grey).y
            var sum = 0
            for y in 8..<16 {
                for x in 8..<16 {
                    let code = Int(data[k * frameBytes + y * width + x])
                    sum += code
                    worst = max(worst, abs(Double(code) - exact))
                }
            }
            means.append(sum)  // 64 × the mean: exact integers
        }
        var (longest, run) = (1, 1)
        for k in 1..<means.count {
            run = means[k] == means[k - 1] ? run + 1 : 1
            longest = max(longest, run)
        }
        return Bands(distinctLevels: Set(means).count, longestRun: longest, worstError: worst)
    }

    @Test func orderedDitherLeavesNoBandWiderThanAFrameOrTwo() throws {
        let dithered = try Self.bands(dither: .ordered)
        #expect(dithered.longestRun <= 3, "longest band: \(dithered.longestRun) frames")
        #expect(dithered.distinctLevels > 200, "\(dithered.distinctLevels) levels")
        #expect(dithered.worstError < 1, "a pixel \(dithered.worstError) codes from the exact luma")
    }

    @Test func ditherHoldsWhenTheFadeMixesLinearLight() throws {
        let dithered = try Self.bands(dither: .ordered, blend: .linear)
        #expect(dithered.longestRun <= 3, "longest band: \(dithered.longestRun) frames")
        #expect(dithered.worstError < 1, "a pixel \(dithered.worstError) codes from the exact luma")
        let rounded = try Self.bands(dither: .none, blend: .linear)
        #expect(rounded.longestRun >= 30, "without dither it bands: \(rounded.longestRun) frames")
    }

    @Test func withoutDitherTheFadeBands() throws {
        let rounded = try Self.bands(dither: .none)
        #expect(rounded.distinctLevels <= 8, "\(rounded.distinctLevels) levels")
        #expect(rounded.longestRun >= 30, "longest band: \(rounded.longestRun) frames")
        // Rounding, give or take the half-float frame's precision (about 0.01 of a code here).
        #expect(rounded.worstError <= 0.52)
    }
}
