import Foundation
import SegueImage
import SegueTesting
import Testing

/// The compile probe's child never outlives `segue` (issue 32 defect 11): before, an interrupted
/// or killed run left it compiling on, reparented to init, for its whole CPU budget. Now an
/// interrupt kills it with the other children, and SIGKILL to segue kills it through
/// PR_SET_PDEATHSIG. The budget is raised to 120 s so only those can end it within the test.
@Suite("segue: the compile probe dies with its parent (runs the built executable)", .tags(.gl))
struct CompileProbeLifetimeTests {
    /// The process id of `parent`'s child whose command line holds `__compile-probe`, once there is one.
    static func probeChild(of parent: pid_t) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let paren = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: paren)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent,
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: command, as: UTF8.self).contains("__compile-probe") else { continue }
            return pid
        }
        return nil
    }

    /// Whether `pid` is gone (or a zombie left for init to reap).
    static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let paren = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: paren)...].first { $0 != " " } == "Z"
    }

    /// Polls `condition` until it holds; gives up (false) only after `limit` seconds, a bound far
    /// beyond the state's arrival, so that a broken run fails instead of hanging.
    static func waitFor(_ limit: Double = 120, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test(arguments: [SIGINT, SIGKILL])
    func theProbeEndsWithItsParent(signal: Int32) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(HostileShaders.exponentialInlining(levels: 20).utf8).write(to: dir.appendingPathComponent("bomb.glsl"))
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("a.png").path)
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["render", "--from", "a.png", "--to", "b.png", "--effect", "bomb.glsl", "--size", "32x32", "--out", "frames"]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        (environment["SEGUE_COMPILE_CPU_SECONDS"], environment["MESA_SHADER_CACHE_DISABLE"]) = ("120", "true")
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        var child: pid_t?
        let started = Self.waitFor { child = Self.probeChild(of: process.processIdentifier); return child != nil || !process.isRunning }
        try #require(started && child != nil, "no compile probe appeared")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let probe = try #require(child)
        #expect(Self.waitFor { Self.isGone(probe) }, "the compile probe \(probe) outlived segue")
        if !Self.isGone(probe) { kill(probe, SIGKILL) }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path))
    }
}
