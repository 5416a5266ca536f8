import Foundation
import SegueImage

/// A folder of golden pictures (`NAME.png`) that pictures are checked against, with max and mean
/// tolerances. Works under Swift Testing and XCTest (see `TestFailure`).
///
/// - Goldens are written only when the environment asks (`SEGUE_RECORD_GOLDENS=1`), and a
///   recording run fails on purpose, so it can never pass CI by accident.
/// - On a mismatch the actual picture and a difference picture (`ImageDifference`) are written to
///   `failureDirectory`, and the failure's message names both paths.
/// - `checkNoOrphans(expected:)` fails on goldens in the folder that no test asks for.
public struct GoldenStore: Sendable {
    public let directory: URL
    /// Where actual and difference pictures of failed checks go: `SEGUE_SNAPSHOT_ARTIFACTS` if set,
    /// else `segue-golden-failures/<folder's parent>-<folder>` in the temporary directory.
    public var failureDirectory: URL

    public init(directory: URL) {
        self.directory = directory
        let environment = ProcessInfo.processInfo.environment["SEGUE_SNAPSHOT_ARTIFACTS"]
        let label = directory.deletingLastPathComponent().lastPathComponent + "-" + directory.lastPathComponent
        failureDirectory = environment.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("segue-golden-failures").appendingPathComponent(label)
    }

    /// The folder `folder` beside the test file that calls this (`Goldens` by default).
    public init(besideFile file: String = #filePath, folder: String = "Goldens") {
        self.init(directory: URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(folder))
    }

    /// The environment variable that turns recording on (value `1`).
    public static let recordVariable = "SEGUE_RECORD_GOLDENS"
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    public func path(of name: String) -> String { directory.appendingPathComponent(name + ".png").path }

    /// Checks `image` against the golden `name`; records it instead when recording. Returns whether
    /// it passed (a recording never passes).
    @discardableResult
    public func check(
        _ image: RGBAImage, named name: String, tolerance: ImageTolerance = .crossDriver,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        check(image, named: name, tolerance: tolerance, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func check(_ image: RGBAImage, named name: String, tolerance: ImageTolerance, at site: CallSite) -> Bool {
        switch compare(image, named: name, tolerance: tolerance) {
        case .passed: return true
        case .failed(let message):
            TestFailure.record(message, at: site)
            return false
        }
    }

    /// As `check(_:named:tolerance:)`, with the two tolerances spelled out.
    @discardableResult
    public func check(
        _ image: RGBAImage, named name: String, maxDifference: Int, meanDifference: Double,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        check(
            image, named: name, tolerance: ImageTolerance(maxDifference: maxDifference, meanDifference: meanDifference),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks pictures in order against `NAME-0`, `NAME-1`, … (a transition's progress points).
    @discardableResult
    public func check(
        _ images: [RGBAImage], named name: String, tolerance: ImageTolerance = .crossDriver,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return images.enumerated().map { check($0.element, named: "\(name)-\($0.offset)", tolerance: tolerance, at: site) }
            .allSatisfy { $0 }
    }

    public enum Outcome: Equatable {
        case passed
        /// Why, naming the pictures written for the failure.
        case failed(String)
    }

    /// The check without reporting: what `check` would say.
    public func compare(_ image: RGBAImage, named name: String, tolerance: ImageTolerance) -> Outcome {
        if Self.isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try PNGCodec.write(image, to: path(of: name))
                return .failed("recorded golden \(path(of: name)); unset \(Self.recordVariable) and run again")
            } catch {
                return .failed("could not record golden \(path(of: name)): \(error)")
            }
        }
        let golden: RGBAImage
        do {
            golden = try PNGCodec.read(path: path(of: name))
        } catch {
            return .failed("missing golden \(path(of: name)) (\(error)); record it with \(Self.recordVariable)=1"
                + writeFailurePictures(image, golden: nil, name: name))
        }
        guard golden.width == image.width, golden.height == image.height else {
            return .failed("\(name): " + (tolerance.mismatch(actual: image, expected: golden) ?? "")
                + writeFailurePictures(image, golden: nil, name: name))
        }
        guard let mismatch = tolerance.mismatch(actual: image, expected: golden) else { return .passed }
        return .failed("\(name): " + mismatch + writeFailurePictures(image, golden: golden, name: name))
    }

    /// Writes `NAME.actual.png` (and `NAME.diff.png` when there is a golden of the same size) and
    /// says where, as the end of a failure's message.
    private func writeFailurePictures(_ image: RGBAImage, golden: RGBAImage?, name: String) -> String {
        let actual = failureDirectory.appendingPathComponent(name + ".actual.png").path
        let diff = failureDirectory.appendingPathComponent(name + ".diff.png").path
        do {
            try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
            try PNGCodec.write(image, to: actual)
            guard let golden else { return "; actual picture: \(actual)" }
            try PNGCodec.write(ImageDifference.picture(actual: image, expected: golden), to: diff)
            return "; actual picture: \(actual); difference picture: \(diff)"
        } catch {
            return "; the actual picture could not be written to \(failureDirectory.path): \(error)"
        }
    }

    // MARK: - Orphans

    /// The goldens in the folder (names without `.png`), sorted.
    public func goldenNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Goldens in the folder that are not in `expected`: left over from renamed or deleted tests.
    public func orphans(expected: some Sequence<String>) -> [String] {
        let wanted = Set(expected)
        return goldenNames().filter { !wanted.contains($0) }
    }

    /// Fails (naming them) when the folder holds goldens that are not in `expected`; also when an
    /// expected one is missing. Returns whether the folder is exactly `expected`.
    @discardableResult
    public func checkNoOrphans(
        expected: some Sequence<String>, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let wanted = Set(expected)
        let orphaned = orphans(expected: wanted)
        let missing = wanted.subtracting(goldenNames()).sorted()
        if !orphaned.isEmpty {
            TestFailure.record("goldens no test asks for in \(directory.path): \(orphaned.joined(separator: ", "))", at: site)
        }
        if !missing.isEmpty, !Self.isRecording {
            TestFailure.record("expected goldens missing from \(directory.path): \(missing.joined(separator: ", "))", at: site)
        }
        return orphaned.isEmpty && missing.isEmpty
    }

    /// `NAME-0` … `NAME-(count - 1)`: the names `check(_ images:named:)` uses.
    public static func names(_ name: String, count: Int) -> [String] { (0..<count).map { "\(name)-\($0)" } }
}
