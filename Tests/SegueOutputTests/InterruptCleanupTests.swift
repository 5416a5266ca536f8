import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// The interrupt path kills and reaps registered children (and what they started) before it
/// removes the registered outputs.
@Suite("InterruptCleanup", .tags(.pure))
struct InterruptCleanupTests {
    @Test func childrenAndTheirGroupsAreKilledAndOutputsRemoved() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let staging = dir.appendingPathComponent(".out.partial-1")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data("frame".utf8).write(to: staging.appendingPathComponent("frame-0000.png"))

        let cleanup = InterruptCleanup()
        cleanup.register(staging)
        // A shell that started a grandchild: both must go, as ffmpeg's helpers would.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 300 & echo $! > '\(dir.path)/grandchild'; wait"]
        try cleanup.startChild {
            try process.run()
            return process.processIdentifier
        }
        let grandchildFile = dir.appendingPathComponent("grandchild")
        var grandchild: pid_t?
        for _ in 0..<500 where grandchild == nil {
            grandchild = (try? String(contentsOf: grandchildFile, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            usleep(10_000)
        }
        let sleeper = try #require(grandchild)

        let removed = cleanup.cleanUpForExit()
        #expect(removed == [staging.path])
        #expect(OutputFiles.kind(staging.path) == .missing)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        // The grandchild is gone too (or a zombie waiting for init, which is not running).
        var state = InterruptCleanup.processState(sleeper)
        for _ in 0..<200 where state != nil && state != "Z" {
            usleep(10_000)
            state = InterruptCleanup.processState(sleeper)
        }
        #expect(state == nil || state == "Z", "the grandchild \(sleeper) is still \(state.map(String.init) ?? "?")")
    }
}
