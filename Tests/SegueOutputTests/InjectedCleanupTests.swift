import Foundation
import SegueTesting
import Testing

@testable import SegueOutput

/// The output code registers with the `InterruptCleanup` it is given (issue 26), so a test can
/// substitute its own and see what an interrupt would remove, without touching the process's.
@Suite("Output: an injected interrupt cleanup", .tags(.pure))
struct InjectedCleanupTests {
    @Test func theStagingFolderIsTheGivenCleanups() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cleanup = InterruptCleanup()
        let output = try OutputDirectory(
            path: dir.appendingPathComponent("frames").path, ownsFile: OutputDirectory.isFrameOutput, cleanup: cleanup)
        let staging = URL(fileURLWithPath: output.stagedPath("x")).deletingLastPathComponent().path
        #expect(cleanup.registered.paths == [staging])
        #expect(!InterruptCleanup.shared.registered.paths.contains(staging))
        try output.commit()
        #expect(cleanup.registered.paths.isEmpty)
    }

    @Test func theUnfinishedFileIsTheGivenCleanups() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cleanup = InterruptCleanup()
        let file = try PartialFile(destination: dir.appendingPathComponent("clip.mp4").path, purpose: "the video", cleanup: cleanup)
        #expect(cleanup.registered.paths == [file.partial.path])
        #expect(!InterruptCleanup.shared.registered.paths.contains(file.partial.path))
        // What an interrupt does with it: the unfinished file is removed.
        #expect(cleanup.cleanUpForExit() == [file.partial.path])
        #expect(!FileManager.default.fileExists(atPath: file.partial.path))
    }
}
