import Foundation
import SegueImage
import Testing

/// A folder of golden images, compared with stated max and mean thresholds. They are written
/// only when `SEGUE_RECORD_GOLDENS=1`, and a recording run fails on purpose so that it can
/// never pass CI by accident. On a mismatch the actual image is saved to the temp folder.
public struct GoldenStore: Sendable {
    public let directory: URL
    public init(directory: URL) { self.directory = directory }

    /// The `Goldens` folder beside the test file that calls this.
    public init(besideFile file: String) {
        directory = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    public static var isRecording: Bool { ProcessInfo.processInfo.environment["SEGUE_RECORD_GOLDENS"] == "1" }

    public func check(
        _ image: RGBAImage, named name: String, maxDifference: Int, meanDifference: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = directory.appendingPathComponent(name + ".png").path
        if Self.isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try PNGCodec.write(image, to: path)
                Issue.record("recorded golden \(name).png; unset SEGUE_RECORD_GOLDENS and run again", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record golden \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        let golden: RGBAImage
        do {
            golden = try PNGCodec.read(path: path)
        } catch {
            Issue.record("missing golden \(name).png (\(error)); record with SEGUE_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            Issue.record("\(name): size \(image.width)x\(image.height), golden \(golden.width)x\(golden.height)", sourceLocation: sourceLocation)
            return
        }
        let maximum = RGBAImage.maxDifference(image, golden)
        let mean = RGBAImage.meanDifference(image, golden)
        if maximum > maxDifference || mean > meanDifference {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("segue-actual-\(name).png").path
            try? PNGCodec.write(image, to: actual)
            Issue.record(
                "\(name): max difference \(maximum) (allowed \(maxDifference)), mean \(mean) (allowed \(meanDifference)); actual image: \(actual)",
                sourceLocation: sourceLocation)
        }
    }
}
