import Foundation
import SegueExport
import SegueTesting

/// A folder of stand-in tools for the export tests: shell scripts named ffmpeg or ffprobe that
/// hang, die or misbehave on purpose, beside (optionally) links to the real tools.
public struct FakeTools {
    public let dir: URL

    public init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(at: dir) }

    /// Writes `tool` as a shell script with `body`, executable unless `executable` is false.
    public func script(_ tool: String, _ body: String, executable: Bool = true) throws {
        try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: dir.appendingPathComponent(tool), executable: executable)
    }

    /// Links `tool` to the real one on PATH.
    public func real(_ tool: String) throws {
        let real = try FFmpegTools.locate().ffmpeg.deletingLastPathComponent().appendingPathComponent(tool)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(tool).path, withDestinationPath: real.path)
    }

    public func tools(stallTimeout: Double = 60) throws -> FFmpegTools {
        var tools = try FFmpegTools(ffmpegPath: dir.appendingPathComponent("ffmpeg").path)
        tools.stallTimeout = stallTimeout
        return tools
    }

    /// The process id a script wrote to `name` in the folder (`echo $$ > …`), once it has.
    public func pid(in name: String) -> pid_t? {
        (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

/// Whether `pid` has exited (gone, or a zombie left for init to reap), waiting up to about 5 s
/// for a process that was just killed to die.
public func hasExited(_ pid: pid_t) -> Bool {
    for _ in 0..<500 {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = text.lastIndex(of: ")") else { return true }
        if text[text.index(after: paren)...].first(where: { $0 != " " }) == "Z" { return true }
        usleep(10_000)
    }
    return false
}
