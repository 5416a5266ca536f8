import Foundation
import SegueEffects
import SegueImage
import SegueRenderJobs
import SegueTesting
import Testing

/// The whole renders into folders: frames with a contact sheet, the filter sheet, the scene
/// demo, the sample pictures; each folder whole, with what it wrote named in the result.
@Suite("Renders into folders (headless GL)", .tags(.gl))
@MainActor
struct FolderRenderTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The frames are the renderer's own, in order; the sheet's title says what drew them.
    @Test func aFrameFolderHoldsTheFramesAndTheirSheet() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (from, to) = (try SampleImages.from(width: 48, height: 32), try SampleImages.to(width: 48, height: 32))
        let renderer = try TransitionRenderer(named: "fade", width: 48, height: 32)
        var reported: [Int] = []
        let path = root.appendingPathComponent("frames").path
        let folder = try renderer.writeFrameFolder(from: from, to: to, count: 5, at: path, progress: { done, _ in reported.append(done) })
        #expect(folder.frames.map { ($0 as NSString).lastPathComponent } == (0..<5).map(TransitionRenderer.frameName))
        #expect(try Self.names(in: path) == ["contact-sheet.png"] + (0..<5).map(TransitionRenderer.frameName))
        #expect(reported == [1, 2, 3, 4, 5])
        let expected = try renderer.frames(from: from, to: to, count: 5)
        for (file, frame) in zip(folder.frames, expected) {
            #expect(RGBAImage.maxDifference(try PictureDecoder.read(path: file), frame) == 0, "\(file)")
        }
        #expect(renderer.contactSheetTitle(count: 5, glRenderer: "GL").hasPrefix("fade  48x32  5 frames  (fused, GL)"))
    }

    @Test func theFilterSheetHasEveryFilter() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("filters").path
        let result = try FilterSheet.render(try SampleImages.from(width: 64, height: 36), label: "sample",
                                            size: FrameSize(width: 64, height: 36), at: path)
        #expect(result.passes.map(\.name) == FilterCatalog.entries.map(\.name))
        #expect(try Self.names(in: path) == (FilterCatalog.entries.map { $0.name + ".png" } + ["contact-sheet.png"]).sorted())
    }

    @Test func theSceneDemoAndTheSamplesAreWritten() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let scene = try SceneDemo(size: FrameSize(width: 64, height: 36), framesPerSecond: 8,
                                  outputDirectory: root.appendingPathComponent("scene").path).run()
        // 1.5 s of rotation and 1 s of shrinking at 8 fps, both ends included.
        #expect(scene.frameCount == 13 + 9)
        #expect(try Self.names(in: scene.directory).count == scene.frameCount + 1)
        let samples = try SampleImages.write(size: FrameSize(width: 32, height: 18), toFolder: root.appendingPathComponent("samples").path,
                                             lumaMaps: true)
        #expect(try PictureDecoder.read(path: samples.from) == SampleImages.from(width: 32, height: 18))
        #expect(try Self.names(in: root.appendingPathComponent("samples").path).count == 2 + LumaMap.allCases.count)
    }
}
