import CSegueProbeChild
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The child's side of the probe's protocol, whichever program runs it: `segue __compile-probe`,
// the `segue-compile-probe` product, libsegue's helper, or any program that links this module,
// started again as `/proc/self/exe` with the marker (CSegueProbeChild's constructor calls
// `SegueRenderJobs_runCompileProbeChild` below before that program's `main`).

extension ShaderCompileProbe {
    /// The variable that tells the child its parent's process id.
    static let parentVariable = "SEGUE_COMPILE_PROBE_PARENT"
    /// The variable that makes a start of a program that links this module the probe's child.
    static let childMarker = SEGUE_PROBE_CHILD_MARKER
    /// The variable that carries the parent's nonce for this check.
    static let nonceVariable = "SEGUE_COMPILE_PROBE_NONCE"

    /// A fresh nonce: 128 random bits in hex.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The line a child reports (on the descriptor its parent names) when it compiled `nonce`'s
    /// check within the budget: a digest of the nonce (FNV-1a, 64 bits), not the nonce, so a program that only
    /// echoes its input, arguments or environment (`cat`, `env`) cannot approve a file, nor can
    /// one that exits 0 and says nothing (`true`). It proves the child is a compile probe of
    /// Segue's, not a secret: the digest is no keyed hash.
    static func answer(to nonce: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("segue-compile-probe\u{0}".utf8) + Array(nonce.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "segue-compile-probe: within the budget \(String(hash, radix: 16))"
    }

    /// The variable that names the descriptor the child reports on: the answer, or the reason it
    /// failed (`ProbeChildProcess.reportDescriptor`, a pipe of its own).
    static let reportVariable = "SEGUE_COMPILE_PROBE_REPORT_FD"

    /// The answer to the nonce in the environment; nil when there is none (a probe run by hand).
    static func answerLine() -> String? {
        guard let nonce = getenv(nonceVariable).map({ String(cString: $0) }), !nonce.isEmpty else { return nil }
        return answer(to: nonce)
    }

    /// The descriptor `value` (the report variable's) names, when it is an open one above the
    /// standard three: the child side writes to no terminal, and to nothing when run by hand.
    static func reportDescriptor(named value: String?) -> Int32? {
        guard let value, let fd = Int32(value), fd > 2, fcntl(fd, F_GETFD) >= 0 else { return nil }
        return fd
    }

    /// Writes `line` to the parent's report descriptor (`named`: the report variable's value, this
    /// process's by default), one line, unbuffered (the child may end with `_exit`); nothing when
    /// the parent named none.
    static func report(_ line: String?, named value: String? = getenv(reportVariable).map { String(cString: $0) }) {
        guard let line, let fd = reportDescriptor(named: value) else { return }
        let bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let wrote = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { return }
            written += wrote
        }
    }

    /// The last non-empty line of `bytes` (at most its last 300 bytes), if any.
    static func lastLine(of bytes: [UInt8]) -> String? {
        String(decoding: bytes.suffix(300), as: UTF8.self).split(separator: "\n").last.map(String.init)
    }

    /// Whether this process's main program carries the child side (this module is linked into the
    /// executable, as SwiftPM links a program's and a test bundle's modules), so `/proc/self/exe`
    /// started with the marker is a compile probe.
    static var programCarriesChild: Bool { CSegueProbeChild_carriedByProgram() == 1 }

    /// The child's first step: it dies with its parent (`PR_SET_PDEATHSIG`), and exits at once
    /// if the parent that started it (`parentVariable`) is already gone.
    static func dieWithParent() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        }
        if let expected = getenv(parentVariable).flatMap({ pid_t(String(cString: $0)) }), getppid() != expected {
            _exit(0)
        }
    }
}

/// The child side for a program started again as its own probe (CSegueProbeChild's constructor,
/// before the program's `main`): `runChild` with `SEGUE_COMPILE_CPU_SECONDS`'s budget. 0 when the
/// file stayed within the budget; 1 when it did not, the reason already written to the parent's
/// report descriptor by `runChild`. Not for calling from Swift.
@_cdecl("SegueRenderJobs_runCompileProbeChild")
public func _segueRenderJobsRunCompileProbeChild(_ name: UnsafePointer<CChar>, _ text: UnsafePointer<CChar>) -> Int32 {
    do {
        try ShaderCompileProbe(childArguments: [], cpuSeconds: ShaderCompileProbe.environmentCPUSeconds)
            .runChild(name: String(cString: name), text: String(cString: text))
        return 0
    } catch {
        return 1
    }
}
