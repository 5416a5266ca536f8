import Foundation
import Testing
import SegueTesting

/// SIGINT, SIGTERM or SIGHUP during a video export, early (the unfinished file just made) or
/// mid-way (ffmpeg encoding): segue kills and reaps ffmpeg before it exits, and leaves no
/// unfinished file (issue 21 item 5: ffmpeg kept encoding for 4-10 s after 17 of 18 interrupts,
/// and early ones left a `.x.mp4.partial-PID` behind "partial output removed").
@Suite("segue render: interrupted video exports (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct InterruptedExportTests {
    /// The processes whose parent is `pid`, and theirs, from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let paren = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: paren)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Whether `pid` is gone or a zombie (dead, waiting for init to reap it).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: paren)...].first { $0 != " " } != "Z"
    }

    static func partialFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".partial-") }
    }

    @Test(arguments: [(SIGINT, false), (SIGTERM, false), (SIGHUP, false), (SIGINT, true), (SIGTERM, true)])
    func noChildAndNoPartialFileOutliveAnInterrupt(signal: Int32, early: Bool) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 320, height: 180)
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["render", "--from", "a.png", "--to", "b.png", "--size", "320x180", "--frames", "10000",
                             "--out", "v.mp4", "--quiet"]
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let segue = process.processIdentifier
        // Early: the unfinished file exists. Mid-way: ffmpeg runs and has written some video.
        var children: [pid_t] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let partial = Self.partialFiles(in: dir).first
            if early && partial != nil { break }
            children = Self.descendants(of: segue)
            let size = partial.flatMap { try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent($0).path)[.size] as? Int }
            if !early && !children.isEmpty && (size ?? 0) > 0 { break }
            usleep(5_000)
        }
        #expect(process.isRunning, "the export ended before it could be interrupted")
        children = Array(Set(children + Self.descendants(of: segue)))
        kill(segue, signal)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "stderr: \(stderr)")
        #expect(stderr.contains("interrupted") && stderr.contains("partial output removed"), "\(stderr)")
        if !early { #expect(!children.isEmpty, "ffmpeg was not seen running") }
        let left = children.filter(Self.isRunning)
        #expect(left.isEmpty, "still running after segue exited: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png"])
    }

    /// `segue edit` writes through the same PartialFile and InterruptCleanup: a SIGTERM while
    /// ffmpeg encodes the edit (with music, so the sound's inputs are open) leaves no child and
    /// no partial video.
    @Test func anInterruptedEditLeavesNoChildAndNoPartialFile() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try VideoRenderCommandTests.writePictures(in: dir, width: 320, height: 180)
        let tone = Process()
        tone.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tone.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=d=1", dir.appendingPathComponent("song.wav").path]
        try tone.run()
        tone.waitUntilExit()
        try #require(tone.terminationStatus == 0)
        let spec = #"{"size": "320x180", "items": [{"picture": "a.png", "duration": 600}, {"picture": "b.png", "duration": 600}], "#
            + #""transitions": [{"effect": "fade", "duration": 1}], "audio": {"music": "song.wav"}}"#
        try Data(spec.utf8).write(to: dir.appendingPathComponent("edit.json"))
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["edit", "edit.json", "--out", "v.mp4", "--quiet"]
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let segue = process.processIdentifier
        var children: [pid_t] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            children = Array(Set(children + Self.descendants(of: segue)))
            let partial = Self.partialFiles(in: dir).first
            let size = partial.flatMap { try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent($0).path)[.size] as? Int }
            if !children.isEmpty && (size ?? 0) > 0 { break }
            usleep(5_000)
        }
        #expect(process.isRunning, "the edit ended before it could be interrupted")
        children = Array(Set(children + Self.descendants(of: segue)))
        kill(segue, SIGTERM)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM, "stderr: \(stderr)")
        #expect(!children.isEmpty, "ffmpeg was not seen running")
        let left = children.filter(Self.isRunning)
        #expect(left.isEmpty, "still running after segue exited: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png", "edit.json", "song.wav"])
    }
}
