import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import Testing

/// A WebM clip with alpha (VP9 keeps it in a side channel, decoded by libvpx only) keeps its
/// alpha in the edit: premultiplied once as it enters (the GPU pipeline's form,
/// docs/ARCHITECTURE.md) and made straight once as PNG frames leave, so its frames come out as
/// libvpx decodes them. A mid-grey colour at half alpha tells the counts apart: never
/// premultiplied would come out twice as bright, premultiplied twice half as bright.
@Suite("Clips: alpha in (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct AlphaClipTests {
    @Test func aVP9ClipsAlphaIsDecodedAndPremultiplied() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("half.webm").path
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0x806040@0.5:s=64x36:r=30:d=1,format=yuva420p",
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
        // Premultiplying to 8 bits and back at alpha ~128 may move a channel by 2, VP9 by 1 more.
        let straight = (0..<3).map { Int(reference[$0]) }
        #expect(zip([r, g, b], straight).allSatisfy { abs($0 - $1) <= 3 }, "(\(r), \(g), \(b), \(a)), libvpx's \(straight)")
    }
}
