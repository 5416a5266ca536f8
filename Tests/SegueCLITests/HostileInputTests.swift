import Foundation
import SegueImage
import Testing

/// Inputs built to cost memory: the render must refuse them cheaply.
@Suite("segue render with hostile inputs (runs the built executable)")
struct HostileInputTests {
    /// The measured case of the issue: 570 bytes whose header claims 16000x16000 (a 1 GB
    /// pixel buffer). The peak resident memory of that one child process is read from wait4.
    @Test func aTinyPNGClaimingAHugeSizeFailsWithoutAllocatingIt() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(HugeClaimPNGFile.bytes(width: 16000, height: 16000, totalSize: 570)).write(to: dir.appendingPathComponent("liar.png"))
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: dir.appendingPathComponent("b.png").path)
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let run = try MeasuredRun.run(
            CommandRunner.productsDirectory.appendingPathComponent("segue").path,
            ["render", "--from", path("liar.png"), "--to", path("b.png"), "--frames", "2", "--size", "32x32", "--out", path("frames")],
            stderrIn: dir)
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("liar.png") && run.stderr.contains("16000x16000"), "stderr: \(run.stderr)")
        // The CLI alone (Swift runtime, Foundation) is ~30 MB; the buffer would be 1024 MB.
        #expect(run.peakResidentMegabytes < 200, "peak RSS \(run.peakResidentMegabytes) MB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["b.png", "liar.png"])
    }
}

/// The same file as `HugeClaimPNG` in the image tests: a valid signature and IHDR (RGB, 8 bits),
/// an IDAT of zero bytes after a zlib header, and IEND, `totalSize` bytes in all.
enum HugeClaimPNGFile {
    static func bytes(width: Int, height: Int, totalSize: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(body)))
        }
        let header = chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        let idat = chunk("IDAT", [0x78, 0x9C] + [UInt8](repeating: 0, count: totalSize - 8 - header.count - 24 - 2))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + idat + chunk("IEND", [])
    }
}

/// Runs a program and reports its own peak resident memory (wait4's rusage for that pid,
/// unaffected by other children the test runner starts in parallel).
enum MeasuredRun {
    struct Output {
        let status: Int32
        let stderr: String
        let peakResidentMegabytes: Int
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
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["spawn": spawned]) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return Output(status: exitStatus, stderr: stderr, peakResidentMegabytes: usage.ru_maxrss / 1024)
    }
}
