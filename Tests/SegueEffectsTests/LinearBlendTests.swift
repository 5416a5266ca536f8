import SegueColor
import SegueEffects
import SegueGL
import Testing
import SegueTesting
import SegueGLSL

/// `BlendSpace.linear`: every kind of effect (a gl-transition built-in, the pixel dissolve's
/// graph, a blend mode, a multi-pass graph) mixes light, not sRGB-encoded values; the default
/// stays sRGB. The reference is the sRGB curve of IEC 61966-2-1 on the CPU (`BlendSpace.mix`).
@Suite("Linear-light blending (headless GL)", .tags(.gl))
struct LinearBlendTests {
    static let (width, height) = (8, 4)

    static func solid(_ value: UInt8) -> Pixels {
        var bytes = [UInt8](repeating: value, count: width * height * 4)
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        return Pixels(width: width, height: height, bytes: bytes)
    }

    /// The middle pixel's red of `render` drawn into a target of the suite's size.
    static func middle(_ device: GLDevice, _ render: (OffscreenTarget) throws -> Void) throws -> Int {
        let target = try device.makeOffscreenTarget(width: width, height: height)
        defer { target.release() }
        try render(target)
        let pixels = Pixels(width: width, height: height, bytes: try target.readPixels())
        return Int(pixels.texel(width / 2, height / 2).x)
    }

    /// The crossfade's middle as the CPU reference has it, 0...255.
    static func expected(_ space: BlendSpace, at t: Double = 0.5) -> Double { space.mix(0, 1, t) * 255 }

    @Test func theReferenceIs188InLinearLightAnd128InSRGB() {
        #expect(abs(Self.expected(.linear) - 187.5) < 0.1)
        #expect(abs(Self.expected(.srgb) - 127.5) < 0.1)
    }

    @Test(arguments: BlendSpace.allCases)
    func blackToWhiteCrossfadesMeetTheReferenceForEveryKindOfEffect(space: BlendSpace) throws {
        try withDevice { device in
            let (black, white) = (try Self.solid(0).upload(device), try Self.solid(255).upload(device))
            defer { black.release(); white.release() }
            let want = Self.expected(space)
            for name in ["fade", "pixel-dissolve"] {
                let effect = try NamedTransition.named(name).makeEffect(device: device, from: black, to: white, blendSpace: space)
                defer { effect.release() }
                effect.progress = 0.5
                let got = try Self.middle(device) { try effect.render(into: $0) }
                #expect(abs(Double(got) - want) <= 1, "\(name) in \(space): \(got), want \(want)")
            }
            // A blend mode, and the same blend read through an intermediate pass (RGBA16F, linear).
            let blend = ImageSource(black).blended(with: ImageSource(white), mode: .normal, opacity: 0.5)
            for (graph, mode) in [(blend as any EffectNode, ExecutionMode.fused), (blend.brightness(0), .onePassPerFilter)] {
                let renderer = try EffectRenderer(device: device, output: graph, mode: mode, blendSpace: space)
                let got = try Self.middle(device) { try renderer.render(into: $0) }
                #expect(abs(Double(got) - want) <= 1, "blend.normal \(mode) in \(space): \(got), want \(want)")
            }
        }
    }

    /// A user's gl-transition gets the same: its getFromColor/getToColor return linear light.
    @Test func aUsersGLTransitionMixesInTheBlendSpace() throws {
        let source = try GLTransitionSource.parse(
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }", name: "mine")
        try withDevice { device in
            let (black, white) = (try Self.solid(0).upload(device), try Self.solid(255).upload(device))
            defer { black.release(); white.release() }
            for space in BlendSpace.allCases {
                let effect = try GLTransitionEffect(device: device, source: source, from: black, to: white, blendSpace: space)
                defer { effect.release() }
                effect.progress = 0.25
                let got = try Self.middle(device) { try effect.render(into: $0) }
                #expect(abs(Double(got) - Self.expected(space, at: 0.25)) <= 1, "\(space): \(got)")
            }
        }
    }

    /// Decoding on sampling and encoding on writing give every 8-bit value back: nothing is lost
    /// where pictures pass through untouched.
    @Test func everyEightBitValueRoundTripsThroughLinearLight() throws {
        var bytes = [UInt8](repeating: 255, count: 256 * 4)
        for value in 0..<256 { for channel in 0..<3 { bytes[value * 4 + channel] = UInt8(value) } }
        let ramp = Pixels(width: 256, height: 1, bytes: bytes)
        try withDevice { device in
            let texture = try ramp.upload(device)
            defer { texture.release() }
            let target = try device.makeOffscreenTarget(width: 256, height: 1)
            defer { target.release() }
            for mode in ExecutionMode.allCases {
                try EffectRenderer(device: device, output: ImageSource(texture).brightness(0), mode: mode, blendSpace: .linear)
                    .render(into: target)
                let out = Pixels(width: 256, height: 1, bytes: try target.readPixels())
                #expect(out == ramp, "\(mode): \(out.difference(to: ramp))")
            }
        }
    }

    /// A source of another size is filtered after decoding, as an sRGB texture is: a 2×1 black and
    /// white picture stretched to 4×1 shows a quarter and three quarters of the light between them.
    @Test func resampledSourcesAreFilteredInLinearLight() throws {
        let pair = Pixels(width: 2, height: 1, bytes: [0, 0, 0, 255, 255, 255, 255, 255])
        try withDevice { device in
            let texture = try pair.upload(device)
            defer { texture.release() }
            let target = try device.makeOffscreenTarget(width: 4, height: 1)
            defer { target.release() }
            for space in BlendSpace.allCases {
                try EffectRenderer(device: device, output: ImageSource(texture, resize: .stretch), blendSpace: space).render(into: target)
                let out = Pixels(width: 4, height: 1, bytes: try target.readPixels())
                for (x, t) in [(1, 0.25), (2, 0.75)] {
                    let want = Self.expected(space, at: t)
                    #expect(abs(Double(out.texel(x, 0).x) - want) <= 1, "\(space) x=\(x): \(out.texel(x, 0).x), want \(want)")
                }
            }
        }
    }
}

/// Intermediates of multi-pass graphs are RGBA16F: a graph is quantised to 8 bits once, at its
/// output. contrast(¼) then contrast(4) is the identity; through an 8-bit intermediate it would
/// lose two bits (each intermediate code stands for four output codes).
@Suite("Multi-pass precision (headless GL)", .tags(.gl))
struct MultiPassPrecisionTests {
    static let ramp: Pixels = {
        var bytes = [UInt8](repeating: 255, count: 256 * 4)
        for value in 0..<256 { for channel in 0..<3 { bytes[value * 4 + channel] = UInt8(value) } }
        return Pixels(width: 256, height: 1, bytes: bytes)
    }()

    /// What the graph gives for `code` with the intermediate stored in 8 bits (the CPU model of
    /// the old RGBA8 intermediates): the error the test must not see.
    static func throughEightBits(_ code: Int) -> Int {
        let squeezed = (Double(code) / 255 - 0.5) * 0.25 + 0.5
        let stored = (squeezed * 255).rounded() / 255
        return Int((min(max((stored - 0.5) * 4 + 0.5, 0), 1) * 255).rounded())
    }

    @Test func aMultiPassGraphIsNotQuantisedBetweenPasses() throws {
        let eightBitError = (0..<256).map { abs(Self.throughEightBits($0) - $0) }.max() ?? 0
        #expect(eightBitError >= 2, "the model shows what 8-bit intermediates lose: \(eightBitError)")
        try withDevice { device in
            let texture = try Self.ramp.upload(device)
            defer { texture.release() }
            let target = try device.makeOffscreenTarget(width: 256, height: 1)
            defer { target.release() }
            let renderer = try EffectRenderer(
                device: device, output: ImageSource(texture).contrast(0.25).contrast(4), mode: .onePassPerFilter)
            #expect(renderer.passCount == 2)
            try renderer.render(into: target)
            let out = Pixels(width: 256, height: 1, bytes: try target.readPixels())
            let worst = (0..<256).map { abs(Int(out.texel($0, 0).x) - $0) }.max() ?? 0
            #expect(worst <= 1, "the two passes stray \(worst) codes from the identity")
        }
    }
}
