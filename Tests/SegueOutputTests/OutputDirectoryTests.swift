import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// A commit either succeeds or leaves nothing of its run in the folder (issue 21 item 9): the
/// manifest, the one file written at commit time, is written before any file moves.
@Suite("OutputDirectory commit", .tags(.pure))
struct OutputDirectoryTests {
    struct ManifestWriteFailed: Error {}

    private func stage(_ output: OutputDirectory, _ names: [String]) throws {
        for name in names { try Data(name.utf8).write(to: URL(fileURLWithPath: output.stagedPath(name))) }
    }

    private func names(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    @Test func aNewFolderAppearsWholeWithItsManifest() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let output = try OutputDirectory(path: out.path, ownsFile: OutputDirectory.isFrameOutput)
        try stage(output, ["frame-0000.png", "frame-0001.png"])
        try output.commit()
        #expect(try names(out) == [".segue-output", "frame-0000.png", "frame-0001.png"])
        let listed = try String(contentsOf: out.appendingPathComponent(".segue-output"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(listed == ["frame-0000.png", "frame-0001.png"])
        #expect(try names(dir) == ["frames"])
    }

    /// The first manifest write fails (a full disk): before, the folder had already been made
    /// and was left empty; now it never appears.
    @Test func aManifestFailureIntoANewFolderLeavesNoFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        var output = try OutputDirectory(path: out.path, ownsFile: OutputDirectory.isFrameOutput)
        output.writeManifestFile = { _, _ in throw ManifestWriteFailed() }
        try stage(output, ["frame-0000.png"])
        #expect(throws: OutputError.self) { try output.commit() }
        output.discard()
        #expect(try names(dir) == [], "no folder, no staging folder")
    }

    /// A manifest write fails after a successful render, the first or the second of a commit
    /// into an earlier run's folder. Before, the second came after the frames had moved in, so
    /// the run exited 1 with its frames in place; now both come before anything moves, and the
    /// earlier run's files are left exactly as they were.
    @Test(arguments: [1, 2])
    func aManifestFailureIntoAnEarlierRunsFolderLeavesItAsItWas(failingWrite: Int) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let first = try OutputDirectory(path: out.path, ownsFile: OutputDirectory.isFrameOutput)
        try stage(first, ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        try first.commit()
        let before = try names(out)
        let manifest = try Data(contentsOf: out.appendingPathComponent(".segue-output"))

        var second = try OutputDirectory(path: out.path, ownsFile: OutputDirectory.isFrameOutput)
        var writes = 0
        second.writeManifestFile = { data, url in
            writes += 1
            if writes == failingWrite { throw ManifestWriteFailed() }
            try data.write(to: url, options: .atomic)
        }
        try stage(second, ["frame-0000.png"])
        try Data("new".utf8).write(to: URL(fileURLWithPath: second.stagedPath("frame-0000.png")))
        #expect(throws: OutputError.self) { try second.commit() }
        second.discard()
        #expect(try names(out) == before)
        #expect(try String(contentsOf: out.appendingPathComponent("frame-0000.png"), encoding: .utf8) == "frame-0000.png")
        #expect(try Data(contentsOf: out.appendingPathComponent(".segue-output")).count >= manifest.count)
        #expect(try names(dir) == ["frames"])
    }
}
