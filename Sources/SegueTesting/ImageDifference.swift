import SegueImage

/// The picture of where two same-sized pictures differ: the expected picture dimmed to grey,
/// with every differing pixel in red, brighter the larger its largest channel difference
/// (a difference of 1 still shows). Alpha is 255 everywhere, so viewers show it as it is.
public enum ImageDifference {
    public static func picture(actual: RGBAImage, expected: RGBAImage) throws(ImageError) -> RGBAImage {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .invalidSize(
                width: actual.width, height: actual.height,
                reason: "a difference picture needs equal sizes; the golden is \(expected.width)x\(expected.height)")
        }
        var pixels = [UInt8](repeating: 255, count: actual.pixels.count)
        for base in stride(from: 0, to: pixels.count, by: 4) {
            var largest = 0
            for channel in 0..<4 {
                largest = max(largest, abs(Int(actual.pixels[base + channel]) - Int(expected.pixels[base + channel])))
            }
            if largest == 0 {
                let grey = (Int(expected.pixels[base]) + Int(expected.pixels[base + 1]) + Int(expected.pixels[base + 2])) / 9
                (pixels[base], pixels[base + 1], pixels[base + 2]) = (UInt8(grey), UInt8(grey), UInt8(grey))
            } else {
                (pixels[base], pixels[base + 1], pixels[base + 2]) = (UInt8(min(255, 128 + largest)), 0, 0)
            }
        }
        return try RGBAImage(width: actual.width, height: actual.height, pixels: pixels)
    }
}
