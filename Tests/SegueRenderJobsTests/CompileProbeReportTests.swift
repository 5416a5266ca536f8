import Foundation
@testable import SegueRenderJobs
import Testing

/// The compile probe's child reports on a descriptor its parent names (SEGUE_COMPILE_PROBE_REPORT_FD),
/// never on a standard one: before, CSegueProbeChild's constructor wrote its reason to descriptor 2,
/// which is a terminal for a program started with the marker by hand. The parent turns the report
/// into the typed error; the child's standard output and error are only logged.
extension CompileBudgetTests {
    @Test func aChildsReasonComesFromTheNamedDescriptorNotItsChatter() throws {
        // A child that says one thing on its standard error and its reason on the named descriptor.
        let script = #"echo 'driver chatter' >&2; echo 'the reason' >&"$SEGUE_COMPILE_PROBE_REPORT_FD"; echo 'more chatter'; exit 1"#
        let child = ShaderCompileProbe(childExecutable: URL(fileURLWithPath: "/bin/sh"), childArguments: ["-c", script, "sh"])
        #expect(throws: CompileBudgetError.compileFailed(file: "wipe.glsl", memoryGiB: 1, cpuSeconds: 10, ending: "status 1", detail: "the reason")) {
            try child.check(text: Self.wipe, name: "wipe.glsl")
        }
        // With nothing reported, the last line of output still explains a crash.
        let crash = ShaderCompileProbe(childExecutable: URL(fileURLWithPath: "/bin/sh"), childArguments: ["-c", "echo 'assertion failed' >&2; exit 134", "sh"])
        #expect(throws: CompileBudgetError.compileFailed(file: "wipe.glsl", memoryGiB: 1, cpuSeconds: 10, ending: "status 134", detail: "assertion failed")) {
            try crash.check(text: Self.wipe, name: "wipe.glsl")
        }
    }

    @Test func theAnswerArrivesOnTheNamedDescriptorAndNothingOnStandardOutput() throws {
        // This test bundle started again with the marker: CSegueProbeChild's constructor compiles the
        // file before the bundle's `main`, as `thisProgram`'s check does, watched pipe by pipe.
        let nonce = ShaderCompileProbe.makeNonce()
        var environment = ProcessInfo.processInfo.environment
        environment[ShaderCompileProbe.childMarker] = "1"
        environment[ShaderCompileProbe.nonceVariable] = nonce
        environment[ShaderCompileProbe.parentVariable] = String(getpid())
        environment[ShaderCompileProbe.reportVariable] = String(ProbeChildProcess.reportDescriptor)
        environment["SEGUE_COMPILE_CPU_SECONDS"] = "10"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let child = try ProbeChildProcess(executable: "/proc/self/exe", arguments: ["--name", "wipe.glsl"], environment: environment)
        let ending = child.finish(writing: Array(Self.wipe.utf8), wallSeconds: 120)
        #expect(ending.signal == nil && ending.status == 0 && !ending.timedOut)
        #expect(String(decoding: ending.report, as: UTF8.self) == ShaderCompileProbe.answer(to: nonce) + "\n")
        #expect(!String(decoding: ending.output, as: UTF8.self).contains("segue-compile-probe"),
                "\(String(decoding: ending.output, as: UTF8.self))")
    }

    @Test func theChildSideWritesToNoDescriptorItWasNotGiven() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { fds.forEach { close($0) } }
        // A line, newlines folded so it stays one, on the descriptor named.
        ShaderCompileProbe.report("out of\nmemory", named: String(fds[1]))
        var buffer = [UInt8](repeating: 0, count: 64)
        let got = read(fds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(got, 0)), as: UTF8.self) == "out of memory\n")
        // Not a standard descriptor, not a closed one, not a word: nowhere.
        for value in [nil, "0", "1", "2", "-4", "three", "999"] as [String?] {
            #expect(ShaderCompileProbe.reportDescriptor(named: value) == nil, "\(String(describing: value))")
        }
        #expect(ShaderCompileProbe.reportDescriptor(named: String(fds[1])) == fds[1])
    }
}
