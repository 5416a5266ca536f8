import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// Partial outputs left by a run killed outright (SIGKILL) are removed by the next run into the
/// same folder, whatever output they were for, and only Segue's own: by name and owner, of a
/// dead process (issue 32 defect 4). Before, only those of the same output name were swept, and
/// silently.
@Suite("InterruptCleanup: stale partial outputs", .tags(.pure))
struct StalePartialTests {
    @Test func onlySeguesOwnNamesArePartials() {
        #expect(InterruptCleanup.stalePartialProcess(".x.mp4.partial-123-k3z9") == 123)
        #expect(InterruptCleanup.stalePartialProcess(".frames.partial-77") == 77)
        #expect(InterruptCleanup.stalePartialProcess(".a.partial-1.mp4.partial-9-abc") == 9)
        for name in ["x.mp4.partial-123", ".partial-12", ".x.partial-", ".x.partial-12-", ".x.partial-12-AB", ".x.partial-1-2-3",
                     ".notes.partial-draft", ".x.partial--5"] {
            #expect(InterruptCleanup.stalePartialProcess(name) == nil, "\(name)")
        }
    }

    @Test func deadRunsPartialsOfAnyOutputAreRemovedAndTold() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let manager = FileManager.default
        let staleFile = dir.appendingPathComponent(".clip.mp4.partial-\(dead)-abc123")
        let staleFolder = dir.appendingPathComponent(".frames.partial-\(dead)")
        let live = dir.appendingPathComponent(".other.mp4.partial-\(getpid())-zz")
        let users = dir.appendingPathComponent(".notes.partial-draft")
        try Data("x".utf8).write(to: staleFile)
        try manager.createDirectory(at: staleFolder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: live)
        try Data("x".utf8).write(to: users)
        let told = Told()
        InterruptCleanup.shared.onStalePartialRemoved { told.add($0) }
        InterruptCleanup.sweepStale(besides: dir.appendingPathComponent("new.mp4"))
        let left = try manager.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [users.lastPathComponent, live.lastPathComponent].sorted(), "\(left)")
        #expect(told.paths.filter { $0.hasPrefix(dir.path) }.sorted() == [staleFile.path, staleFolder.path].sorted())
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ path: String) { lock.withLock { list.append(path) } }
    var paths: [String] { lock.withLock { list } }
}
