/// Two distinct, colourful procedural pictures for trying transitions without
/// any downloaded assets. Both are deterministic for a given size.
public enum SampleImages {
    /// Smallest accepted side: below this the shapes and word become mush.
    public static let minimumSide = 16

    /// Warm coral-to-gold gradient with a big magenta disc, a dark rectangle,
    /// a grid and the word FROM.
    public static func from(width: Int, height: Int) throws(ImageError) -> RGBAImage {
        try validate(width: width, height: height)
        let w = Double(width), h = Double(height), side = Double(min(width, height))
        var image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 255))
        let gridStep = max(min(width, height) / 8, 4)
        let lineWidth = max(min(width, height) / 160, 1)
        for y in 0..<height {
            for x in 0..<width {
                let t = (Double(x) / w + Double(y) / h) / 2
                var color = mix(SIMD3(255, 94, 58), SIMD3(255, 204, 0), t)
                if x % gridStep < lineWidth || y % gridStep < lineWidth {
                    color = mix(color, SIMD3(110, 30, 0), 0.35)
                }
                let dx = Double(x) - 0.3 * w, dy = Double(y) - 0.4 * h
                if dx * dx + dy * dy <= (0.27 * side) * (0.27 * side) {
                    color = SIMD3(170, 20, 90)
                }
                if Double(x) >= 0.6 * w, Double(x) < 0.9 * w, Double(y) >= 0.58 * h, Double(y) < 0.88 * h {
                    color = mix(color, SIMD3(90, 20, 10), 0.85)
                }
                image[x, y] = SIMD4(UInt8(color.x), UInt8(color.y), UInt8(color.z), 255)
            }
        }
        drawWord("FROM", into: &image)
        return image
    }

    /// Cool blue-to-teal gradient with diagonal stripes, a lime triangle, a
    /// white ring and the word TO.
    public static func to(width: Int, height: Int) throws(ImageError) -> RGBAImage {
        try validate(width: width, height: height)
        let w = Double(width), h = Double(height), side = Double(min(width, height))
        var image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 255))
        let stripePeriod = max(min(width, height) / 10, 4)
        let ringCentre = SIMD2(0.24 * w, 0.68 * h)
        let ringOuter = 0.2 * side, ringInner = 0.14 * side
        let triangle = [SIMD2(0.68 * w, 0.12 * h), SIMD2(0.94 * w, 0.72 * h), SIMD2(0.42 * w, 0.72 * h)]
        for y in 0..<height {
            for x in 0..<width {
                let t = ((w - Double(x)) / w + Double(y) / h) / 2
                var color = mix(SIMD3(20, 60, 180), SIMD3(0, 200, 190), t)
                if ((x + y) / stripePeriod) % 2 == 0 {
                    color = mix(color, SIMD3(255, 255, 255), 0.15)
                }
                let point = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let offset = point - ringCentre
                let distanceSquared = (offset * offset).sum()
                if distanceSquared <= ringOuter * ringOuter, distanceSquared >= ringInner * ringInner {
                    color = SIMD3(235, 245, 255)
                }
                if contains(triangle, point) {
                    color = SIMD3(140, 235, 70)
                }
                image[x, y] = SIMD4(UInt8(color.x), UInt8(color.y), UInt8(color.z), 255)
            }
        }
        drawWord("TO", into: &image)
        return image
    }

    private static func validate(width: Int, height: Int) throws(ImageError) {
        guard width >= minimumSide, height >= minimumSide else {
            throw .invalidSize(width: width, height: height,
                               reason: "sample images need at least \(minimumSide)x\(minimumSide) pixels")
        }
        try RGBAImage.validate(width: width, height: height)
    }

    /// Large centred word with a soft shadow so it reads on any background.
    private static func drawWord(_ word: String, into image: inout RGBAImage) {
        let unscaled = BitmapFont.size(of: word, scale: 1)
        let scale = max(min(image.width / 2 / unscaled.width, image.height / 4 / unscaled.height), 1)
        let size = BitmapFont.size(of: word, scale: scale)
        let x = (image.width - size.width) / 2 + scale / 2  // the advance adds one empty column at the end
        let y = (image.height - size.height) / 2
        let shadow = max(scale / 3, 1)
        BitmapFont.draw(word, into: &image, x: x + shadow, y: y + shadow, scale: scale, color: SIMD4(0, 0, 0, 150))
        BitmapFont.draw(word, into: &image, x: x, y: y, scale: scale, color: SIMD4(255, 255, 255, 255))
    }

    private static func mix(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ t: Double) -> SIMD3<Double> {
        let clamped = min(max(t, 0), 1)
        return (a + (b - a) * clamped).rounded(.toNearestOrAwayFromZero)
    }

    /// Point-in-triangle by the sign of the three edge cross products.
    private static func contains(_ triangle: [SIMD2<Double>], _ p: SIMD2<Double>) -> Bool {
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        }
        let d0 = cross(triangle[0], triangle[1])
        let d1 = cross(triangle[1], triangle[2])
        let d2 = cross(triangle[2], triangle[0])
        return (d0 >= 0 && d1 >= 0 && d2 >= 0) || (d0 <= 0 && d1 <= 0 && d2 <= 0)
    }
}

extension SampleImages {
    /// A stand-in first picture for a frame of `size` when the user gave none: at least
    /// `minimumSide` a side (the effects fit it to a smaller frame), so a tiny frame is not
    /// reported as a problem with pictures the user never asked for.
    public static func from(fitting size: FrameSize) throws(ImageError) -> RGBAImage {
        try from(width: max(size.width, minimumSide), height: max(size.height, minimumSide))
    }

    /// The second picture, as `from(fitting:)`.
    public static func to(fitting size: FrameSize) throws(ImageError) -> RGBAImage {
        try to(width: max(size.width, minimumSide), height: max(size.height, minimumSide))
    }
}
