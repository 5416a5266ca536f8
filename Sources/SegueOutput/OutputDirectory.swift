import Foundation

/// Writes a set of files into a directory all at once: files go to a hidden staging
/// directory beside it (`.DIR.partial-PID`), and only when everything succeeded do they replace
/// the previous outputs. A failure, or an interrupt (see `InterruptCleanup`), leaves the
/// destination as it was and removes the staging directory.
///
/// Only what Segue wrote before is ever replaced: each commit records its file names in a
/// manifest (`.segue-output`) in the folder. Anything else there that looks like an output
/// (a user's `frame-holiday-photo.png`, a folder or link named `frame-x.png`) makes the run
/// refuse before rendering, and is never touched.
public struct OutputDirectory {
    public static let manifestName = ".segue-output"
    private static let manifestHeader = "# files written by segue; replaced by its next run into this folder"

    public let destination: URL
    public let staging: URL
    /// File names this command writes in `destination` (earlier ones are replaced on commit).
    let ownsFile: (String) -> Bool
    /// Where the staging folder is registered while it exists.
    let cleanup: InterruptCleanup
    /// Told the folder when another run holds its lock and this one waits for it.
    let onWaitingForLock: ((URL) -> Void)?
    /// Asked under the folder's lock, before anything moves: an error to refuse the commit
    /// with (a gallery that another run finished there while this one waited is not replaced).
    public var refusesCommit: ((URL) -> OutputError?)?
    /// Writes a manifest (a seam for tests that make it fail; atomic by default).
    var writeManifestFile: (Data, URL) throws -> Void = { try $0.write(to: $1, options: .atomic) }

    /// `cleanup`: where the staging folder is registered, so an interrupt removes it (the
    /// program's `InterruptCleanup.shared` unless a caller — a test — gives its own).
    public init(
        path: String, ownsFile: @escaping (String) -> Bool, onWaitingForLock: ((URL) -> Void)? = nil,
        cleanup: InterruptCleanup = .shared
    ) throws(OutputError) {
        self.cleanup = cleanup
        destination = try OutputPath.resolve(path)
        self.ownsFile = ownsFile
        self.onWaitingForLock = onWaitingForLock
        // Everything that would stop the commit is checked now, before any frame is rendered.
        let kind = OutputFiles.kind(destination.path)
        if kind != .missing && !OutputFiles.isDirectory(destination.path) {
            throw OutputError("write frames into", path: destination.path,
                              reason: "it is \(OutputFiles.describe(kind)), not a folder (--out names a folder for PNG frames)")
        }
        if kind != .missing { try Self.checkOwnership(of: destination, ownsFile: ownsFile, adding: []) }
        let parent = destination.deletingLastPathComponent()
        try OutputFiles.createDirectories(parent, purpose: "the folder for the output")
        InterruptCleanup.sweepStale(besides: destination)
        staging = parent.appendingPathComponent(".\(destination.lastPathComponent).partial-\(getpid())")
        try OutputFiles.removeTree(staging, purpose: "an old staging folder")
        let staging = staging
        try cleanup.withoutInterruption { () throws(OutputError) in
            cleanup.register(staging)
            guard mkdir(staging.path, 0o755) == 0 else {
                let reason = OutputError.errnoReason()
                cleanup.unregister(staging)
                throw OutputError("create the staging folder", path: staging.path, reason: reason)
            }
        }
        try checkRoom()
    }

    /// Fails at once, naming the destination, when its file system is full (`OutputFiles.hasRoom`,
    /// tried on a scratch file in the staging folder), rather than after the first frame is rendered.
    private func checkRoom() throws(OutputError) {
        let probe = staging.appendingPathComponent(".room")
        let descriptor = open(probe.path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let room = OutputFiles.hasRoom(descriptor)
        close(descriptor)
        unlink(probe.path)
        guard !room else { return }
        discard()
        throw .noSpace(writing: "files", path: destination.path)
    }

    public func stagedPath(_ name: String) -> String { staging.appendingPathComponent(name).path }
    public func finalPath(_ name: String) -> String { destination.appendingPathComponent(name).path }

    /// Moves the staged files into place, first removing the earlier outputs the manifest lists
    /// (so a shorter run does not leave stale frames behind). An interrupt waits for it to finish.
    /// Everything that can fail for want of space (the manifests) is written before the first
    /// file moves: a failure leaves nothing of this run in the destination.
    public func commit() throws(OutputError) {
        let staged = try OutputFiles.contents(of: staging, purpose: "the staging folder").filter { $0 != Self.manifestName }
        // A new folder: the staging folder, manifest included, becomes it in one rename.
        if OutputFiles.kind(destination.path) == .missing {
            try writeManifest(Set(staged), in: staging)
            let done = cleanup.withoutInterruption { () -> Bool in
                guard rename(staging.path, destination.path) == 0 else { return false }
                cleanup.unregister(staging)
                return true
            }
            if done { return }
            // Another run made the folder meanwhile: commit into it as into any existing one.
            try OutputFiles.removeFile(staging.appendingPathComponent(Self.manifestName), purpose: "a staged manifest")
        }
        // Two runs into one folder commit one after the other, so the folder ends up holding
        // one run's outputs whole. Taken before the interrupt guard: an interrupt while waiting
        // still cleans up at once.
        let folderLock = try FolderLock(destination, onWaiting: onWaitingForLock)
        defer { folderLock.release() }
        if let refusal = refusesCommit?(destination) { throw refusal }
        try cleanup.withoutInterruption { () throws(OutputError) in
            let previous = try Self.checkOwnership(of: destination, ownsFile: ownsFile, adding: staged)
            // Another command's outputs in the same folder (`samples` beside frames) stay listed.
            let others = try Self.readManifest(in: destination).filter {
                !ownsFile($0) && !staged.contains($0) && OutputFiles.kind(destination.appendingPathComponent($0).path) == .file
            }
            // The final list is staged, and both sets recorded in the folder, before anything moves:
            // whatever an abrupt end leaves in the folder is listed.
            try writeManifest(others.union(staged), in: staging)
            try writeManifest(others.union(previous).union(staged), in: destination)
            for name in previous where !staged.contains(name) {
                try OutputFiles.removeFile(destination.appendingPathComponent(name), purpose: "an earlier output")
            }
            for name in staged + [Self.manifestName] {
                try OutputFiles.move(staging.appendingPathComponent(name), to: destination.appendingPathComponent(name),
                                     purpose: "a rendered file")
            }
            try OutputFiles.removeTree(staging, purpose: "the staging folder")
            cleanup.unregister(staging)
        }
    }

    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        cleanup.unregister(staging)
    }

    /// Runs `body` with a staging directory for `path` and commits what it wrote, or discards
    /// it all if `body` throws. `ownsFile` names the outputs a commit may replace.
    public static func produce<T>(
        at path: String, ownsFile: @escaping (String) -> Bool, onWaitingForLock: ((URL) -> Void)? = nil,
        cleanup: InterruptCleanup = .shared, refusing: ((URL) -> OutputError?)? = nil, _ body: (OutputDirectory) throws -> T
    ) throws -> T {
        var output = try OutputDirectory(path: path, ownsFile: ownsFile, onWaitingForLock: onWaitingForLock, cleanup: cleanup)
        output.refusesCommit = refusing
        do {
            let result = try body(output)
            try output.commit()
            return result
        } catch {
            output.discard()
            // A full disk, said by whichever writer met it in the staging folder (libpng, ffmpeg),
            // names the folder the user asked for.
            if "\(error)".lowercased().contains(OutputError.noSpaceReason) {
                throw OutputError.noSpace(writing: "files", path: output.destination.path)
            }
            throw error
        }
    }

    /// `frame-0042.png`: four digits at least, so that names sort in frame order; a frame
    /// sequence's names, which `isFrameOutput` owns.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Frame sequences: `frame-NNNN.png` and `contact-sheet.png`.
    public static func isFrameOutput(_ name: String) -> Bool {
        (name.hasPrefix("frame-") && name.hasSuffix(".png")) || name == "contact-sheet.png"
    }

    // MARK: - Ownership

    /// The earlier outputs in `folder` that the manifest lists and that are still plain files
    /// (so they may be replaced). Throws when anything that looks like an output, or has the
    /// name of a file about to be written, is not one of them.
    @discardableResult
    static func checkOwnership(of folder: URL, ownsFile: (String) -> Bool, adding: [String]) throws(OutputError) -> [String] {
        let listed = try readManifest(in: folder)
        var previous: [String] = []
        var foreign: [String] = []
        for name in try OutputFiles.contents(of: folder, purpose: "the output folder").sorted()
        where ownsFile(name) || adding.contains(name) {
            let kind = OutputFiles.kind(folder.appendingPathComponent(name).path)
            if listed.contains(name) && kind == .file {
                previous.append(name)
            } else {
                foreign.append(kind == .file ? name : "\(name) (\(OutputFiles.describe(kind)))")
            }
        }
        guard foreign.isEmpty else {
            let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? " and \(foreign.count - 5) more" : "")
            throw OutputError("write frames into", path: folder.path, reason:
                "it holds \(foreign.count == 1 ? "an entry" : "entries") named like Segue's output that Segue did not write "
                + "(\(shown)); they were left untouched: move them away or choose another --out")
        }
        return previous
    }

    /// Names recorded by the last commit into `folder`; none when there is no manifest. Only
    /// plain names are accepted, so an edited manifest cannot point outside the folder.
    private static func readManifest(in folder: URL) throws(OutputError) -> Set<String> {
        let url = folder.appendingPathComponent(manifestName)
        guard OutputFiles.kind(url.path) == .file else { return [] }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw OutputError("read Segue's list of earlier outputs", path: url.path, error: error)
        }
        return Set(text.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("#") && !$0.contains("/") && $0 != "." && $0 != ".."
        })
    }

    private func writeManifest(_ names: Set<String>, in folder: URL) throws(OutputError) {
        let url = folder.appendingPathComponent(Self.manifestName)
        let text = ([Self.manifestHeader] + names.sorted()).joined(separator: "\n") + "\n"
        do {
            try writeManifestFile(Data(text.utf8), url)
        } catch {
            throw OutputError("write Segue's list of outputs", path: url.path, error: error)
        }
    }
}

/// An exclusive advisory lock (flock) on a folder, held until `release` or the process ends.
struct FolderLock {
    private let descriptor: Int32

    init(_ folder: URL, onWaiting: ((URL) -> Void)?) throws(OutputError) {
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputError("lock the output folder", path: folder.path, reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            onWaiting?(folder)
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw OutputError("lock the output folder", path: folder.path, reason: reason)
                }
            }
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
