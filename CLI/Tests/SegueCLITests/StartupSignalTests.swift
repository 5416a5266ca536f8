import Foundation
import SegueImage
import SegueTesting
import Testing

/// An interrupt that arrives while `segue` sets up its signal handling is not lost (issue 32
/// defect 8): before, the signals were set to SIG_IGN before Dispatch's sources existed, and a
/// SIGINT in between was discarded and the run completed, replacing the output. The signal here
/// is pending from the start (the test starts segue with SIGINT blocked and sends it at once),
/// which is the race's window held open: setting SIG_IGN discards it, blocking and registering
/// first keeps it for the source.
@Suite("segue: an interrupt at start-up is kept (runs the built executable)", .tags(.gl))
struct StartupSignalTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalPendingAtStartEndsTheRunAndWritesNothing(signal: Int32) throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: path("a.png"))
        try PNGCodec.write(try SampleImages.to(width: 32, height: 32), to: path("b.png"))
        let segue = CommandRunner.productsDirectory.appendingPathComponent("segue").path
        let arguments = [segue, "render", "--from", path("a.png"), "--to", path("b.png"), "--frames", "3", "--size", "32x32",
                         "--out", path("frames"), "--quiet"]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, signal)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        try #require(posix_spawn(&pid, segue, nil, &attributes, argv, environment) == 0)
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        #expect(exited && (status >> 8) & 0xFF == 128 + signal, "status \(status): the run was not interrupted")
        #expect(!FileManager.default.fileExists(atPath: path("frames")), "the run completed and wrote its frames")
    }
}
