import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// A partial file is created by Segue itself (O_CREAT | O_EXCL | O_NOFOLLOW) under a name
/// nobody can plant in advance, so a symbolic link waiting at a partial name is never written
/// through (issue 21 item 2: `ln -s ~/victim .x.mp4.partial-$$` turned the victim into the MP4).
@Suite("PartialFile", .tags(.pure))
struct PartialFileTests {
    private func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    @Test func aLinkAtThePredictableNameIsNeverWrittenThrough() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        // The name the exporter used before: `.NAME.partial-PID`.
        let old = dir.appendingPathComponent(".x.mp4.partial-\(getpid())")
        try FileManager.default.createSymbolicLink(atPath: old.path, withDestinationPath: victim.path)

        let file = try PartialFile(destination: dir.appendingPathComponent("x.mp4").path, purpose: "the video")
        #expect(file.partial.lastPathComponent != old.lastPathComponent)
        #expect(file.partial.lastPathComponent.hasPrefix(".x.mp4.partial-\(getpid())-"))
        write("video", to: file.descriptor)
        try file.commit()
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: dir.appendingPathComponent("x.mp4"), encoding: .utf8) == "video")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: old.path) == victim.path)
    }

    /// Even a link at the exact name it picks (planted through the test seam) is not followed:
    /// O_EXCL refuses it and another name is drawn.
    @Test func aLinkAtTheChosenNameIsRefusedAndAnotherNameDrawn() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let planted = dir.appendingPathComponent(".x.mp4.partial-\(getpid())-guessed")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        var suffixes = ["guessed", "fresh"]
        let file = try PartialFile(destination: dir.appendingPathComponent("x.mp4").path, purpose: "the video") {
            suffixes.removeFirst()
        }
        #expect(file.partial.lastPathComponent == ".x.mp4.partial-\(getpid())-fresh")
        write("video", to: file.descriptor)
        try file.commit()
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    }

    /// A name swapped for something else between creation and commit is not renamed into place.
    @Test func aSwappedPartialIsNotCommitted() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try PartialFile(destination: dir.appendingPathComponent("x.mp4").path, purpose: "the video")
        try FileManager.default.removeItem(at: file.partial)
        try FileManager.default.createSymbolicLink(atPath: file.partial.path, withDestinationPath: "/etc/passwd")
        #expect(throws: OutputError.self) { try file.commit() }
        #expect(OutputFiles.kind(dir.appendingPathComponent("x.mp4").path) == .missing)
    }

    @Test func aDiscardedOrInterruptedPartialLeavesNothing() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try PartialFile(destination: dir.appendingPathComponent("x.mp4").path, purpose: "the video")
        write("half", to: file.descriptor)
        file.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
