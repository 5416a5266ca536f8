import SegueEffects
import SegueGL
import SegueHeadless
import Testing
import SegueTesting

/// The blend modes as the pipeline uses them: premultiplied inputs and output (docs/ARCHITECTURE.md).
/// The reference is the straight-alpha formulas (`BlendReference`) on the inputs divided by their
/// alpha, the result multiplied by its alpha: computed here on the CPU, at the edges where
/// alpha is 0, 1/255, a half, 254/255 and 1.
@Suite("Blend modes, premultiplied (headless GL)", .tags(.gl))
struct PremultipliedBlendTests {
    static let (width, height) = (29, 19)
    /// The alphas of the edges: nothing, the least coverage, half, nearly whole, whole.
    static let edgeAlphas: [UInt8] = [0, 1, 2, 128, 254, 255]

    /// Straight noise whose rows alternate the edge alphas in both inputs, so every pair occurs.
    static func straightPair() -> (base: Pixels, overlay: Pixels) {
        var (base, overlay) = BlendImages.pair(width: width, height: height, seed: 77)
        for pixel in 0..<(width * height) {
            let (x, y) = (pixel % width, pixel / width)
            base.bytes[pixel * 4 + 3] = edgeAlphas[x % edgeAlphas.count]
            overlay.bytes[pixel * 4 + 3] = edgeAlphas[(x / edgeAlphas.count + y) % edgeAlphas.count]
        }
        return (base, overlay)
    }

    /// Colour × alpha, rounded: what a picture holds once loaded.
    static func premultiplied(_ image: Pixels) -> Pixels {
        var out = image
        for pixel in 0..<(image.width * image.height) {
            let alpha = Float(image.bytes[pixel * 4 + 3])
            for c in 0..<3 { out.bytes[pixel * 4 + c] = UInt8((Float(image.bytes[pixel * 4 + c]) * alpha / 255).rounded()) }
        }
        return out
    }

    static func reference(_ mode: BlendFilter.Mode, base: Pixels, overlay: Pixels, opacity: Float) -> Pixels {
        func straight(_ p: Pixels, _ i: Int) -> SIMD4<Float> {
            let a = Float(p.bytes[i + 3]) / 255
            guard a > 0 else { return .zero }
            return SIMD4((0..<3).map { min(Float(p.bytes[i + $0]) / 255 / a, 1) } + [a])
        }
        var out = base
        for pixel in 0..<(base.width * base.height) {
            let i = pixel * 4
            let r = BlendReference.blend(
                mode, straight(base, i), straight(overlay, i), opacity: opacity, mix: 0.35, keyColor: SIMD3(0.1, 0.8, 0.2),
                threshold: 0.25, smoothing: 0.2)
            let a = min(max(r.w, 0), 1)
            for c in 0..<3 { out.bytes[i + c] = UInt8((min(max(r[c], 0), 1) * a * 255).rounded()) }
            out.bytes[i + 3] = UInt8((a * 255).rounded())
        }
        return out
    }

    @Test(arguments: BlendFilter.Mode.allCases)
    func matchesTheCPUReferenceAtTransparentEdges(mode: BlendFilter.Mode) throws {
        try withDevice { device in
            let straight = Self.straightPair()
            let (base, overlay) = (Self.premultiplied(straight.base), Self.premultiplied(straight.overlay))
            let (a, b) = (try base.upload(device), try overlay.upload(device))
            defer { a.release(); b.release() }
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            defer { target.release() }
            let blend = BlendFilter(mode: mode, base: ImageSource(a), overlay: ImageSource(b))
            BlendModeTests.configure(blend)
            let renderer = try EffectRenderer(device: device, output: blend)
            defer { renderer.release() }
            #expect(renderer.passStructures == ["\(BlendFilter.kindName(for: mode))(input0, input1)"])
            for opacity in [Float(1), 0.5] {
                blend.opacity = opacity
                try renderer.render(into: target)
                let gpu = try target.read()
                // Dividing by an alpha of 1/255 stretches the GPU's last-bit differences from
                // the CPU's, then multiplying by it shrinks them again: 2 levels as for straight.
                let difference = gpu.difference(to: Self.reference(mode, base: base, overlay: overlay, opacity: opacity))
                #expect(difference.max <= 2, "\(mode) opacity \(opacity): max \(difference.max)")
                #expect(difference.mean <= 0.05, "\(mode) opacity \(opacity): mean \(difference.mean)")
                for pixel in 0..<(Self.width * Self.height) {
                    let t = gpu.texel(pixel % Self.width, pixel / Self.width)
                    // A premultiplied colour never exceeds its alpha; where both inputs are
                    // transparent nothing is left.
                    #expect(max(t.x, t.y, t.z) <= t.w, "\(mode): \(t) at pixel \(pixel) is not premultiplied")
                    if base.bytes[pixel * 4 + 3] == 0 && overlay.bytes[pixel * 4 + 3] == 0 {
                        #expect(t == .zero, "\(mode): transparent over transparent gave \(t)")
                    }
                }
            }
        }
    }

    /// Normal (source-over) in premultiplied form is overlay + base × (1 − overlay alpha): an
    /// opaque red at half coverage over opaque blue is (128, 0, 127, 255), not the straight
    /// formula applied to premultiplied numbers.
    @Test func normalIsSourceOverOfPremultipliedColours() throws {
        try withDevice { device in
            let base = Pixels(width: 1, height: 1, bytes: [0, 0, 255, 255])
            let overlay = Pixels(width: 1, height: 1, bytes: [128, 0, 0, 128])
            let (a, b) = (try base.upload(device), try overlay.upload(device))
            defer { a.release(); b.release() }
            let target = try device.makeOffscreenTarget(width: 1, height: 1)
            defer { target.release() }
            let renderer = try EffectRenderer(
                device: device, output: BlendFilter(mode: .normal, base: ImageSource(a), overlay: ImageSource(b)))
            defer { renderer.release() }
            try renderer.render(into: target)
            let got = try target.read().texel(0, 0)
            #expect(got == SIMD4(128, 0, 127, 255), "\(got)")
        }
    }
}
