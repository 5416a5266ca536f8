import Foundation
import SegueEffects
import SegueOutput
#if canImport(Glibc)
import Glibc
#endif

extension ShaderCompileProbe {
    /// The budget's CPU seconds, from `SEGUE_COMPILE_CPU_SECONDS` (1...600, default 10): the one
    /// place its figure is set, for the command line's probe and the library's alike.
    public static var environmentCPUSeconds: Int {
        ProcessInfo.processInfo.environment["SEGUE_COMPILE_CPU_SECONDS"].flatMap { Int($0) } ?? 10
    }

    /// The name of the child program a library user's process runs (the package's
    /// `segue-compile-probe` product).
    public static let childProgramName = "segue-compile-probe"

    /// The child program for a process that is not `segue` itself: `SEGUE_COMPILE_PROBE`, else
    /// `segue-compile-probe` beside this program (as SwiftPM builds them), else on PATH.
    public static func locateChildProgram() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["SEGUE_COMPILE_PROBE"], !named.isEmpty { return URL(fileURLWithPath: named) }
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return ProgramSearch.find(childProgramName, path: own.path + ":" + (environment["PATH"] ?? ""))
    }

    /// Makes this probe the compile budget of every user's file read after this
    /// (`UserTransitionFile`): render, play, edit, the gallery and the library's renderer.
    public func install() {
        UserTransitionFile.install { text, name in try self.check(text: text, name: name) }
    }

    /// Installs the library's default probe unless a budget is installed: the child program
    /// `locateChildProgram()` finds, with the environment's budget. Without one a user's file is
    /// refused (`CompileBudgetError.childNotStarted`), never compiled without a budget.
    public static func installDefaultIfNeeded() {
        guard !UserTransitionFile.hasBudget else { return }
        guard let child = locateChildProgram() else {
            UserTransitionFile.install { _, name in
                throw CompileBudgetError.childNotStarted(
                    file: name, reason: "no \(childProgramName) program (build the package's \(childProgramName) product, "
                        + "put it on PATH or name it in SEGUE_COMPILE_PROBE)")
            }
            return
        }
        ShaderCompileProbe(childExecutable: child, childArguments: [], cpuSeconds: environmentCPUSeconds).install()
    }

    /// The child's first step: it dies with its parent (`PR_SET_PDEATHSIG`), and exits at once
    /// if the parent that started it (`parentVariable`) is already gone.
    static func dieWithParent() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        }
        if let expected = ProcessInfo.processInfo.environment[parentVariable].flatMap({ pid_t($0) }), getppid() != expected {
            _exit(0)
        }
    }

    /// The variable that tells the child its parent's process id.
    static let parentVariable = "SEGUE_COMPILE_PROBE_PARENT"
}
