import Foundation
import Segue
import SegueTesting
import Testing

/// One version in one place: the repository's `VERSION` file. Every place that states the
/// release says the same: `SegueRelease`, the C header's `SEGUE_VERSION_*` (which libsegue's
/// `segue_version()` returns; Tests/Embedding's C host checks that), the Python package's
/// metadata and `segue.__version__`, `segue --version`, and a section of CHANGELOG.md.
@Suite("The version: VERSION and every place that states it (runs the built executable)", .tags(.gl))
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The one capture of `pattern` in the file at `path` (nil when it is not there once).
    static func captured(_ pattern: String, in path: String) throws -> String? {
        let text = try read(path)
        let matches = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            .matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard matches.count == 1, let range = Range(matches[0].range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    static func version() throws -> String {
        try read("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionIsMajorMinorPatch() throws {
        let version = try Self.version()
        #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "VERSION holds \(version)")
    }

    @Test func swiftConstantIsVersion() throws {
        let version = try Self.version()
        #expect(SegueRelease.version == version)
        #expect("\(SegueRelease.major).\(SegueRelease.minor).\(SegueRelease.patch)" == version)
    }

    @Test func cHeaderIsVersion() throws {
        let version = try Self.version(), header = "CLI/Sources/CSegue/include/segue.h"
        #expect(try Self.captured(#"^#define SEGUE_VERSION_STRING "([^"]*)"$"#, in: header) == version)
        let parts = try ["MAJOR", "MINOR", "PATCH"].map { try Self.captured("^#define SEGUE_VERSION_\($0) ([0-9]+)$", in: header) ?? "?" }
        #expect(parts.joined(separator: ".") == version)
        // libsegue answers segue_version() with the header's string, not one of its own.
        #expect(try Self.read("CLI/Sources/CSegue/segue_support.c").contains("return SEGUE_VERSION_STRING;"))
    }

    @Test func pythonPackageIsVersion() throws {
        let version = try Self.version()
        // The wheel's version is VERSION itself, read by setup.py at build time.
        #expect(try Self.read("python/pyproject.toml").contains(#"dynamic = ["version"]"#))
        #expect(try Self.read("python/setup.py").contains(#"REPOSITORY / "VERSION""#))
        #expect(try Self.captured(#"^__version__ = "([^"]*)""#, in: "python/segue/__init__.py") == version)
    }

    @Test func changelogHasTheVersionsSection() throws {
        let version = try Self.version()
        let changelog = try Self.read("CHANGELOG.md")
        #expect(changelog.contains("\n## [\(version)]"), "CHANGELOG.md has no section for \(version)")
    }

    @Test func commandLineSaysVersion() throws {
        let result = try CommandRunner.run("segue", ["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "segue \(try Self.version())")
    }
}
