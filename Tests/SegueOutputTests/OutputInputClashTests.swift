import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// No output may replace an input (issue 32 defect 7): the same file under any name the kernel
/// reaches it by is refused, as ffmpeg refuses "Output same as Input".
@Suite("OutputPath: an output is never an input", .tags(.pure))
struct OutputInputClashTests {
    @Test func theSameFileByAnyNameIsRefused() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manager = FileManager.default
        let clip = dir.appendingPathComponent("c1.mp4").path
        try Data("clip".utf8).write(to: URL(fileURLWithPath: clip))
        try manager.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: clip)
        try manager.createSymbolicLink(atPath: dir.appendingPathComponent("folder").path, withDestinationPath: dir.path)
        #expect(link(clip, dir.appendingPathComponent("hard.mp4").path) == 0)
        let clashes = [
            clip, dir.path + "/sub/../c1.mp4", dir.path + "/./c1.mp4", dir.appendingPathComponent("link.mp4").path,
            dir.appendingPathComponent("hard.mp4").path, dir.path + "/folder/c1.mp4",
        ]
        for output in clashes {
            #expect(throws: OutputError.self, "\(output)") { try OutputPath.refuseInputs([clip], asOutput: output) }
        }
        // An input given by a link, or relatively, is the same file too.
        #expect(throws: OutputError.self) { try OutputPath.refuseInputs([dir.appendingPathComponent("link.mp4").path], asOutput: clip) }
        do {
            try OutputPath.refuseInputs([clip], asOutput: clip)
        } catch {
            #expect(error.description.contains("it is the input '\(clip)'"), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: clip)) == Data("clip".utf8))
    }

    @Test func aFolderHoldingAnInputIsRefusedAndOtherOutputsPass() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("frames/a.png").path
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try Data("png".utf8).write(to: URL(fileURLWithPath: picture))
        #expect(throws: OutputError.self) { try OutputPath.refuseInputs([picture], asOutput: dir.appendingPathComponent("frames").path) }
        #expect(throws: OutputError.self) { try OutputPath.refuseInputs([picture], asOutput: dir.path) }
        try OutputPath.refuseInputs([picture], asOutput: dir.appendingPathComponent("frames-2").path)
        try OutputPath.refuseInputs([picture], asOutput: dir.appendingPathComponent("frames/a.png.mp4").path)
        try OutputPath.refuseInputs([picture, dir.appendingPathComponent("missing.png").path], asOutput: dir.appendingPathComponent("out.mp4").path)
    }
}
