import Foundation
@testable import SegueExport
import SegueExportTestSupport
import SegueTesting
import Testing

/// ffprobe's answers kept per file (`ProbeCache`): asked once while the file stays the same,
/// asked again once it is another file or its contents change, never kept after an error.
@Suite("ProbeCache: one probe per file", .tags(.pure))
struct ProbeCacheTests {
    @Test func anAnswerIsKeptUntilTheFileChanges() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clip.mp4").path
        try Data("first".utf8).write(to: URL(fileURLWithPath: path))
        let cache = ProbeCache()
        var probes = 0
        func ask(_ question: String = "streams") throws -> Int {
            try cache.value(of: question, path: path) { () throws(ExportError) -> Int in
                probes += 1
                return probes
            }
        }
        #expect(try ask() == 1)
        #expect(try ask() == 1, "the same file: the kept answer")
        #expect(try ask("vet") == 2, "another question is asked")
        // Another file at the path (a new inode), then the same inode rewritten.
        try FileManager.default.removeItem(atPath: path)
        try Data("second file".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ask() == 3)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.close()
        #expect(try ask() == 4)
        #expect(try ask() == 4)
    }

    @Test func anErrorIsNotKept() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clip.mp4").path
        try Data("clip".utf8).write(to: URL(fileURLWithPath: path))
        let cache = ProbeCache()
        var probes = 0
        #expect(throws: ExportError.self) {
            try cache.value(of: "streams", path: path) { () throws(ExportError) -> Int in
                probes += 1
                throw .probeFailed(path: path, exit: .exited(status: 1), log: "no")
            }
        }
        let answer = try cache.value(of: "streams", path: path) { () throws(ExportError) -> Int in
            probes += 1
            return 7
        }
        #expect(answer == 7 && probes == 2)
    }

    @Test func theCacheStaysBounded() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("clip.mp4").path
        try Data("clip".utf8).write(to: URL(fileURLWithPath: path))
        let cache = ProbeCache(capacity: 8)
        for index in 0..<100 {
            _ = try cache.value(of: "question \(index)", path: path) { () throws(ExportError) -> Int in index }
        }
        #expect(cache.count <= 8)
        // The newest answers are the ones kept.
        let kept = try cache.value(of: "question 99", path: path) { () throws(ExportError) -> Int in -1 }
        #expect(kept == 99)
    }
}
