import SeedPalette
import SegueUIKit

@testable import SeedPorts

/// Colour arithmetic for the ports' pictures: expected mixes of the palette's flat colours.
enum ColourChecks {
    /// `colour` at `factor` over black, as 8-bit RGB.
    static func scaled(_ colour: Color, _ factor: Double) -> SIMD3<Int> {
        let c = Palette.rgb(colour)
        return SIMD3(Int((Double(c.x) * factor).rounded()), Int((Double(c.y) * factor).rounded()), Int((Double(c.z) * factor).rounded()))
    }

    /// The mean of two flat colours (a dissolve at ½, or alpha ½ over an opaque colour).
    static func mean(_ a: Color, _ b: Color) -> SIMD3<Int> {
        let x = Palette.rgb(a), y = Palette.rgb(b)
        return SIMD3((x.x + y.x) / 2, (x.y + y.y) / 2, (x.z + y.z) / 2)
    }

    /// Within `tolerance` per channel (8-bit blending rounds; 2 covers it).
    static func close(_ a: SIMD3<Int>, _ b: SIMD3<Int>, _ tolerance: Int = 2) -> Bool {
        let d = a &- b
        return max(abs(d.x), abs(d.y), abs(d.z)) <= tolerance
    }
}
