import Foundation
import SegueEffects
import SegueGL
import Testing
import SegueTesting

/// One colour adjustment with non-default parameters, its identity setting, and a CPU
/// reference that repeats the shader's float steps.
struct ColorAdjustmentCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// Builds the filter on `input` with the tested parameters.
    let make: @Sendable (any EffectNode) -> UnaryFilter
    /// Sets parameters that must leave the picture exactly unchanged (nil: there are none).
    let setIdentity: (@Sendable (UnaryFilter) -> Void)?
    /// The expected colour (0...1 floats) for an input colour at pixel (x, y) of a w×h frame.
    let reference: @Sendable (SIMD4<Float>, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> SIMD4<Float>

    var testDescription: String { name }

    static let weights = SIMD3<Float>(0.2125, 0.7154, 0.0721)
    static func clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> { v.clamped(lowerBound: .zero, upperBound: .one) }
    static func rgb(_ c: SIMD4<Float>, _ f: (Float) -> Float) -> SIMD4<Float> { SIMD4(f(c.x), f(c.y), f(c.z), c.w) }
    static func luma(_ c: SIMD4<Float>) -> Float { (SIMD3(c.x, c.y, c.z) * weights).sum() }
    static func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
        let t = min(max((x - a) / (b - a), 0), 1)
        return t * t * (3 - 2 * t)
    }

    static let all: [ColorAdjustmentCase] = [
        .init(name: "brightness", make: { Brightness(input: $0, brightness: 0.23) }, setIdentity: { ($0 as! Brightness).brightness = 0 }) { c, _, _, _, _ in
            clamp01(rgb(c) { $0 + 0.23 })
        },
        .init(name: "contrast", make: { Contrast(input: $0, contrast: 1.6) }, setIdentity: { ($0 as! Contrast).contrast = 1 }) { c, _, _, _, _ in
            clamp01(rgb(c) { $0 * 1.6 + Contrast.offset(contrast: 1.6) })
        },
        .init(name: "saturation", make: { Saturation(input: $0, saturation: 0.4) }, setIdentity: { ($0 as! Saturation).saturation = 1 }) { c, _, _, _, _ in
            let gray = luma(c)
            return clamp01(rgb(c) { gray * 0.6 + $0 * 0.4 })
        },
        .init(name: "exposure", make: { Exposure(input: $0, exposure: -0.7) }, setIdentity: { ($0 as! Exposure).exposure = 0 }) { c, _, _, _, _ in
            clamp01(rgb(c) { $0 * exp2(-0.7) })
        },
        .init(name: "gamma", make: { Gamma(input: $0, gamma: 1.8) }, setIdentity: { ($0 as! Gamma).gamma = 1 }) { c, _, _, _, _ in
            clamp01(rgb(c) { pow($0, 1.8) })
        },
        .init(name: "sepia", make: { Sepia(input: $0, intensity: 0.75) }, setIdentity: { ($0 as! Sepia).intensity = 0 }) { c, _, _, _, _ in
            let v = SIMD3(c.x, c.y, c.z)
            let s = SIMD3(
                (v * SIMD3(0.3588, 0.7044, 0.1368)).sum(), (v * SIMD3(0.2990, 0.5870, 0.1140)).sum(),
                (v * SIMD3(0.2392, 0.4696, 0.0912)).sum())
            let m = v * 0.25 + s * 0.75
            return clamp01(SIMD4(m.x, m.y, m.z, c.w))
        },
        .init(name: "opacity", make: { Opacity(input: $0, opacity: 0.3) }, setIdentity: { ($0 as! Opacity).opacity = 1 }) { c, _, _, _, _ in
            SIMD4(c.x, c.y, c.z, c.w * 0.3)
        },
        .init(name: "invert", make: { ColorInvert(input: $0) }, setIdentity: nil) { c, _, _, _, _ in rgb(c) { 1 - $0 } },
        .init(name: "grayscale", make: { Grayscale(input: $0) }, setIdentity: nil) { c, _, _, _, _ in
            let gray = luma(c)
            return SIMD4(gray, gray, gray, c.w)
        },
        .init(
            name: "vignette", make: { Vignette(input: $0, center: [0.4, 0.6], start: 0.2, end: 0.6, color: [0.1, 0.2, 0.9]) },
            setIdentity: { ($0 as! Vignette).start = 5; ($0 as! Vignette).end = 6 }
        ) { c, x, y, w, h in
            let uv = SIMD2(Float(x) + 0.5, Float(y) + 0.5) * SIMD2(1 / Float(w), 1 / Float(h))
            let d = ((uv - SIMD2(0.4, 0.6)) * (uv - SIMD2(0.4, 0.6))).sum().squareRoot()
            let a = smoothstep(0.2, 0.6, d)
            let color = SIMD3<Float>(0.1, 0.2, 0.9)
            let m = SIMD3(c.x, c.y, c.z) * (1 - a) + color * a
            return SIMD4(m.x, m.y, m.z, c.w)
        },
    ]
}

enum ColorReference {
    /// Applies `reference` per pixel in floats and rounds to 8 bits as the GPU's output does.
    static func apply(_ c: ColorAdjustmentCase, to image: Pixels) -> Pixels {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let t = image.texel(x, y)
                let v = c.reference(SIMD4<Float>(Float(t.x), Float(t.y), Float(t.z), Float(t.w)) / 255, x, y, image.width, image.height)
                let i = (y * image.width + x) * 4
                for k in 0..<4 { out.bytes[i + k] = UInt8((min(max(v[k], 0), 1) * 255).rounded()) }
            }
        }
        return out
    }
}

@Suite("Colour adjustments (headless GL)", .tags(.gl))
struct ColorAdjustmentTests {
    static let (width, height) = (61, 37)

    @Test(arguments: ColorAdjustmentCase.all)
    func matchesTheCPUReference(adjustment: ColorAdjustmentCase) throws {
        try withDevice { device in
            var image = Pixels.noise(width: Self.width, height: Self.height, seed: 5)
            // Varied alpha, so a filter that touches alpha by mistake shows.
            for i in stride(from: 3, to: image.bytes.count, by: 4) { image.bytes[i] = UInt8(truncatingIfNeeded: i * 7) }
            let texture = try image.upload(device)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            let filter = adjustment.make(ImageSource(texture))
            let renderer = try EffectRenderer(device: device, output: filter)
            #expect(renderer.passCount == 1)
            try renderer.render(into: target)
            // The same float formula on both sides; the GPU may fuse multiply-adds and its pow,
            // exp2 and sqrt differ in the last bits, so a value near a rounding boundary of the
            // 8-bit output can go either way (1).
            let difference = try target.read().difference(to: ColorReference.apply(adjustment, to: image))
            #expect(difference.max <= 1, "\(adjustment.name): max \(difference.max)")
            #expect(difference.mean <= 0.05, "\(adjustment.name): mean \(difference.mean)")
            if let setIdentity = adjustment.setIdentity {
                setIdentity(filter)
                try renderer.render(into: target)
                #expect(try target.read() == image, "\(adjustment.name): identity parameters must return the input exactly")
            }
            renderer.release(); target.release(); texture.release()
        }
    }

    /// Chains of every length fuse into one pass and equal one pass per filter.
    @Test(arguments: [1, 2, 4, 8, 10])
    func chainsFuseIntoOnePass(length: Int) throws {
        try withDevice { device in
            let image = Pixels.noise(width: 48, height: 32, seed: 11)
            let texture = try image.upload(device)
            var node: any EffectNode = ImageSource(texture)
            for index in 0..<length { node = ColorAdjustmentCase.all[index].make(node) }
            let fused = try EffectRenderer(device: device, output: node, mode: .fused)
            let onePass = try EffectRenderer(device: device, output: node, mode: .onePassPerFilter)
            #expect(fused.passCount == 1)
            #expect(fused.peakIntermediateCount == 0)
            #expect(onePass.passCount == length)
            // A straight chain needs two targets at most however long it is (ping-pong).
            #expect(onePass.peakIntermediateCount == min(length - 1, 2))
            let a = try device.makeOffscreenTarget(width: 48, height: 32)
            let b = try device.makeOffscreenTarget(width: 48, height: 32)
            try fused.render(into: a)
            try onePass.render(into: b)
            // One pass per filter rounds each intermediate to 8 bits (half a level); the next
            // filters carry that on with slopes up to 1.8 (gamma) and 1.6 (contrast), so the
            // longest chains can end 2 levels apart.
            let difference = try a.read().difference(to: b.read())
            #expect(difference.max <= 2, "length \(length): max \(difference.max)")
            #expect(difference.mean <= 0.3, "length \(length): mean \(difference.mean)")
            a.release(); b.release(); texture.release()
        }
    }
}
