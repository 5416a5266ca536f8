import SegueEffects
import SegueImage
import Testing
import SegueTesting

/// Transitions that scale alpha with colour (as gl-transitions' LeftRight and TopBottom do,
/// `getFromColor(p) * (1.0 - progress)`) against the CPU host that follows the runtime's
/// conventions: lookups and result straight, the result premultiplied where it enters Segue's
/// pipeline. Before, Segue took the result as premultiplied: the scaled picture kept its
/// brightness where the runtime darkens it (LeftRight and TopBottom: 8–11 levels on average,
/// 204 at most, against the runtime).
extension GLTransitionReferenceTests {
    static func alphaScale(_ progress: Float, _ from: Reference.Picture, _ to: Reference.Picture) -> (UV) -> Color {
        { uv in
            let a = from.sample(uv), b = to.sample(uv)
            if uv.x < 0.5 { return Reference.mix(a * (1 - progress), b, progress * progress) }
            return b * progress + a * (1 - progress) * (1 - progress)
        }
    }

    @Test func aResultThatScalesAlphaIsStraightColourAsInTheRuntime() throws {
        try check("alpha_scale", reference: Self.alphaScale)
    }

    /// Pictures with alpha of their own (the first at 160 with a transparent band, the second's
    /// alpha falling across it): the transition sees them straight, as the runtime's textures are.
    @Test func picturesWithAlphaAreSeenStraight() throws {
        let (w, h) = (Self.width, Self.height)
        var from = try SampleImages.from(width: w, height: h), to = try SampleImages.to(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                // Nothing under alpha 0: a premultiplied picture keeps no colour there.
                from[x, y] = y < 4 ? .zero : SIMD4(from[x, y].x, from[x, y].y, from[x, y].z, 160)
                to[x, y].w = UInt8(255 - x * 4)
            }
        }
        try check("alpha_scale", pictures: (from, to), reference: Self.alphaScale)
    }
}
