import Foundation
import SegueExport
import SegueImage
import Testing
import SegueTesting

/// A full disk stops the export at the first packet that does not fit (issue 21 item 10): a
/// WebM on a full tmpfs used to fail only when ffmpeg flushed a 32 KB buffer or a cluster,
/// after about a third of this export; now within the encoder's lookahead.
@Suite("TransitionExporter: full disk (tmpfs, root)", .enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"), .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct FullDiskTests {
    @Test func aFullDiskFailsAtTheFirstPacketWithNoPartialFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Tmpfs.mount(dir, size: "256k"))
        defer { Tmpfs.unmount(dir) }
        // Full before the export starts, as in the report; creating an empty file still works.
        let filler = open(dir.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o644)
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        let from = try SampleImages.from(width: 640, height: 360), to = try SampleImages.to(width: 640, height: 360)
        var framesDone = 0
        do {
            _ = try withDevice { device in
                let exporter = try TransitionExporter(device: device, settings: ExportSettings(format: .webm, width: 640, height: 360))
                exporter.onProgress = { framesDone = $0.framesDone }
                return try exporter.export(.pictures(from: from, to: to, frames: 600), to: dir.appendingPathComponent("x.webm").path,
                                           effect: pixelDissolve)
            }
            Issue.record("the export succeeded on a full disk")
        } catch let error as ExportError {
            guard case .encoderFailed(_, let log) = error else { Issue.record("\(error)"); return }
            #expect(log.contains("No space left on device"), "\(log)")
        }
        // VP9 holds 25 frames back and two more wait in the pipeline: the first packet comes
        // out near frame 30. Before, about 190 frames were rendered before the error.
        #expect(framesDone < 100, "\(framesDone) of 600 frames were rendered before the full disk was reported")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "filler" } == [])
    }
}

/// Mounting a small tmpfs for a test (root only).
enum Tmpfs {
    /// Whether this process may mount a tmpfs (tried once on a scratch folder).
    static let canMount: Bool = {
        guard getuid() == 0, let dir = try? temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        guard mount(dir, size: "16k") else { return false }
        unmount(dir)
        return true
    }()

    @discardableResult
    static func mount(_ dir: URL, size: String) -> Bool {
        run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", dir.path])
    }

    static func unmount(_ dir: URL) { run("/bin/umount", [dir.path]) }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
