import SegueImage

/// What a frame fitting a picture must show, written here from gl-transitions' definitions for
/// the command-line tests: each frame pixel's centre is mapped into the picture by the resize
/// mode (centred; cover and contain keep the aspect ratio, stretch scales each axis), and the
/// colour there is the bilinear blend of the four texels around it with indices clamped to the
/// picture (LINEAR + CLAMP_TO_EDGE, as the official runtime samples pictures). Contain's bars
/// are `bar`.
enum BilinearFitReference {
    static func frame(_ picture: RGBAImage, width: Int, height: Int, mode: String, bar: SIMD4<UInt8>) throws -> RGBAImage {
        let (w, h) = (Double(picture.width), Double(picture.height))
        let (fx, fy) = (Double(width) / w, Double(height) / h)  // frame pixels per picture pixel
        let scale: (x: Double, y: Double) = switch mode {
        case "stretch": (fx, fy)
        case "contain": (min(fx, fy), min(fx, fy))
        default: (max(fx, fy), max(fx, fy))
        }
        var frame = try RGBAImage(width: width, height: height, fill: bar)
        for row in 0..<height {
            for column in 0..<width {
                let u = (Double(column) + 0.5 - Double(width) / 2) / scale.x + w / 2
                let v = (Double(row) + 0.5 - Double(height) / 2) / scale.y + h / 2
                if mode == "contain" && (u < 0 || v < 0 || u >= w || v >= h) { continue }
                frame[column, row] = bilinear(picture, u - 0.5, v - 0.5)
            }
        }
        return frame
    }

    /// The blend at texel coordinates (x, y), texel centres at whole numbers.
    static func bilinear(_ picture: RGBAImage, _ x: Double, _ y: Double) -> SIMD4<UInt8> {
        let (left, top) = (x.rounded(.down), y.rounded(.down))
        let (a, b) = (x - left, y - top)
        func at(_ i: Double, _ j: Double) -> SIMD4<Double> {
            SIMD4<Double>(picture[min(max(Int(i), 0), picture.width - 1), min(max(Int(j), 0), picture.height - 1)])
        }
        let blended = (at(left, top) * (1 - a) + at(left + 1, top) * a) * (1 - b)
            + (at(left, top + 1) * (1 - a) + at(left + 1, top + 1) * a) * b
        return SIMD4<UInt8>(blended.rounded(.toNearestOrEven))
    }
}
