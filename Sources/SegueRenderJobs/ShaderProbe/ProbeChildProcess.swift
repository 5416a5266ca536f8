import Foundation
import SegueExport
import SegueOutput
#if canImport(Glibc)
import Glibc
#endif

/// The compile probe's child as a process of its own, started with `posix_spawn` rather than
/// Foundation's `Process`, so that every descriptor is this type's to close and the wall-clock
/// limit reaches the whole child: each check used to leave a pipe's end open in a library's host
/// (100 loads: 112 descriptors more), and a child that started a program of its own (a script's
/// `sleep`) kept the output open past the watchdog's kill, so the check waited on it.
///
/// The child leads a process group of its own (killed whole at the limit, and at the end, so
/// nothing it started outlives the check); its standard input is the file's text, its standard
/// output and error one pipe (what a driver says), descriptor 3 (`reportDescriptor`) a pipe of
/// its own for the probe's protocol (the answer, or why it failed), so the library's child side
/// never writes to a standard descriptor; its signal mask is empty and the signals a compile ends
/// with are at their defaults, whatever the host's.
struct ProbeChildProcess {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let report: Int32

    /// The descriptor the child reports on, named to it in `ShaderCompileProbe.reportVariable`.
    static let reportDescriptor: Int32 = 3

    /// How the child ended: `signal` when a signal ended it, else its exit status; `output`: what
    /// it wrote on its standard output and error; `report`: what it wrote on `reportDescriptor`;
    /// `timedOut`: it was killed at the wall-clock limit.
    struct Ending {
        var signal: Int32?
        var status: Int32
        var output: [UInt8]
        var report: [UInt8]
        var timedOut: Bool
    }

    /// Starts `executable` with `arguments` (its argv[1...]) and `environment`; throws the
    /// reason it could not (`strerror`'s words).
    init(executable: String, arguments: [String], environment: [String: String]) throws(SpawnFailure) {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], reportPipe: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&inPipe) == 0 else { throw SpawnFailure(errno) }
        guard Self.closeOnExecPipe(&outPipe) == 0 else {
            let error = errno
            inPipe.forEach { close($0) }
            throw SpawnFailure(error)
        }
        guard Self.closeOnExecPipe(&reportPipe) == 0 else {
            let error = errno
            (inPipe + outPipe).forEach { close($0) }
            throw SpawnFailure(error)
        }
        // A host whose standard descriptors are closed gets pipes among 0...3: moved above the
        // child's four, so the child's dup2s cannot overwrite one another.
        for index in 0..<2 {
            inPipe[index] = Self.aboveChildDescriptors(inPipe[index])
            outPipe[index] = Self.aboveChildDescriptors(outPipe[index])
            reportPipe[index] = Self.aboveChildDescriptors(reportPipe[index])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, reportPipe[1], Self.reportDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t(), defaults = sigset_t()
        sigemptyset(&mask)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGXCPU, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // The child's ends are the child's: closed here whether or not it started.
        close(inPipe[0])
        close(outPipe[1])
        close(reportPipe[1])
        guard result == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            close(reportPipe[0])
            throw SpawnFailure(result)
        }
        (self.pid, input, output, report) = (pid, inPipe[1], outPipe[0], reportPipe[0])
    }

    struct SpawnFailure: Error {
        let reason: String
        init(_ code: Int32) { reason = String(cString: strerror(code)) }
    }

    /// pipe2(O_CLOEXEC) (found at run time: Glibc's module does not offer it), so no other
    /// thread's child inherits the pipe; pipe and FD_CLOEXEC where it is missing.
    private static func closeOnExecPipe(_ fds: inout [Int32]) -> Int32 {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
            return unsafeBitCast(symbol, to: Pipe2.self)(&fds, O_CLOEXEC)
        }
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    private static func aboveChildDescriptors(_ fd: Int32) -> Int32 {
        guard fd >= 0, fd <= reportDescriptor else { return fd }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, reportDescriptor + 1)
        guard moved >= 0 else { return fd }
        close(fd)
        return moved
    }

    /// Writes `text` to the child's input and reads its output and report until it has exited, at
    /// most `wallSeconds`; then kills its process group (what it left running, or all of it at
    /// the limit), reaps it and closes the pipes. Neither a child that never reads its input nor
    /// one that never exits can hold this longer than the limit.
    func finish(writing text: [UInt8], wallSeconds: Int) -> Ending {
        for fd in [input, output, report] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(wallSeconds) * 1_000_000_000
        var collected: [UInt8] = [], reported: [UInt8] = [], written = 0
        var inputOpen = true, outputOpen = true, reportOpen = true, timedOut = false
        if text.isEmpty {
            close(input)
            inputOpen = false
        }
        while !exited() {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                timedOut = true
                break
            }
            var fds: [pollfd] = []
            if outputOpen { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if reportOpen { fds.append(pollfd(fd: report, events: Int16(POLLIN), revents: 0)) }
            if inputOpen { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            // Short slices once both pipes are done: the child is ending, and is looked at again.
            let slice = fds.isEmpty ? 2 : 50
            _ = poll(&fds, nfds_t(fds.count), Int32(min(Int((deadline - now) / 1_000_000) + 1, slice)))
            if outputOpen { outputOpen = drain(output, into: &collected) }
            if reportOpen { reportOpen = drain(report, into: &reported) }
            if inputOpen {
                let wrote = text.withUnsafeBytes { BrokenPipe.write(input, $0.baseAddress! + written, text.count - written) }
                if wrote > 0 { written += wrote }
                if written == text.count || (wrote < 0 && errno != EAGAIN && errno != EINTR) {
                    close(input)
                    inputOpen = false
                }
            }
        }
        // Whatever the group still runs (a child's own children, or the child at the limit).
        InterruptCleanup.killGroup(of: pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if outputOpen { _ = drain(output, into: &collected) }
        if reportOpen { _ = drain(report, into: &reported) }
        if inputOpen { close(input) }
        close(output)
        close(report)
        let signal = status & 0x7f
        return Ending(signal: signal == 0 ? nil : signal, status: signal == 0 ? (status >> 8) & 0xff : signal,
                      output: collected, report: reported, timedOut: timedOut)
    }

    /// Whether the child has exited, leaving it unreaped (a zombie keeps its process group's id
    /// from being reused until the group is killed).
    private func exited() -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Reads what the pipe `fd` holds now; false at its end.
    private func drain(_ fd: Int32, into collected: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got > 0 {
                collected += buffer[0..<got]
                // The child's last lines are what the check reads: a chatty one is kept short.
                if collected.count > 1 << 20 { collected.removeFirst(collected.count - (1 << 19)) }
                continue
            }
            if got < 0 && errno == EINTR { continue }
            return got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
    }
}
