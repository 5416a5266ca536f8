import Foundation
import SegueImage
import Testing

/// Golden-image comparisons with stated thresholds. Goldens live beside this file in
/// `Goldens/`; they are written only when `SEGUE_RECORD_GOLDENS=1`, and a recording run fails
/// on purpose so that it cannot pass CI by accident.
enum TransitionsGoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SEGUE_RECORD_GOLDENS"] == "1" }

    static func check(
        _ image: RGBAImage, named name: String, maxDifference: Int, meanDifference: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = directory.appendingPathComponent(name + ".png").path
        if isRecording {
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
