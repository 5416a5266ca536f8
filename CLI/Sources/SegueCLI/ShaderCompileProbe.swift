import ArgumentParser
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless

/// Compiles a user's transition file once in a child process under a CPU-time and memory budget,
/// before this process compiles it. A driver's compile cannot be interrupted or bounded from
/// inside the process that runs it, and its cost is not a function of the file that a static
/// check could bound: on llvmpipe 8 calls of a function filling a 64-float array compile in
/// 0.7 s, 16 calls of one filling a 32-float array for minutes. The child inherits this
/// process's environment, so Mesa's shader cache makes the second compile cheap.
enum ShaderCompileProbe {
    /// CPU seconds the child's compile and first frame may take (legitimate transitions take
    /// well under one); `SEGUE_COMPILE_CPU_SECONDS` overrides it (1...600).
    static var cpuSeconds: Int {
        let given = ProcessInfo.processInfo.environment["SEGUE_COMPILE_CPU_SECONDS"].flatMap { Int($0) }
        return given.map { min(max($0, 1), 600) } ?? 10
    }
    /// Address space the compile may add to the child's, once its GL context exists.
    static let memoryBytes = 1 << 30
    static let commandName = "__compile-probe"

    /// Throws a `CompileBudgetError` naming the file and the budget when the child ran out of it (or the
    /// driver crashed on the file). Compile errors are left to the caller's own compile, which
    /// reports them with their lines.
    static func check(text: String, name: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = [commandName, "--name", name]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // The child reads all of its input before compiling, so writing it cannot block for long.
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        // A child blocked rather than computing (the CPU limit cannot end it) is killed after a
        // generous wall-clock time.
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(cpuSeconds * 3 + 10), execute: watchdog)
        let log = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return
        case (.uncaughtSignal, SIGXCPU), (.uncaughtSignal, SIGKILL):
            throw CompileBudgetError.cpuTimeExceeded(file: name, cpuSeconds: cpuSeconds)
        default:
            let detail = String(decoding: log.suffix(300), as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            let ending = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            throw CompileBudgetError.compileFailed(
                file: name, memoryGiB: memoryBytes >> 30, cpuSeconds: cpuSeconds, ending: ending, detail: detail)
        }
    }
}

/// Why a user's transition file was refused before this process compiled it.
enum CompileBudgetError: Error, Equatable, CustomStringConvertible {
    /// The child's compile used up its CPU seconds (or was killed by the wall-clock watchdog).
    case cpuTimeExceeded(file: String, cpuSeconds: Int)
    /// The child ended otherwise than with status 0: out of memory, or the driver crashed.
    /// `ending`: `status N` or `signal N`; `detail`: the child's last line of output, if any.
    case compileFailed(file: String, memoryGiB: Int, cpuSeconds: Int, ending: String, detail: String)

    var description: String {
        switch self {
        case let .cpuTimeExceeded(file, cpuSeconds):
            "\(file): compiling this transition took more than \(cpuSeconds) s of CPU, the compile budget; "
                + "simplify its arrays, loops and function calls"
        case let .compileFailed(file, memoryGiB, cpuSeconds, ending, detail):
            "\(file): the driver failed compiling this transition within the compile budget of "
                + "\(memoryGiB) GiB and \(cpuSeconds) s of CPU (the compile ended with \(ending))"
                + (detail.isEmpty ? "" : ": \(detail)")
        }
    }
}

/// The child side of `ShaderCompileProbe`: reads a transition on stdin, limits itself, compiles
/// it and renders one small frame. Exit 0 whether or not the file compiles (the caller's own
/// compile reports its errors); only running out of the budget, or a driver crash, is not.
struct CompileProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: ShaderCompileProbe.commandName, shouldDisplay: false)

    @Option var name: String

    func run() throws {
        let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        guard let source = try? GLTransitionSource.parse(text, name: name) else { return }
        // Without GL there is nothing to bound: the caller reports its own GL failure.
        guard let context = try? HeadlessEGLContext() else { return }
        defer { context.release() }
        guard let device = try? GLDevice(context: context) else { return }
        defer { device.release() }
        guard let picture = try? RGBAImage(width: 2, height: 2, fill: [128, 128, 128, 255]),
            let from = try? device.makeTexture(image: picture), let to = try? device.makeTexture(image: picture),
            let target = try? device.makeOffscreenTarget(width: 2, height: 2)
        else { return }
        // Limits start now: the context's own start-up (a GPU driver maps a lot) is not the file's.
        Self.limit(RLIMIT_AS, to: Self.addressSpace() + ShaderCompileProbe.memoryBytes)
        Self.limit(RLIMIT_CPU, to: Self.cpuSecondsUsed() + ShaderCompileProbe.cpuSeconds)
        guard let effect = try? GLTransitionEffect(device: device, source: source, from: from, to: to) else { return }
        effect.progress = 0.5
        try effect.render(into: target)
        _ = try target.readImage()
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
