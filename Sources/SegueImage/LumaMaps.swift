import Foundation

/// The luma maps gl-transitions' luma wipes are used with (`uniform sampler2D luma;`: a pixel
/// switches to the second picture once progress passes its grey level), under the names the
/// community's tools give them. They are generated here from their shape, at any size, not copied
/// from image files: grey levels rise from 0 where the wipe starts to 255 where it ends.
public enum LumaMap: String, Sendable, CaseIterable {
    /// Two ramps from the vertical centre line out to the left and right edges (a barn door).
    case bilinearLateral = "bilinear-lateral"
    /// A clock wipe: the angle about the centre, clockwise from twelve o'clock.
    case conicalAsym = "conical-asym"
    /// Two clock hands from twelve o'clock, one each way, meeting at six.
    case conicalSym = "conical-sym"
    /// Four left-to-right ramps side by side (a blind).
    case linearSawtoothLateral4 = "linear-sawtooth-lateral-4"
    /// Eight fan blades about the centre: a triangle wave of the angle, four periods per turn.
    case radialTriLateral4 = "radial-tri-lateral-4"
    /// One spiral arm from the centre outwards.
    case spiral1 = "spiral-1"
    /// Two spiral turns.
    case spiral2 = "spiral-2"
    /// Three spiral turns.
    case spiral3 = "spiral-3"
    /// A rectangle growing from the centre to the frame's edges.
    case square = "square"

    /// The grey level (0...1) at a point: `u` right, `v` down, both 0...1; `aspect` is width / height,
    /// so angles and radii are measured in square pixels.
    public func level(u: Double, v: Double, aspect: Double) -> Double {
        let dx = (u - 0.5) * aspect
        let dy = v - 0.5
        let radius = (dx * dx + dy * dy).squareRoot() / (0.25 * aspect * aspect + 0.25).squareRoot()  // 1 at the corners
        var turn = atan2(dx, -dy) / (2 * Double.pi)  // clockwise from twelve o'clock
        if turn < 0 { turn += 1 }
        func triangle(_ t: Double) -> Double { 1 - abs(2 * (t - t.rounded(.down)) - 1) }
        func spiral(_ turns: Double) -> Double {
            // Along the arm the level rises with the turns made; across arms, with the radius.
            let position = (radius * turns - turn).rounded(.up) + turn
            return min(1, position / (turns + 1))
        }
        return switch self {
        case .bilinearLateral: abs(2 * u - 1)
        case .conicalAsym: turn
        case .conicalSym: 2 * min(turn, 1 - turn)
        case .linearSawtoothLateral4: min(1, 4 * u - (4 * u).rounded(.down))
        case .radialTriLateral4: triangle(4 * turn)
        case .spiral1: spiral(1)
        case .spiral2: spiral(2)
        case .spiral3: spiral(3)
        case .square: max(abs(2 * u - 1), abs(2 * v - 1))
        }
    }

    /// The map at a size, grey and opaque, sampled at pixel centres; top row first like every `RGBAImage`.
    public func image(width: Int, height: Int) throws(ImageError) -> RGBAImage {
        var image = try RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 0, 255))
        let aspect = Double(width) / Double(height)
        for y in 0..<height {
            for x in 0..<width {
                let level = self.level(u: (Double(x) + 0.5) / Double(width), v: (Double(y) + 0.5) / Double(height), aspect: aspect)
                let grey = UInt8((min(max(level, 0), 1) * 255).rounded())
                image[x, y] = SIMD4(grey, grey, grey, 255)
            }
        }
        return image
    }
}
