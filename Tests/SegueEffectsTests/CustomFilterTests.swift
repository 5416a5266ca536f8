import SegueEffects
import SegueGL
import SegueShaders
import Testing
import SegueTesting

/// A filter written outside the library: posterize to `levels` steps per channel.
final class Posterize: ScalarFilter {
    static let kind = FilterKind(
        name: "posterize", footprint: .perPixel, functions: "", uniforms: [UniformDeclaration("levels", .float)]
    ) { px, inputs, uniforms in
        "vec4(floor(\(inputs[0])(\(px)).rgb * \(uniforms[0]) + 0.5) / \(uniforms[0]), \(inputs[0])(\(px)).a)"
    }
    init(input: any EffectNode, levels: Float) { super.init(kind: Self.kind, input: input, parameter: levels) }
}

@Suite("Filters of your own (headless GL)", .tags(.gl))
struct CustomFilterTests {
    @Test func aFilterOfYourOwnFusesWithTheLibrary() throws {
        try withDevice { device in
            let image = Pixels.noise(width: 32, height: 16, seed: 80)
            let texture = try image.upload(device)
            let output = Posterize(input: ImageSource(texture).inverted(), levels: 4).grayscale()
            let renderer = try EffectRenderer(device: device, output: output)
            #expect(renderer.passStructures == ["grayscale(posterize(invert(input0)))"])
            let target = try device.makeOffscreenTarget(width: 32, height: 16)
            let posterized = try EffectRenderer(device: device, output: Posterize(input: ImageSource(texture), levels: 4))
            try posterized.render(into: target)
            // 4 levels: every channel is one of 0, 64, 128, 191, 255 (k/4 rounded to 8 bits).
            let allowed: Set<UInt8> = [0, 64, 128, 191, 255]
            let pixels = try target.read()
            #expect(pixels.bytes.enumerated().allSatisfy { $0.offset % 4 == 3 || allowed.contains($0.element) })
            try renderer.render(into: target)
            target.release(); texture.release()
        }
    }

    @Test func aBrokenFilterIsATypedErrorWithTheDriverLogAndTheSource() throws {
        try withDevice { device in
            let texture = try Pixels.noise(width: 4, height: 4, seed: 81).upload(device)
            let broken = UnaryFilter(
                kind: FilterKind(name: "broken", footprint: .perPixel, functions: "", uniforms: []) { px, inputs, _ in
                    "\(inputs[0])(\(px)) * undefinedThing"
                },
                input: ImageSource(texture))
            do {
                _ = try EffectRenderer(device: device, output: broken.brightness(0.1))
                Issue.record("a broken shader compiled")
            } catch GLError.shaderCompilation(let failure) {
                #expect(failure.stage == .fragment)
                #expect(failure.log.contains("undefinedThing"), "\(failure.log)")
                #expect(failure.excerpt.contains("undefinedThing"), "the excerpt shows the failing line")
                #expect(!failure.lines.isEmpty)
            }
            texture.release()
        }
    }

    @Test func nanParametersDoNotPoisonTheFrame() throws {
        try withDevice { device in
            let image = Pixels.noise(width: 24, height: 16, seed: 82)
            let texture = try image.upload(device)
            let blur = ImageSource(texture).gaussianBlur(sigma: .nan)
            let output = blur.opacity(.nan).gamma(.nan)
            let renderer = try EffectRenderer(device: device, output: output)
            let target = try device.makeOffscreenTarget(width: 24, height: 16)
            try renderer.render(into: target)
            let pixels = try target.read()
            // σ NaN blurs nothing; opacity NaN counts as 0 (transparent); gamma NaN as 0.001
            // (every colour ≈ 1): defined values everywhere.
            for y in 0..<16 {
                for x in 0..<24 {
                    #expect(pixels.texel(x, y).w == 0)
                }
            }
            let blurOnly = try EffectRenderer(device: device, output: blur)
            try blurOnly.render(into: target)
            #expect(try target.read() == image, "σ NaN passes the input through")
            target.release(); texture.release()
        }
    }
}
