import Foundation
import SegueImage
import SegueOutput
import SegueTesting
import SegueText
import Testing

let GoldenImage = GoldenStore(besideFile: #filePath)

/// HarfBuzz's own command-line tools (Debian's libharfbuzz-bin, which `make test` installs) are
/// the references of the shaping and coverage tests. As with ffmpeg: skipped on a developer's
/// machine without them, run (and failing) on CI and under `make test`.
enum HarfBuzzTools {
    static func path(_ name: String) -> String? { ProgramSearch.find(name)?.path }

    static var runs: Bool { path("hb-shape") != nil || FFmpegRequirement.isRequired }

    /// Runs a tool and returns its standard output.
    static func run(_ name: String, _ arguments: [String]) throws -> Data {
        guard let executable = path(name) else { throw ToolMissing(name: name) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ToolMissing(name: "\(name) exited \(process.terminationStatus)") }
        return data
    }

    struct ToolMissing: Error { let name: String }
}

extension Trait where Self == ConditionTrait {
    static var requiresHarfBuzzTools: Self {
        .enabled(if: HarfBuzzTools.runs, "hb-shape and hb-view are not on PATH (make test installs libharfbuzz-bin)")
    }

    /// CJK tests need a font with CJK glyphs (make test installs fonts-wqy-microhei).
    static var requiresCJKFont: Self {
        .enabled(if: Fonts.cjk != nil || FFmpegRequirement.isRequired, "no WenQuanYi Micro Hei (make test installs fonts-wqy-microhei)")
    }
}

enum Fonts {
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let cjk: Font? = try? Font(name: "WenQuanYi Micro Hei", size: 20)
}

/// Ink bounds (pixels with alpha above `threshold`) of an image: x0, y0, x1, y1 (exclusive).
func inkBounds(_ image: RGBAImage, threshold: UInt8 = 0, alpha: (SIMD4<UInt8>) -> UInt8 = { $0.w }) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<image.height {
        for x in 0..<image.width where alpha(image[x, y]) > threshold {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        }
    }
    return x1 < 0 ? nil : (x0, y0, x1, y1)
}
