/// An 8-bit RGBA image: row-major, top-left origin, straight (non-premultiplied) alpha.
public struct RGBAImage: Equatable, Sendable {
    /// Largest accepted side. Keeps `width * height * 4` far from overflow and
    /// stops a hostile PNG header from making us allocate gigabytes.
    public static let maxDimension = 16384

    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, R G B A per pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        try Self.validate(width: width, height: height)
        let expected = width * height * 4
        guard pixels.count == expected else {
            throw .invalidSize(width: width, height: height,
                               reason: "expected \(expected) bytes of RGBA data, got \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: SIMD4<UInt8>) throws(ImageError) {
        try Self.validate(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.x
            pixels[i + 1] = fill.y
            pixels[i + 2] = fill.z
            pixels[i + 3] = fill.w
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static func validate(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .invalidSize(width: width, height: height, reason: "width and height must be positive")
        }
        guard width <= maxDimension, height <= maxDimension else {
            throw .invalidSize(width: width, height: height,
                               reason: "each side must be at most \(maxDimension) pixels")
        }
    }

    /// Pixel access; coordinates out of range are a programming error (trap).
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.x
            pixels[i + 1] = newValue.y
            pixels[i + 2] = newValue.z
            pixels[i + 3] = newValue.w
        }
    }

    /// Internal initialiser for data already known to be valid.
    init(validWidth width: Int, height: Int, pixels: [UInt8]) {
        assert(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The same image upside down. GL reads framebuffers back bottom row first.
    public func flippedVertically() -> RGBAImage {
        let rowBytes = width * 4
        var flipped = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            let source = y * rowBytes
            let target = (height - 1 - y) * rowBytes
            flipped[target..<(target + rowBytes)] = pixels[source..<(source + rowBytes)]
        }
        return RGBAImage(validWidth: width, height: height, pixels: flipped)
    }

    /// Largest absolute difference of any single channel. Sizes must match.
    public static func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height, "maxDifference needs images of equal size")
        var largest = 0
        for i in 0..<a.pixels.count {
            let difference = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if difference > largest { largest = difference }
        }
        return largest
    }

    /// Mean absolute difference over every channel of every pixel. Sizes must match.
    public static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "meanDifference needs images of equal size")
        var total = 0
        for i in 0..<a.pixels.count {
            total += abs(Int(a.pixels[i]) - Int(b.pixels[i]))
        }
        return Double(total) / Double(a.pixels.count)
    }
}
