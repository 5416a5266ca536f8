import Foundation
import SegueImage
import SegueTesting

/// ffmpeg, the independent encoder and decoder the picture tests compare against.
enum ReferenceTool {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Runs ffmpeg with `arguments` and returns its stdout; a non-zero exit is thrown with its stderr.
    @discardableResult
    static func ffmpeg(_ arguments: [String]) throws -> Data {
        let output = try CapturedProcess.run(tool: "ffmpeg", ["-hide_banner", "-nostdin", "-v", "error", "-y"] + arguments)
        guard output.status == 0 else {
            throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(output.stderrText)")
        }
        return output.stdout
    }

    /// ffmpeg's decoding of `path` (after `filter`, e.g. "hflip") as RGBA, without applying any
    /// rotation it might find in the file's metadata.
    static func decode(_ path: String, width: Int, height: Int, filter: String? = nil) throws -> RGBAImage {
        let data = try ffmpeg(["-noautorotate", "-i", path] + (filter.map { ["-vf", $0] } ?? [])
            + ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"])
        return try RGBAImage(width: width, height: height, pixels: [UInt8](data))
    }
}

/// An opaque picture of smooth gradients (what JPEG and lossy WebP code well), so decoders'
/// rounding differences stay small and any real mistake (a channel swap, a shifted row) is large.
func smoothPicture(width: Int, height: Int) throws -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8(x * 255 / max(1, width - 1))
            pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
            pixels[i + 2] = UInt8((x + y) * 255 / max(1, width + height - 2))
        }
    }
    return try RGBAImage(width: width, height: height, pixels: pixels)
}

/// Four flat 16-pixel-aligned quadrants (red, green / blue, white), so which corner went where
/// under an orientation is unmistakable, and JPEG blocks never straddle two colours.
func quadrantPicture(width: Int = 64, height: Int = 32) throws -> RGBAImage {
    var image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 255))
    for y in 0..<height {
        for x in 0..<width {
            let right = x >= width / 2, bottom = y >= height / 2
            image[x, y] = switch (right, bottom) {
            case (false, false): SIMD4(255, 0, 0, 255)
            case (true, false): SIMD4(0, 255, 0, 255)
            case (false, true): SIMD4(0, 0, 255, 255)
            case (true, true): SIMD4(255, 255, 255, 255)
            }
        }
    }
    return image
}

/// A WebP file's VP8/VP8L chunk wrapped in the extended format (VP8X) with an EXIF chunk after it.
func webPWithExif(_ webp: [UInt8], block: [UInt8], width: Int, height: Int) -> [UInt8] {
    func le(_ v: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    let imageChunk = Array(webp[12...])
    let vp8x: [UInt8] = Array("VP8X".utf8) + le(10, 4) + [0x08, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3)
    let exif: [UInt8] = Array("EXIF".utf8) + le(block.count, 4) + block + (block.count % 2 == 1 ? [0] : [])
    let body: [UInt8] = Array("WEBP".utf8) + vp8x + imageChunk + exif
    return Array("RIFF".utf8) + le(body.count, 4) + body
}
