import Foundation
import SegueEffects
import SegueOutput

extension ShaderCompileProbe {
    /// The budget's CPU seconds, from `SEGUE_COMPILE_CPU_SECONDS` (1...600, default 10): the one
    /// place its figure is set, for the command line's probe and the library's alike.
    public static var environmentCPUSeconds: Int { cpuSeconds(in: ProcessInfo.processInfo.environment) }

    static func cpuSeconds(in environment: [String: String]) -> Int {
        environment["SEGUE_COMPILE_CPU_SECONDS"].flatMap { Int($0) } ?? 10
    }

    /// The name of the child program for a process that does not carry the probe itself (the
    /// package's `segue-compile-probe` product).
    public static let childProgramName = "segue-compile-probe"

    /// The probe whose child is this program itself: `/proc/self/exe` started again, whose
    /// CSegueProbeChild constructor compiles the file before the program's `main` runs. Every
    /// program this module is linked into carries it (a user's executable, `swift test`'s bundle),
    /// so it needs nothing built, installed or found. Nil when this module lives in a shared
    /// library instead (a Python or C host's libsegue.so), whose program knows nothing of it.
    public static func thisProgram(cpuSeconds: Int = environmentCPUSeconds, memoryBytes: Int = 1 << 30) -> ShaderCompileProbe? {
        guard programCarriesChild else { return nil }
        var probe = ShaderCompileProbe(childArguments: [], cpuSeconds: cpuSeconds, memoryBytes: memoryBytes)
        probe.marksChild = true
        return probe
    }

    /// A child program named in `environment` or found for a process that does not carry the
    /// probe: `SEGUE_COMPILE_PROBE`, else `segue-compile-probe` beside this program, else on PATH.
    public static func locateChildProgram(environment: [String: String]) -> URL? {
        if let named = environment["SEGUE_COMPILE_PROBE"], !named.isEmpty { return URL(fileURLWithPath: named) }
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return ProgramSearch.find(childProgramName, path: own.path + ":" + (environment["PATH"] ?? ""))
    }

    /// The child program for this process's environment (`locateChildProgram(environment:)`).
    public static func locateChildProgram() -> URL? {
        locateChildProgram(environment: ProcessInfo.processInfo.environment)
    }

    /// The probe `installDefaultIfNeeded` installs, with `environment`'s budget: the program
    /// `SEGUE_COMPILE_PROBE` names if it is set, else this program itself (`thisProgram`), else a
    /// `segue-compile-probe` beside this program or on PATH. Nil when there is none.
    public static func defaultProbe(environment: [String: String] = ProcessInfo.processInfo.environment) -> ShaderCompileProbe? {
        let cpuSeconds = cpuSeconds(in: environment)
        if environment["SEGUE_COMPILE_PROBE"].map({ !$0.isEmpty }) != true, let probe = thisProgram(cpuSeconds: cpuSeconds) {
            return probe
        }
        return locateChildProgram(environment: environment).map {
            ShaderCompileProbe(childExecutable: $0, childArguments: [], cpuSeconds: cpuSeconds)
        }
    }

    /// Makes this probe the compile budget of every user's file read after this
    /// (`UserTransitionFile`): render, play, edit, the gallery and the library's renderer.
    public func install() {
        UserTransitionFile.install { text, name in try self.check(text: text, name: name) }
    }

    /// Installs the library's default probe (`defaultProbe()`) unless a budget is installed.
    /// Without one a user's file is refused (`CompileBudgetError.childNotStarted`), never
    /// compiled without a budget.
    public static func installDefaultIfNeeded() {
        guard !UserTransitionFile.hasBudget else { return }
        guard let probe = defaultProbe() else {
            UserTransitionFile.install { _, name in
                throw CompileBudgetError.childNotStarted(
                    file: name, reason: "Segue is not linked into this program, and there is no \(childProgramName) program "
                        + "(put it on PATH or name it in SEGUE_COMPILE_PROBE)")
            }
            return
        }
        probe.install()
    }
}
