import Foundation
import Testing
import SegueTesting

@testable import SegueOutput

/// Output paths are resolved as the kernel resolves them (symbolic links in the folder
/// followed), and an empty one is refused.
@Suite("OutputPath", .tags(.pure))
struct OutputPathTests {
    @Test func aLinkFollowedByDotDotIsResolvedThroughTheLink() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("deep/inside")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("lnk").path, withDestinationPath: real.path)
        // The kernel reaches deep/x for lnk/../x (lnk's target's parent), not dir/x.
        let resolved = try OutputPath.resolve(dir.appendingPathComponent("lnk").path + "/../x.mp4")
        #expect(resolved.path == realPath(dir.appendingPathComponent("deep").path) + "/x.mp4")
        // What the kernel opens for the same text agrees.
        #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent("lnk").path + "/../probe", contents: Data()))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("deep/probe").path))
    }

    @Test func theLastComponentIsNotFollowedAndMissingFoldersAreKept() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out.mp4").path, withDestinationPath: "/etc/passwd")
        #expect(try OutputPath.resolve(dir.appendingPathComponent("out.mp4").path).lastPathComponent == "out.mp4")
        let missing = try OutputPath.resolve(dir.appendingPathComponent("a/b/../c/frames").path)
        #expect(missing.path == realPath(dir.path) + "/a/c/frames")
    }

    @Test func anEmptyPathIsRefused() {
        #expect(throws: OutputError.self) { try OutputPath.resolve("") }
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func realPath(_ path: String) -> String {
    guard let pointer = realpath(path, nil) else { return path }
    defer { free(pointer) }
    return String(cString: pointer)
}
