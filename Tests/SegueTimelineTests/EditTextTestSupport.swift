import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline

/// Edits with text, written as JSON the way a user writes them, and what the tests read back.
enum EditTextFixtures {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let cjk = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

    /// Writes `json` as edit.json in `dir` (with a black picture black.png beside it) and plans it.
    static func plan(_ json: String, in dir: URL) throws -> EditPlan {
        try PNGCodec.write(try RGBAImage(width: 16, height: 16, fill: SIMD4(0, 0, 0, 255)), to: dir.appendingPathComponent("black.png").path)
        let url = dir.appendingPathComponent("edit.json")
        try Data(json.utf8).write(to: url)
        return try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
    }

    /// Every frame of `plan` as RGBA.
    static func frames(_ plan: EditPlan) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        try withDevice { device in
            let exporter = try TimelineExporter(device: device, plan: plan, format: .mp4)
            try exporter.renderFrames { _, image in frames.append(image) }
        }
        return frames
    }

    /// The error planning `json` gives, as "place: message".
    static func planError(_ json: String) throws -> String {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try plan(json, in: dir)
            return "no error"
        } catch let error as EditSpecError {
            return error.description
        }
    }

    /// Pixels whose red channel is above `threshold` (text drawn light on black).
    static func inkCount(_ image: RGBAImage, threshold: UInt8 = 16, rows: Range<Int>? = nil) -> Int {
        var count = 0
        for y in rows ?? 0..<image.height { for x in 0..<image.width where image[x, y].x > threshold { count += 1 } }
        return count
    }

    /// Column sums of coverage (0...1 a pixel) and the first and last inked columns.
    static func columns(_ image: RGBAImage, coverage: (SIMD4<UInt8>) -> Double) -> [Double] {
        (0..<image.width).map { x in (0..<image.height).reduce(0) { $0 + coverage(image[x, $1]) } }
    }

    /// `columns` from the first column with ink to the last.
    static func inked(_ columns: [Double]) -> [Double] {
        guard let first = columns.firstIndex(where: { $0 > 0.02 }), let last = columns.lastIndex(where: { $0 > 0.02 }) else { return [] }
        return Array(columns[first...last])
    }
}
