import Foundation
import SegueColor
import SegueExport
import SegueOutput
import SegueImage
import SegueRenderJobs
import SegueTesting
import SegueTimeline
import Testing

/// `EditRender`: an edit of two pictures to a frame folder, whole or a chunk, the frames named by
/// their index in the edit.
@Suite("EditRender (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditRenderTests {
    @Test func anEditBecomesAFrameFolderAndAChunkKeepsItsNumbers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-edit-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGCodec.write(try SampleImages.from(width: 64, height: 36), to: folder.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 64, height: 36), to: folder.appendingPathComponent("b.png").path)
        let spec = EditSpec(size: "64x36", fps: 10, items: [.picture(path: "a.png", duration: 1), .picture(path: "b.png", duration: 1)],
                            transitions: [EditTransition(effect: "fade", duration: 0.5)])
        let tools = try FFmpegTools.locate()
        let plan = try EditPlan(spec: spec, folder: folder, tools: tools)
        #expect(plan.totalFrames == 15)

        let whole = try EditRender(plan: plan, tools: tools).export(to: folder.appendingPathComponent("whole").path, video: nil)
        #expect(whole.frames == 15 && whole.path.hasSuffix("whole"))
        let names = try FileManager.default.contentsOfDirectory(atPath: whole.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == (0..<15).map(OutputDirectory.frameName))

        let chunk = try EditRender(plan: plan, tools: tools).export(to: folder.appendingPathComponent("chunk").path, video: nil, frames: 5..<9)
        let chunkNames = try FileManager.default.contentsOfDirectory(atPath: chunk.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(chunkNames == (5..<9).map(OutputDirectory.frameName))
        for name in chunkNames {
            let a = try PictureDecoder.read(path: whole.path + "/" + name), b = try PictureDecoder.read(path: chunk.path + "/" + name)
            #expect(a == b, "\(name) is the same frame of the whole")
        }
    }

    /// The spec's `"blend": "linear"`: the fade between a black and a white picture mixes light.
    /// Each frame's progress is read off the sRGB render (its value / 255); the linear render of
    /// the same frame must be that progress in linear light, sRGB-encoded.
    @Test func theSpecsLinearBlendMixesLight() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-edit-blend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGCodec.write(try RGBAImage(width: 16, height: 8, fill: [0, 0, 0, 255]), to: folder.appendingPathComponent("black.png").path)
        try PNGCodec.write(try RGBAImage(width: 16, height: 8, fill: [255, 255, 255, 255]), to: folder.appendingPathComponent("white.png").path)
        let tools = try FFmpegTools.locate()
        var middles: [BlendSpace: [Int]] = [:]
        for blend in ["srgb", "linear"] {
            let json = """
                {"size": "16x8", "fps": 10, "blend": "\(blend)", "transitions": [{"effect": "fade", "duration": 0.9}],
                 "items": [{"picture": "black.png", "duration": 1}, {"picture": "white.png", "duration": 1}]}
                """
            let spec = try JSONDecoder().decode(EditSpec.self, from: Data(json.utf8))
            let plan = try EditPlan(spec: spec, folder: folder, tools: tools)
            #expect(plan.blendSpace.rawValue == blend)
            let out = try EditRender(plan: plan, tools: tools).export(to: folder.appendingPathComponent(blend).path, video: nil)
            middles[plan.blendSpace] = try (0..<plan.totalFrames).map { index in
                let frame = try PictureDecoder.read(path: out.path + "/" + OutputDirectory.frameName(index))
                return Int(frame.pixels[(4 * 16 + 8) * 4])
            }
        }
        let (srgb, linear) = (try #require(middles[.srgb]), try #require(middles[.linear]))
        #expect(srgb.contains { (100...155).contains($0) }, "a frame near the middle: \(srgb)")
        for (s, l) in zip(srgb, linear) {
            let want = BlendSpace.linear.mix(0, 1, Double(s) / 255) * 255
            #expect(abs(Double(l) - want) <= 2, "sRGB \(s): linear \(l), want \(want)")
        }
    }
}
