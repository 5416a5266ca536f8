import Foundation
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// `alpha: true` outputs (`--alpha`): VP9 with alpha in WebM, ProRes 4444 in MOV, a GIF's
/// transparent colour. Each is probed for its alpha and decoded by ffmpeg (libvpx for WebM
/// alpha, which ffmpeg's own VP9 decoder drops); its frame composited over a colour is compared
/// with the CPU reference: the runtime's fade of the two pictures over the same colour.
@Suite("Alpha outputs (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct AlphaOutputTests {
    static let (width, height) = (64, 64)
    /// The colour the frames are laid over, as ffmpeg's overlay would lay them over a clip.
    static let backdrop = SIMD3<Double>(40, 90, 200)

    /// `from`: its left half transparent, its right half orange at alpha 200. `to`: its top half
    /// opaque green, its bottom half transparent. Their quadrants hold every pair of coverages.
    static func pictures() throws -> (RGBAImage, RGBAImage) {
        var from = try RGBAImage(width: width, height: height, fill: [0, 0, 0, 0])
        var to = from
        for y in 0..<height {
            for x in 0..<width {
                if x >= width / 2 { from[x, y] = [255, 128, 0, 200] }
                if y < height / 2 { to[x, y] = [0, 200, 100, 255] }
            }
        }
        return (from, to)
    }

    /// The fade at `progress` over the backdrop at (x, y), from the straight pictures as the
    /// gl-transitions runtime (and ffmpeg's xfade) fades them: colour and alpha mixed straight,
    /// the result premultiplied where it enters Segue's pipeline, plus the backdrop where it is
    /// not covered. (A transparent picture's colour is black: a premultiplied one keeps none.)
    static func reference(_ from: RGBAImage, _ to: RGBAImage, progress: Double, x: Int, y: Int) -> SIMD3<Double> {
        func straight(_ p: SIMD4<UInt8>) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w) / 255) }
        let mixed = straight(from[x, y]) * (1 - progress) + straight(to[x, y]) * progress
        return SIMD3(mixed.x, mixed.y, mixed.z) * mixed.w + backdrop * (1 - mixed.w)
    }

    /// A decoded straight-alpha pixel over the backdrop.
    static func composited(_ frame: [UInt8], x: Int, y: Int) -> SIMD3<Double> {
        let i = (y * width + x) * 4
        let a = Double(frame[i + 3]) / 255
        return SIMD3(Double(frame[i]), Double(frame[i + 1]), Double(frame[i + 2])) * a + backdrop * (1 - a)
    }

    /// Renders the fade between the pictures (3 frames: progress 0, ½, 1) with alpha and
    /// returns the decoded frames as straight RGBA.
    static func export(_ format: VideoFormat, in dir: URL) throws -> (path: String, frames: [[UInt8]]) {
        let (from, to) = try pictures()
        let out = dir.appendingPathComponent("fade.\(format.rawValue)").path
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device,
                settings: ExportSettings(format: format, width: width, height: height, crf: format == .webm ? 10 : nil, alpha: true)
            ).export(.pictures(from: from, to: to, frames: 3), to: out) { device, from, to in
                try fade.makeEffect(device: device, from: from, to: to)
            }
        }
        // libvpx's decoder for WebM (ffmpeg's own drops the alpha); BT.709 limited range back to RGB.
        let decoder = format == .webm ? ["-c:v", "libvpx-vp9"] : []
        let data = [UInt8](try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin"] + decoder + [
            "-i", out, "-vf", "scale=in_color_matrix=bt709:in_range=tv,format=rgba", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1",
        ]))
        let frameBytes = width * height * 4
        return (out, stride(from: 0, to: data.count - frameBytes + 1, by: frameBytes).map { Array(data[$0..<($0 + frameBytes)]) })
    }

    static func probe(_ path: String, _ entries: String) throws -> String {
        String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of", "default=noprint_wrappers=1:nokey=1", path,
        ]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The quadrants' centres: every pair of coverages, away from chroma's shared samples at edges.
    static let samples = [(16, 16), (48, 16), (16, 48), (48, 48)]

    @Test(arguments: [VideoFormat.webm, .mov])
    func anAlphaVideoProbesWithAlphaAndMatchesTheReferenceOverAColour(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.export(format, in: dir)
        if format == .webm {
            // VP9 keeps alpha in BlockAdditional, flagged by the track's ALPHA_MODE.
            #expect(try Self.probe(path, "stream=codec_name") == "vp9")
            #expect(try Self.probe(path, "stream_tags=alpha_mode") == "1")
        } else {
            #expect(try Self.probe(path, "stream=codec_name,profile") == "prores\n4444")
            #expect(try Self.probe(path, "stream=pix_fmt").hasPrefix("yuva444p"))
        }
        #expect(frames.count == 3)
        let (from, to) = try Self.pictures()
        // A lossy codec (VP9 at CRF 10; ProRes) and the 8-bit Y'CbCr round trip: 4 levels
        // at the flat quadrants' centres, over the backdrop.
        for (index, frame) in frames.enumerated() {
            for (x, y) in Self.samples {
                let want = Self.reference(from, to, progress: Double(index) / 2, x: x, y: y)
                let got = Self.composited(frame, x: x, y: y)
                let error = (0..<3).map { abs(want[$0] - got[$0]) }.max() ?? 0
                #expect(error <= 4, "\(format) frame \(index) at (\(x), \(y)): \(got) over the backdrop, want \(want)")
            }
        }
        // Where neither picture covers, nothing is left: alpha 0.
        #expect(frames[1][(48 * Self.width + 16) * 4 + 3] <= 2, "the empty quadrant's alpha")
    }

    @Test func aGIFKeepsATransparentColour() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.export(.gif, in: dir)
        #expect(try Self.probe(path, "stream=pix_fmt") == "bgra")
        let (from, to) = try Self.pictures()
        // GIF's alpha is one bit (paletteuse's threshold, 128): covered quadrants are opaque
        // at a palette's error, the empty one transparent.
        let last = frames[2]
        #expect(last[(48 * Self.width + 48) * 4 + 3] == 0, "progress 1, bottom half: transparent")
        #expect(last[(16 * Self.width + 16) * 4 + 3] == 255, "progress 1, top half: opaque")
        let want = Self.reference(from, to, progress: 1, x: 16, y: 16)
        let got = Self.composited(last, x: 16, y: 16)
        #expect((0..<3).allSatisfy { abs(want[$0] - got[$0]) <= 8 }, "\(got), want \(want)")
    }

    /// ffmpeg's overlay of `video` (straight alpha; libvpx decodes a WebM) over the backdrop colour:
    /// each frame as RGB bytes. The stinger's own path, in docs/Export.md.
    static func overlaid(_ video: String, frames: Int) throws -> [UInt8] {
        let decoder = video.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
        return [UInt8](try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "color=c=0x285AC8:s=\(width)x\(height):r=30"]
            + decoder + ["-i", video, "-filter_complex", "[1:v]format=rgba[s];[0:v][s]overlay=format=rgb:shortest=1,format=rgb24",
                         "-frames:v", String(frames), "-f", "rawvideo", "pipe:1"]))
    }

    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count, !a.isEmpty else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The fade over `inputs` as a WebM with alpha (VP9 at CRF 10).
    static func fadeToWebM(_ inputs: ExportInputs, out: String) throws {
        let fade = try NamedTransition.named("fade")
        _ = try withDevice { device in
            try TransitionExporter(
                device: device, settings: ExportSettings(format: .webm, width: width, height: height, crf: 10, alpha: true)
            ).export(inputs, to: out) { device, from, to in try fade.makeEffect(device: device, from: from, to: to) }
        }
    }

    /// A PNG with an alpha ramp (made by ffmpeg) through the pipeline and out as WebM alpha:
    /// ffmpeg's overlay of the output over a colour shows what its overlay of the PNG shows.
    @Test func aPNGWithAlphaRoundTripsThroughAWebMWithAlpha() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("ramp.png").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0xE0A020:s=\(Self.width)x\(Self.height),format=rgba",
            "-vf", "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='floor(X/8)*32+31'", "-frames:v", "1", png,
        ])
        let picture = try PictureDecoder.read(path: png)
        let out = dir.appendingPathComponent("ramp.webm").path
        try Self.fadeToWebM(.pictures(from: picture, to: picture, frames: 2), out: out)
        let got = try Self.overlaid(out, frames: 1), want = try Self.overlaid(png, frames: 1)
        // Eight alpha steps of 32, flat inside each band: VP9 at CRF 10 and 4:2:0 at the bands' edges.
        #expect(Self.largestDifference(got, want) <= 6, "max \(Self.largestDifference(got, want))")
    }

    /// A WebM clip with alpha (libvpx's) in, a WebM with alpha out: the clip's frames after the
    /// transition, overlaid by ffmpeg, as its own frames overlaid.
    @Test func aWebMClipsAlphaRoundTrips() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("clip.webm").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0x20C040@0.5:s=\(Self.width)x\(Self.height):r=30:d=1,format=yuva420p",
            "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "10", "-b:v", "0", "-auto-alt-ref", "0", clip,
        ])
        let out = dir.appendingPathComponent("out.webm").path
        try Self.fadeToWebM(.clips(from: clip, to: clip, offsetSeconds: 0, transitionFrames: 2), out: out)
        #expect(try Self.probe(out, "stream_tags=alpha_mode") == "1")
        let got = try Self.overlaid(out, frames: 10), want = try Self.overlaid(clip, frames: 10)
        #expect(Self.largestDifference(got, want) <= 4, "max \(Self.largestDifference(got, want))")
    }

    @Test func formatsWithoutAlphaAreRefused() {
        for format in [VideoFormat.mp4, .mkv] {
            #expect(throws: ExportError.self) { try ExportSettings(format: format, width: 64, height: 64, alpha: true).validate() }
            do {
                try ExportSettings(format: format, width: 64, height: 64, alpha: true).validate()
            } catch let ExportError.alphaUnsupported(refused, reason) {
                #expect(refused == format && reason.contains(".webm") && reason.contains(".mov"), "\(reason)")
            } catch { Issue.record("\(error)") }
        }
        #expect(throws: ExportError.self) { try ExportSettings(format: .webm, width: 64, height: 64, bitDepth: 10, alpha: true).validate() }
        #expect(throws: ExportError.self) { try ExportSettings(format: .mov, width: 64, height: 64, crf: 20, alpha: true).validate() }
        for format in [VideoFormat.webm, .mov, .gif] {
            #expect(throws: Never.self) { try ExportSettings(format: format, width: 64, height: 64, alpha: true).validate() }
        }
    }
}
