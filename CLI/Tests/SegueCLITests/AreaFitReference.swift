import SegueImage

/// What a frame showing a picture reduced by its fit must show, written here from the fits'
/// definitions (as `BilinearFitReference`, centred; cover and contain keep the aspect ratio,
/// stretch scales each axis) and the definition of an area average: each frame pixel the mean of
/// the picture area its footprint covers, what lies outside the picture (contain's bars) counting
/// as transparent black. For pictures the frame shows smaller than they are, which `segue render`
/// reduces once that way before the transition samples them.
enum AreaFitReference {
    static func frame(_ picture: RGBAImage, width: Int, height: Int, mode: String) throws -> RGBAImage {
        let (w, h) = (Double(picture.width), Double(picture.height))
        let (rx, ry) = (w / Double(width), h / Double(height))  // picture pixels per frame pixel
        let step: (x: Double, y: Double) = switch mode {
        case "stretch": (rx, ry)
        case "contain": (max(rx, ry), max(rx, ry))
        default: (min(rx, ry), min(rx, ry))
        }
        let (left, top) = ((w - Double(width) * step.x) / 2, (h - Double(height) * step.y) / 2)
        func overlaps(_ start: Double, _ length: Double, _ limit: Int) -> [(Int, Double)] {
            stride(from: max(0, Int(start.rounded(.down))), to: min(limit, Int((start + length).rounded(.up))), by: 1).map { i in
                (i, (min(start + length, Double(i + 1)) - max(start, Double(i))) / length)
            }
        }
        var frame = try RGBAImage(width: width, height: height, fill: .zero)
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD4<Double>.zero   // premultiplied
                for (row, wy) in overlaps(top + Double(y) * step.y, step.y, picture.height) {
                    for (column, wx) in overlaps(left + Double(x) * step.x, step.x, picture.width) {
                        let texel = SIMD4<Double>(picture[column, row])
                        let opacity: Double = texel.w / 255
                        let premultiplied = SIMD4<Double>(texel.x * opacity, texel.y * opacity, texel.z * opacity, texel.w)
                        sum += (wx * wy) * premultiplied
                    }
                }
                let alpha: Double = sum.w / 255
                let straight = alpha > 0 ? SIMD4<Double>(sum.x / alpha, sum.y / alpha, sum.z / alpha, sum.w) : SIMD4<Double>.zero
                frame[x, y] = SIMD4<UInt8>(straight.rounded(.toNearestOrAwayFromZero))
            }
        }
        return frame
    }
}
