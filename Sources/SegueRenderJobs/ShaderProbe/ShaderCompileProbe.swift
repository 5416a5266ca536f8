import Foundation
import SegueEffects
import SegueExport
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput

/// Compiles a user's transition file once in a child process under a CPU-time and memory budget,
/// before the calling process compiles it. A driver's compile cannot be interrupted or bounded
/// from inside the process that runs it, and its cost is not a function of the file that a
/// static check could bound: on llvmpipe 8 calls of a function filling a 64-float array compile
/// in 0.7 s, 16 calls of one filling a 32-float array for minutes. The child inherits this
/// process's environment, so Mesa's shader cache makes the second compile cheap.
///
/// The child is a program of the caller's (usually itself, `/proc/self/exe`: `thisProgram`, or
/// `segue` with a hidden command): it is started with `childArguments` followed by
/// `--name NAME`, gets the GLSL on its standard input, and calls
/// `ShaderCompileProbe.runChild(name:text:)` with this budget. A file passes only when the child
/// exits 0 having answered this check's nonce, so a program that is not a probe (`true`)
/// cannot approve one.
public struct ShaderCompileProbe: Sendable {
    /// The program that runs the child side.
    public var childExecutable: URL
    /// Its arguments before `--name NAME`.
    public var childArguments: [String]
    /// CPU seconds the child's compile and first frame may take (legitimate transitions take
    /// well under one), clamped to 1...600.
    public var cpuSeconds: Int { didSet { cpuSeconds = min(max(cpuSeconds, 1), 600) } }
    /// Address space the compile may add to the child's, once its GL context exists.
    public var memoryBytes: Int
    /// Wall-clock seconds the child may take, start-up and compile together, before it is killed
    /// with whatever it started: a child blocked without computing is never stopped by the CPU
    /// limit. nil: `SEGUE_COMPILE_WALL_SECONDS` (1...3600) if set, else 3 × `cpuSeconds` + 10.
    public var wallClockSeconds: Int?
    /// Whether the child is started with CSegueProbeChild's marker (`thisProgram`).
    var marksChild = false

    public init(
        childExecutable: URL = URL(fileURLWithPath: "/proc/self/exe"), childArguments: [String], cpuSeconds: Int = 10,
        memoryBytes: Int = 1 << 30
    ) {
        (self.childExecutable, self.childArguments) = (childExecutable, childArguments)
        self.cpuSeconds = min(max(cpuSeconds, 1), 600)
        self.memoryBytes = memoryBytes
    }

    /// `wallClockSeconds`, else the environment's, else the default, clamped to 1...3600.
    var effectiveWallClockSeconds: Int {
        let given = wallClockSeconds ?? ProcessInfo.processInfo.environment["SEGUE_COMPILE_WALL_SECONDS"].flatMap { Int($0) }
        return min(max(given ?? cpuSeconds * 3 + 10, 1), 3600)
    }

    /// Throws when the child ran out of its budget (or the driver crashed on the file). Compile
    /// errors are left to the caller's own compile, which reports them with their lines.
    public func check(text: String, name: String) throws(CompileBudgetError) {
        var environment = ProcessInfo.processInfo.environment
        environment[Self.parentVariable] = String(getpid())
        environment[Self.childMarker] = marksChild ? "1" : nil
        let nonce = Self.makeNonce()
        environment[Self.nonceVariable] = nonce
        // The descriptor the child answers on, or says why it failed; its standard output and
        // error are the driver's and the program's own words, logged below.
        environment[Self.reportVariable] = String(ProbeChildProcess.reportDescriptor)
        // The child limits itself to this probe's budget, whatever its own defaults.
        environment["SEGUE_COMPILE_CPU_SECONDS"] = String(cpuSeconds)
        // A child that runs out of memory crashes; Swift's backtracer would then start a process
        // of its own and symbolicate for minutes (seen in a test under load).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Registered with the interrupt cleanup, so an interrupted run kills it; it also dies with
        // this process (`dieWithParent`) when that is killed outright.
        var started: ProbeChildProcess?
        try InterruptCleanup.shared.startChild { () throws(CompileBudgetError) -> pid_t in
            do throws(ProbeChildProcess.SpawnFailure) {
                let child = try ProbeChildProcess(
                    executable: childExecutable.path, arguments: childArguments + ["--name", name], environment: environment)
                started = child
                return child.pid
            } catch { throw .childNotStarted(file: name, reason: error.reason) }
        }
        guard let child = started else { throw .childNotStarted(file: name, reason: "no process") }
        defer { InterruptCleanup.shared.childEnded(child.pid) }
        // A child blocked rather than computing (the CPU limit cannot end it) is killed, with
        // whatever it started, at the wall-clock limit.
        let wall = effectiveWallClockSeconds
        let ending = child.finish(writing: Array(text.utf8), wallSeconds: wall)
        let report = String(decoding: ending.report, as: UTF8.self)
        RenderingLog.logger.debug("compile probe of \(name): \(ending.signal == nil ? "exit" : "signal") \(ending.status)")
        if !ending.output.isEmpty {
            RenderingLog.logger.debug("compile probe of \(name) wrote: \(String(decoding: ending.output.suffix(2000), as: UTF8.self))")
        }
        if ending.timedOut { throw .wallClockExceeded(file: name, seconds: wall) }
        switch (ending.signal ?? 0, ending.status) {
        case (0, 0):
            guard report.contains(Self.answer(to: nonce)) else {
                throw .childUnanswered(file: name, program: childExecutable.path)
            }
        case (SIGXCPU, _), (SIGKILL, _):
            throw .cpuTimeExceeded(file: name, cpuSeconds: cpuSeconds)
        default:
            // The child's own reason when it gave one; else what it last wrote (a driver's
            // assertion before an abort).
            let detail = Self.lastLine(of: ending.report) ?? Self.lastLine(of: ending.output) ?? ""
            let ending = ending.signal.map { "signal \($0)" } ?? "status \(ending.status)"
            throw .compileFailed(file: name, memoryGiB: memoryBytes >> 30, cpuSeconds: cpuSeconds, ending: ending, detail: detail)
        }
    }

    /// The child side: limits this process to the budget, compiles `text` and renders one small
    /// frame. Returns whether or not the file compiles (the caller's own compile reports its
    /// errors); only running out of the budget (the kernel's SIGXCPU, or out of memory), or a
    /// driver crash, ends the process otherwise.
    public func runChild(name: String, text: String) throws {
        Self.dieWithParent()
        do {
            try compileWithinBudget(name: name, text: text)
        } catch {
            Self.report("\(error)")
            throw error
        }
        Self.report(Self.answerLine())
    }

    private func compileWithinBudget(name: String, text: String) throws {
        guard let source = try? GLTransitionSource.parse(text, name: name) else { return }
        // Without GL there is nothing to bound: the caller reports its own GL failure.
        var hasDevice = false
        do {
            try HeadlessEGLContext.withDevice { device in
                hasDevice = true
                guard let picture = try? RGBAImage(width: 2, height: 2, fill: [128, 128, 128, 255]) else { return }
                let from = try? device.makeTexture(image: picture), to = try? device.makeTexture(image: picture)
                let target = try? device.makeOffscreenTarget(width: 2, height: 2)
                // Released before the device is, so its release logs no leak into the parent's log.
                defer { from?.release(); to?.release(); target?.release() }
                guard let from, let to, let target else { return }
                // Limits start now: the context's own start-up (a GPU driver maps a lot) is not the file's.
                Self.limit(RLIMIT_AS, to: Self.addressSpace() + memoryBytes)
                Self.limit(RLIMIT_CPU, to: Self.cpuSecondsUsed() + cpuSeconds)
                guard let effect = try? GLTransitionEffect(device: device, source: source, from: from, to: to) else { return }
                defer { effect.release() }
                effect.progress = 0.5
                try effect.render(into: target)
                _ = try target.readImage()
            }
        } catch _ where !hasDevice { return }
    }

    /// Lowers the soft limit to `soft` (and the hard one just above it, so a process ignoring
    /// SIGXCPU is killed); a limit already tighter is kept.
    private static func limit(_ resource: __rlimit_resource, to soft: Int) {
        let kind = __rlimit_resource_t(resource.rawValue)
        var existing = rlimit()
        getrlimit(kind, &existing)
        // RLIM_INFINITY is all ones, above every finite limit.
        let wanted = rlim_t(soft)
        guard existing.rlim_cur > wanted else { return }
        var value = rlimit(rlim_cur: wanted, rlim_max: min(existing.rlim_max, wanted + 1))
        setrlimit(kind, &value)
    }

    /// Bytes of address space mapped now (/proc/self/statm's first field, in pages).
    private static func addressSpace() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        return (Int(statm.split(separator: " ").first ?? "") ?? 0) * sysconf(Int32(_SC_PAGESIZE))
    }

    private static func cpuSecondsUsed() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1
    }
}

/// Why a user's transition file was refused before the calling process compiled it.
public enum CompileBudgetError: Error, Equatable, CustomStringConvertible {
    /// The child's compile used up its CPU seconds.
    case cpuTimeExceeded(file: String, cpuSeconds: Int)
    /// The child was still running after its wall-clock seconds (`SEGUE_COMPILE_WALL_SECONDS`),
    /// blocked or too slow, and was killed with what it had started.
    case wallClockExceeded(file: String, seconds: Int)
    /// The child ended otherwise than with status 0: out of memory, or the driver crashed.
    /// `ending`: `status N` or `signal N`; `detail`: the reason the child reported, else its last
    /// line of output, if any.
    case compileFailed(file: String, memoryGiB: Int, cpuSeconds: Int, ending: String, detail: String)
    /// The child program could not be started at all.
    case childNotStarted(file: String, reason: String)
    /// The child exited 0 without the answer to its check's nonce: not a compile probe of Segue's.
    case childUnanswered(file: String, program: String)

    public var description: String {
        switch self {
        case let .cpuTimeExceeded(file, cpuSeconds):
            "\(file): compiling this transition took more than \(cpuSeconds) s of CPU, the compile budget; "
                + "simplify its arrays, loops and function calls"
        case let .compileFailed(file, memoryGiB, cpuSeconds, ending, detail):
            "\(file): the driver failed compiling this transition within the compile budget of "
                + "\(memoryGiB) GiB and \(cpuSeconds) s of CPU (the compile ended with \(ending))"
                + (detail.isEmpty ? "" : ": \(detail)")
        case let .wallClockExceeded(file, seconds):
            "\(file): the compile budget's child ran for more than \(seconds) s of wall-clock time "
                + "(SEGUE_COMPILE_WALL_SECONDS) and was stopped; the file was not loaded"
        case let .childNotStarted(file, reason):
            "\(file): the compile budget's child process could not start: \(reason)"
        case let .childUnanswered(file, program):
            "\(file): the compile budget's child, \(program), ended without a compile probe's answer, so it is not one"
        }
    }
}
