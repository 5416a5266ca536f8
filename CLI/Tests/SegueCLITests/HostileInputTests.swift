import Foundation
import SegueImage
import Testing
import SegueTesting

/// Inputs built to cost memory: the render must refuse them cheaply.
@Suite("segue render with hostile inputs (runs the built executable)", .tags(.gl))
struct HostileInputTests {
    /// The measured case of the issue: 570 bytes whose header claims 16000x16000 (a 1 GB
    /// pixel buffer). The peak resident memory of that one child process is read from wait4.
    @Test func aTinyPNGClaimingAHugeSizeFailsWithoutAllocatingIt() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(HugeClaimPNGFile.bytes.count == 570)
        try Data(HugeClaimPNGFile.bytes).write(to: dir.appendingPathComponent("liar.png"))
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let run = try MeasuredRun.run(
            CommandRunner.productsDirectory.appendingPathComponent("segue").path,
            ["render", "--from", path("liar.png"), "--to", path("b.png"), "--frames", "2", "--size", "32x32", "--out", path("frames")],
            stderrIn: dir)
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("liar.png") && run.stderr.contains("16000x16000"), "stderr: \(run.stderr)")
        // The CLI alone (Swift runtime, Foundation) is ~30 MB; the buffer would be 1024 MB. Linux
        // reports at least the runner's own peak as the child's (see `MeasuredRun`), which in a
        // full test run is over 200 MB: the child may not add more than 100 MB to that.
        let limit = max(200, run.runnerPeakMegabytes + 100)
        #expect(run.peakResidentMegabytes < limit, "peak RSS \(run.peakResidentMegabytes) MB, runner's \(run.runnerPeakMegabytes) MB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["b.png", "liar.png"])
    }
}

/// The file measured in the issue: a valid signature and IHDR (16000x16000, RGB, 8 bits), an
/// IDAT of 513 bytes (a zlib header, then zeros) and IEND: 570 bytes. The CRCs were computed
/// once with Python's zlib.crc32 over each chunk's type and data.
enum HugeClaimPNGFile {
    static var bytes: [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80, 8, 2, 0, 0, 0] + [0xCE, 0x1C, 0x48, 0x89]
        let data: [UInt8] = [0, 0, 0x02, 0x01] + Array("IDAT".utf8) + [0x78, 0x9C]
            + [UInt8](repeating: 0, count: 511) + [0x20, 0x2B, 0xFA, 0x4C]
        let end: [UInt8] = [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return signature + header + data + end
    }
}

/// Runs a program and reports its peak resident memory (wait4's rusage for that pid, unaffected
/// by other children the test runner starts in parallel). The figure is never below the
/// runner's own peak when it spawned the child: the child starts on the runner's memory (vfork
/// or fork) and Linux carries that memory's high-water mark over the exec. So the runner's peak
/// is reported too, read from /proc/self/status just before the spawn.
enum MeasuredRun {
    struct Output {
        let status: Int32
        let stderr: String
        let peakResidentMegabytes: Int
        /// The test runner's own peak (VmHWM) at the spawn: a floor under the child's figure.
        let runnerPeakMegabytes: Int
        /// CPU time the child used (user + system), from the same rusage.
        let cpuSeconds: Double
    }

    static func runnerPeakMegabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) / 1024
    }

    /// `arguments` must use absolute paths (the child runs in the runner's directory).
    static func run(_ executable: String, _ arguments: [String], stderrIn directory: URL) throws -> Output {
        let errorsPath = directory.appendingPathComponent(".stderr-\(UUID().uuidString)").path
        defer { unlink(errorsPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let runnerPeak = runnerPeakMegabytes()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["spawn": spawned]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return Output(status: exitStatus, stderr: stderr, peakResidentMegabytes: usage.ru_maxrss / 1024, runnerPeakMegabytes: runnerPeak,
            cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6)
    }
}
