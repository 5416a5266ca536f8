import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import Testing
import SegueTesting

/// `ln -s ~/victim .x.mp4.partial-$$; exec segue render … --out x.mp4` turned the victim into
/// the MP4: ffmpeg opened the predictable partial name with `-y`. Now the unfinished video is a
/// file the exporter creates itself under another name, and the link is never written through
/// (issue 21 item 2).
@Suite("TransitionExporter: a link planted at the old partial name", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct PlantedLinkTests {
    @Test(arguments: [VideoFormat.mp4, .gif])
    func theVictimIsUntouched(format: VideoFormat) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let name = "x.\(format.rawValue)"
        let planted = dir.appendingPathComponent(".\(name).partial-\(getpid())")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        let image = try SampleImages.from(width: 64, height: 36)
        let result = try withDevice { device in
            try TransitionExporter(device: device, settings: ExportSettings(format: format, width: 64, height: 36))
                .export(.pictures(from: image, to: image, frames: 3), to: dir.appendingPathComponent(name).path, effect: pixelDissolve)
        }
        #expect(result.frames == 3)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == victim.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [planted.lastPathComponent, "victim", name])
    }
}
