import Foundation

/// Writes a set of files into a directory all at once: files go to a hidden staging
/// directory beside it, and only when everything succeeded do they replace the previous
/// outputs. A failure leaves the destination as it was and removes the staging directory.
struct OutputDirectory {
    let destination: URL
    let staging: URL
    /// File names this command owns in `destination` (replaced on commit).
    let ownsFile: (String) -> Bool

    init(path: String, ownsFile: @escaping (String) -> Bool) throws {
        destination = URL(fileURLWithPath: path).standardizedFileURL
        self.ownsFile = ownsFile
        let parent = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        staging = parent.appendingPathComponent(".\(destination.lastPathComponent).partial-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
    }

    func stagedPath(_ name: String) -> String { staging.appendingPathComponent(name).path }
    func finalPath(_ name: String) -> String { destination.appendingPathComponent(name).path }

    /// Moves the staged files into place, first removing earlier outputs this command owns
    /// (so a shorter run does not leave stale frames behind).
    func commit() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: destination.path) where ownsFile(name) {
            try manager.removeItem(at: destination.appendingPathComponent(name))
        }
        for name in try manager.contentsOfDirectory(atPath: staging.path) {
            try manager.moveItem(at: staging.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
        try manager.removeItem(at: staging)
    }

    func discard() { try? FileManager.default.removeItem(at: staging) }

    /// Runs `body` with a staging directory for `path` and commits what it wrote, or discards
    /// it all if `body` throws. `ownsFile` names the earlier outputs a commit replaces.
    static func produce<T>(
        at path: String, ownsFile: @escaping (String) -> Bool, _ body: (OutputDirectory) throws -> T
    ) throws -> T {
        let output = try OutputDirectory(path: path, ownsFile: ownsFile)
        do {
            let result = try body(output)
            try output.commit()
            return result
        } catch {
            output.discard()
            throw error
        }
    }

    /// Frame sequences: `frame-NNNN.png` and `contact-sheet.png`.
    static func isFrameOutput(_ name: String) -> Bool {
        (name.hasPrefix("frame-") && name.hasSuffix(".png")) || name == "contact-sheet.png"
    }
}
