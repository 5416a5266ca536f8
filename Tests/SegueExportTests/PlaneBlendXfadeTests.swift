import Foundation
import SegueColor
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// Transitions computed in the encoder's planes against ffmpeg's xfade, which computes its
/// transitions plane by plane in Y'CbCr too (on 4:4:4: ffmpeg upsamples 4:2:0 chroma for it and
/// subsamples the result again, so chroma differs by those two filters, and most along a hard edge).
@Suite("Output stage: transitions in the encoder's planes against ffmpeg's xfade (headless GL + ffmpeg)",
       .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PlaneBlendXfadeTests {
    /// Frames 1…3 (progress .25, .5, .75) of xfade's `transition` between the two yuv420p frames,
    /// looped at 4 frames a second with `duration=1:offset=0` (ffmpeg's progress runs from 1 down,
    /// so its frame k is Segue's progress k/4).
    static func xfade(_ transition: String, _ a: [UInt8], _ b: [UInt8], width: Int, height: Int) throws -> [[Int]] {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (pathA, pathB) = (directory.appendingPathComponent("a.yuv").path, directory.appendingPathComponent("b.yuv").path)
        try Data(a).write(to: URL(fileURLWithPath: pathA))
        try Data(b).write(to: URL(fileURLWithPath: pathB))
        let input = ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(width)x\(height)", "-framerate", "4", "-stream_loop", "11"]
        let graph = "[0:v]format=yuv444p[a];[1:v]format=yuv444p[b];[a][b]xfade=transition=\(transition):duration=1:offset=0,format=yuv420p"
        let raw = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-threads", "1", "-filter_complex_threads", "1"]
            + input + ["-i", pathA] + input + ["-i", pathB]
            + ["-filter_complex", graph, "-frames:v", "4", "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"])
        let frameBytes = a.count
        try #require(raw.count == frameBytes * 4, "xfade wrote \(raw.count) bytes, not 4 frames")
        return (1...3).map { k in raw[(raw.startIndex + k * frameBytes)..<(raw.startIndex + (k + 1) * frameBytes)].map(Int.init) }
    }

    @Test(arguments: ["fade", "wipeleft", "wipedown", "smoothleft", "circleopen", "vertopen", "diagtl"])
    func thePlanesAreXfades(transition: String) throws {
        let (width, height) = (PlaneBlendTransitionTests.width, PlaneBlendTransitionTests.height)
        let (a, b) = (PlaneBlendTransitionTests.a, PlaneBlendTransitionTests.b)
        let references = try Self.xfade(transition, a, b, width: width, height: height)
        let lumaCount = width * height
        for (k, reference) in references.enumerated() {
            let progress = Float(k + 1) / 4
            let planes = try #require(try PlaneBlendTransitionTests.planes(transition, a, b, width: width, height: height, bitDepth: 8,
                                                                           color: .bt709Video, progress: progress))
            let luma = PlaneBlendTransitionTests.compare(planes[0..<lumaCount], reference[0..<lumaCount])
            let chroma = PlaneBlendTransitionTests.compare(planes[lumaCount...], reference[lumaCount...])
            // xfade truncates its float mix where the planes round: one code (the wipes' luma is
            // xfade's exactly). Measured: chroma mean ≤ 0.8, ≤ 4.3 % beyond 2 (along hard edges).
            #expect(luma.max <= 1 && luma.mean < 0.6, "\(transition) at \(progress): luma up to \(luma.max) apart, mean \(luma.mean)")
            #expect(chroma.mean < 1 && chroma.far < 0.06, "\(transition) at \(progress): chroma mean \(chroma.mean), \(chroma.far) beyond 2")
        }
    }
}
