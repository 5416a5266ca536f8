import Foundation
import SegueImage
import SegueTesting
import Testing

/// Two galleries into one folder without --force: the second waited for the first's lock and
/// then replaced its gallery (issue 32 item 12). The folder is checked again under the lock.
@Suite("segue gallery: a gallery finished meanwhile is not replaced (runs the built executable)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct GalleryLockTests {
    @Test func aGalleryWaitingForTheLockRefusesWhatAppearedMeanwhile() throws {
        let dir = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNGCodec.write(try SampleImages.from(width: 32, height: 32), to: dir.appendingPathComponent("a.png").path)
        let gallery = dir.appendingPathComponent("gallery")
        try FileManager.default.createDirectory(at: gallery, withIntermediateDirectories: true)
        // This test is the first gallery: it holds the folder's lock (OutputDirectory's flock).
        let lock = open(gallery.path, O_RDONLY | O_DIRECTORY)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["gallery", "--from", "a.png", "--to", "a.png", "--out", "gallery", "--only", "fade", "--size", "32x32"]
        process.currentDirectoryURL = dir
        let errors = Pipe()
        (process.standardError, process.standardOutput) = (errors, FileHandle.nullDevice)
        try process.run()
        // The state waited for: the second gallery says it waits for the lock.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("waiting for it to finish") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            said += chunk
        }
        // Meanwhile the first gallery finishes: its page, and the manifest saying Segue wrote it
        // (a gallery the second one's run would otherwise replace as its own kind of output).
        try Data("<!DOCTYPE html>".utf8).write(to: gallery.appendingPathComponent("index.html"))
        try Data("# files written by segue; replaced by its next run into this folder\nindex.html\n".utf8)
            .write(to: gallery.appendingPathComponent(".segue-output"))
        flock(lock, LOCK_UN)
        said += errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: said, as: UTF8.self)
        #expect(process.terminationStatus != 0 && stderr.contains("already holds files; give --force"), "\(stderr)")
        #expect(try String(contentsOf: gallery.appendingPathComponent("index.html"), encoding: .utf8) == "<!DOCTYPE html>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: gallery.path).sorted() == [".segue-output", "index.html"])
    }
}
