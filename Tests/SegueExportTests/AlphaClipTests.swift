import Foundation
import SegueExport
import SegueImage
import SegueTesting
import Testing

/// A WebM clip with alpha (VP9 keeps it in a side channel, decoded by libvpx only) keeps its
/// alpha in the edit, premultiplied as the GPU pipeline works (docs/ARCHITECTURE.md).
@Suite("Clips: alpha in (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct AlphaClipTests {
    @Test func aVP9ClipsAlphaIsDecodedAndPremultiplied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("half.webm").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0xFF0000@0.5:s=64x36:r=30:d=1,format=yuva420p",
            "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-auto-alt-ref", "0", clip,
        ])
        // libvpx's own decode, straight alpha.
        let reference = [UInt8](try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-c:v", "libvpx-vp9", "-i", clip,
                                                               "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]).prefix(4))
        let frame = try ClipPlaneInputTests.firstFrame(of: "half.webm", in: dir, width: 64, height: 36).pixels
        let centre = (18 * 64 + 32) * 4
        let (r, g, b, a) = (Int(frame[centre]), Int(frame[centre + 1]), Int(frame[centre + 2]), Int(frame[centre + 3]))
        let alpha = Int(reference[3])
        #expect(alpha > 100 && alpha < 150, "libvpx's alpha \(alpha)")
        #expect(abs(a - alpha) <= 1, "alpha \(a), libvpx's \(alpha)")
        #expect(abs(r - Int(reference[0]) * alpha / 255) <= 2 && g <= 2 && b <= 2, "premultiplied (\(r), \(g), \(b), \(a))")
    }
}
