import Foundation
import SegueImage

/// A fresh directory under the system temp dir, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("SegueImageTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Deterministic image with varied colour and alpha in every channel.
func patternImage(width: Int, height: Int) throws -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8((x * 37 + y * 11) % 256)
            pixels[i + 1] = UInt8((x * 5 + y * 53) % 256)
            pixels[i + 2] = UInt8((x * y + 7) % 256)
            pixels[i + 3] = UInt8((x * 13 + y * 29 + 3) % 256)
        }
    }
    return try RGBAImage(width: width, height: height, pixels: pixels)
}

/// Number of pixels that differ from `background`.
func countPixels(in image: RGBAImage, differingFrom background: SIMD4<UInt8>) -> Int {
    var count = 0
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y] != background { count += 1 }
    }
    return count
}
