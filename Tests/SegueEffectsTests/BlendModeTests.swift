import CSegueAllocationCounter
import SegueEffects
import SegueGL
import SegueHeadless
import Testing
import SegueTesting

@Suite("Blend modes (headless GL)", .tags(.gl))
struct BlendModeTests {
    // Odd, non-square: row/column mix-ups show.
    static let (width, height) = (61, 37)

    /// The non-default parameters every test sets, so the uniforms are really exercised.
    static func configure(_ blend: BlendFilter) {
        blend.mix = 0.35
        blend.keyColor = SIMD3(0.1, 0.8, 0.2)
        blend.threshold = 0.25
        blend.smoothing = 0.2
    }

    @Test(arguments: BlendFilter.Mode.allCases)
    func matchesTheCPUReferenceFusedAndOnePass(mode: BlendFilter.Mode) throws {
        try withDevice { device in
            let (base, overlay) = BlendImages.pair(width: Self.width, height: Self.height, seed: 21)
            let (baseTexture, overlayTexture) = (try base.upload(device), try overlay.upload(device))
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            // The formulas on straight inputs (PremultipliedBlendTests: the pipeline's default).
            let blend = BlendFilter(
                mode: mode, base: ImageSource(baseTexture), overlay: ImageSource(overlayTexture), alpha: .straight)
            Self.configure(blend)
            let fused = try EffectRenderer(device: device, output: blend, mode: .fused)
            let onePass = try EffectRenderer(device: device, output: blend, mode: .onePassPerFilter)
            #expect(fused.passCount == 1)
            #expect(fused.passStructures == ["\(BlendFilter.kindName(for: mode, alpha: .straight))(input0, input1)"])

            for opacity in [Float(1), 0.5] {
                blend.opacity = opacity
                try fused.render(into: target)
                let gpu = try target.read()
                try onePass.render(into: target)
                let separate = try target.read()
                let cpu = BlendReference.render(
                    mode, base: base, overlay: overlay, opacity: opacity, mix: blend.mix,
                    keyColor: blend.keyColor, threshold: blend.threshold, smoothing: blend.smoothing)
                // A lone blend is one pass either way: the same program, so 1 only allows for
                // rounding.
                let paths = gpu.difference(to: separate)
                #expect(paths.max <= 1, "\(mode) opacity \(opacity): fused vs one-pass max \(paths.max)")
                // Both evaluate the same formula in 32-bit floats, but the GPU may fuse multiply-adds
                // and its division, dot and sqrt may differ in the last bits: a value near a
                // rounding boundary of the 8-bit output can go either way (1), and the divisions
                // of the composite (by the result alpha), of ClipColor and the chroma key's
                // smoothstep slope can stretch such differences by one more level (2).
                let reference = gpu.difference(to: cpu)
                #expect(reference.max <= 2, "\(mode) opacity \(opacity): GPU vs CPU max \(reference.max)")
                #expect(reference.mean <= 0.05, "\(mode) opacity \(opacity): GPU vs CPU mean \(reference.mean)")
            }

            blend.opacity = 0
            for renderer in [fused, onePass] {
                try renderer.render(into: target)
                #expect(try target.read() == base, "\(mode) \(renderer.mode): opacity 0 must return base exactly")
            }
            fused.release(); onePass.release(); target.release(); baseTexture.release(); overlayTexture.release()
        }
    }

    /// Known values worked out by hand, so a formula wrong in both shader and CPU reference fails.
    @Test(arguments: BlendSpotCheck.all)
    func handWorkedValues(check: BlendSpotCheck) throws {
        try withDevice { device in
            let base = Pixels(width: 1, height: 1, bytes: check.base.map { $0 })
            let overlay = Pixels(width: 1, height: 1, bytes: check.overlay.map { $0 })
            let (a, b) = (try base.upload(device), try overlay.upload(device))
            let blend = BlendFilter(
                mode: check.mode, base: ImageSource(a), overlay: ImageSource(b), opacity: check.opacity, alpha: .straight)
            blend.mix = 0.5
            let renderer = try EffectRenderer(device: device, output: blend)
            let target = try device.makeOffscreenTarget(width: 1, height: 1)
            try renderer.render(into: target)
            let got = try target.read().texel(0, 0)
            let want = SIMD4<UInt8>(check.expected[0], check.expected[1], check.expected[2], check.expected[3])
            let error = (0..<4).map { abs(Int(got[$0]) - Int(want[$0])) }.max() ?? 0
            #expect(error <= 1, "\(check.name): got \(got), expected \(want)")
            renderer.release(); target.release(); a.release(); b.release()
        }
    }

    @Test(arguments: BlendGraphShape.allCases)
    func graphsFuseIntoOnePassAndEqualOnePassPerFilter(shape: BlendGraphShape) throws {
        try withDevice { device in
            let (width, height) = (96, 64)
            let images = (0..<3).map { Pixels.noise(width: width, height: height, seed: 40 + UInt32($0)) }
            let textures = try images.map { try $0.upload(device) }
            let sources = textures.map(ImageSource.init)
            let (output, blends) = shape.build(sources)
            let fused = try EffectRenderer(device: device, output: output, mode: .fused)
            let onePass = try EffectRenderer(device: device, output: output, mode: .onePassPerFilter)
            #expect(fused.passCount == 1, "\(shape): \(fused.passStructures)")
            #expect(fused.passStructures == [shape.fusedStructure])
            #expect(onePass.passCount == shape.onePassCount, "\(shape): \(onePass.passStructures)")
            let fusedTarget = try device.makeOffscreenTarget(width: width, height: height)
            let onePassTarget = try device.makeOffscreenTarget(width: width, height: height)
            for opacity in [Float(1), 0.7, 0.3] {
                for blend in blends { blend.opacity = opacity }
                try fused.render(into: fusedTarget)
                try onePass.render(into: onePassTarget)
                // One-pass rounds every intermediate to 8 bits; fused keeps floats. The inputs
                // are opaque, so every blend here is B(b, s) mixed by opacity, and the modes
                // used change by at most as much as their inputs (slope ≤ 1): the half-level
                // roundings add up to at most one level at the output.
                let difference = try fusedTarget.read().difference(to: onePassTarget.read())
                #expect(difference.max <= 1, "\(shape) opacity \(opacity): max \(difference.max)")
            }
            fused.release(); onePass.release(); fusedTarget.release(); onePassTarget.release()
            for texture in textures { texture.release() }
        }
    }

    @Test func programsAreCachedByStructure() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: 8, height: 8, seed: 30).upload(device)
            let b = try Pixels.noise(width: 8, height: 8, seed: 31).upload(device)
            let c = try Pixels.noise(width: 8, height: 8, seed: 32).upload(device)
            func graph(_ outer: BlendFilter.Mode, _ inner: BlendFilter.Mode, opacity: Float) -> BlendFilter {
                BlendFilter(
                    mode: outer, base: Pixellate(input: ImageSource(a)),
                    overlay: BlendFilter(mode: inner, base: ImageSource(b), overlay: ImageSource(c)), opacity: opacity)
            }
            let target = try device.makeOffscreenTarget(width: 8, height: 8)
            let first = try EffectRenderer(device: device, output: graph(.multiply, .screen, opacity: 1))
            try first.render(into: target)

            // New nodes, other textures and other parameters: the same structure, no compile.
            var before = device.counters
            let same = try EffectRenderer(device: device, output: graph(.multiply, .screen, opacity: 0.25))
            try same.render(into: target)
            #expect(device.counters.since(before).shaderCompiles == 0)
            #expect(device.counters.since(before).programLinks == 0)

            // Changing parameters between frames never recompiles either.
            before = device.counters
            let live = graph(.chromaKey, .alpha, opacity: 1)
            let liveRenderer = try EffectRenderer(device: device, output: live)
            #expect(device.counters.since(before).shaderCompiles > 0, "a different mode is a different program")
            before = device.counters
            for step in 0..<4 {
                live.opacity = Float(step) / 3
                live.threshold = Float(step) / 10
                try liveRenderer.render(into: target)
            }
            #expect(device.counters.since(before).shaderCompiles == 0)

            // Another mode in the same place compiles; so does swapping the two modes.
            for (outer, inner) in [(BlendFilter.Mode.screen, BlendFilter.Mode.screen), (.screen, .multiply)] {
                before = device.counters
                let other = try EffectRenderer(device: device, output: graph(outer, inner, opacity: 1))
                #expect(device.counters.since(before).shaderCompiles > 0, "\(outer)(…, \(inner)) must compile")
                other.release()
            }
            first.release(); same.release(); liveRenderer.release(); target.release()
            a.release(); b.release(); c.release()
        }
    }

    @Test func kindNamesAreDistinctPerMode() {
        let names = Set(BlendFilter.Mode.allCases.map { BlendFilter.kindName(for: $0) })
        #expect(names.count == 25)
        #expect(BlendFilter.kindName(for: .multiply) == "blend.multiply")
        // Straight inputs are another program: the same mode in both would share a cache entry.
        #expect(BlendFilter.kindName(for: .multiply, alpha: .straight) == "blend.multiply.straight")
    }

    @Test func steadyStateAllocatesNothing() throws {
        try withDevice { device in
            let (width, height) = (32, 24)
            let a = try Pixels.noise(width: width, height: height, seed: 50).upload(device)
            let b = try Pixels.noise(width: width, height: height, seed: 51).upload(device)
            let c = try Pixels.noise(width: width, height: height, seed: 52).upload(device)
            let target = try device.makeOffscreenTarget(width: width, height: height)
            let inner = BlendFilter(mode: .chromaKey, base: ImageSource(b), overlay: ImageSource(c))
            let outer = BlendFilter(mode: .alpha, base: ImageSource(a), overlay: inner)
            for mode in ExecutionMode.allCases {
                let renderer = try EffectRenderer(device: device, output: outer, mode: mode)
                for _ in 0..<3 { try renderer.render(into: target) }  // warm
                device.finish()
                let before = device.counters
                segue_allocation_counter_begin()
                for frame in 0..<50 {
                    let t = Float(frame) / 49
                    outer.opacity = t; outer.mix = 1 - t
                    inner.keyColor = SIMD3(t, 1 - t, 0.5); inner.threshold = t / 2; inner.smoothing = 0.1
                    try renderer.render(into: target)
                }
                let allocations = segue_allocation_counter_end()
                device.finish()
                let used = device.counters.since(before)
                // Counted except under a sanitizer (its runtime owns malloc; the GL counts still hold).
                if segue_allocation_counter_available() != 0 { #expect(allocations == 0, "\(mode): \(allocations) heap allocations in 50 frames") }
                #expect(used.shaderCompiles == 0 && used.textureUploads == 0 && used.objectAllocations == 0)
                #expect(used.drawCalls == 50 * renderer.passCount)
                renderer.release()
            }
            target.release(); a.release(); b.release(); c.release()
        }
    }

    /// Every mode's program is written in the GLSL subset common to 3.30 core and ES 3.00.
    @Test func everyModeRendersTheSameOnGLES3() throws {
        let (base, overlay) = BlendImages.pair(width: 24, height: 16, seed: 60)
        func render(on context: HeadlessEGLContext) throws -> [Pixels] {
            defer { context.release() }
            let device = try GLDevice(context: context)
            defer { device.release() }
            let (a, b) = (try base.upload(device), try overlay.upload(device))
            let target = try device.makeOffscreenTarget(width: 24, height: 16)
            var frames: [Pixels] = []
            for mode in BlendFilter.Mode.allCases {
                let blend = BlendFilter(mode: mode, base: ImageSource(a), overlay: ImageSource(b), opacity: 0.8)
                Self.configure(blend)
                let renderer = try EffectRenderer(device: device, output: blend)
                try renderer.render(into: target)
                frames.append(try target.read())
                renderer.release()
            }
            target.release(); a.release(); b.release()
            return frames
        }
        let es = try HeadlessEGLContext(api: .openGLES3)
        #expect(es.shadingLanguage == .glslES300)
        let esFrames = try render(on: es)
        let coreFrames = try render(on: HeadlessEGLContext())
        for (mode, (esFrame, coreFrame)) in zip(BlendFilter.Mode.allCases, zip(esFrames, coreFrames)) {
            let difference = esFrame.difference(to: coreFrame).max
            // Burn and dodge divide by small values: they would show half-precision texel
            // fetches, which the ES header's `precision highp sampler2D` prevents.
            #expect(difference <= 1, "\(mode)")
        }
    }
}

// MARK: - Graph shapes

enum BlendGraphShape: String, CaseIterable, CustomTestStringConvertible {
    /// multiply(pixellate(a), screen(b, c)): the brief's tree.
    case tree
    /// screen(p, difference(p, b)) with p = pixellate(a) shared: emitted once per pass.
    case diamond
    /// exclusion(darken(multiply(a, b), c), a): a chain, reading `a` at both ends.
    case chain

    var testDescription: String { rawValue }

    func build(_ s: [ImageSource]) -> (output: any EffectNode, blends: [BlendFilter]) {
        switch self {
        case .tree:
            let inner = BlendFilter(mode: .screen, base: s[1], overlay: s[2])
            let outer = BlendFilter(mode: .multiply, base: Pixellate(input: s[0], fractionalWidthOfAPixel: 0.07), overlay: inner)
            return (outer, [inner, outer])
        case .diamond:
            let p = Pixellate(input: s[0], fractionalWidthOfAPixel: 0.05)
            let inner = BlendFilter(mode: .difference, base: p, overlay: s[1])
            let outer = BlendFilter(mode: .screen, base: p, overlay: inner)
            return (outer, [inner, outer])
        case .chain:
            let first = BlendFilter(mode: .multiply, base: s[0], overlay: s[1])
            let second = BlendFilter(mode: .darken, base: first, overlay: s[2])
            let third = BlendFilter(mode: .exclusion, base: second, overlay: s[0])
            return (third, [first, second, third])
        }
    }

    var fusedStructure: String {
        switch self {
        case .tree: "blend.multiply(pixellate(input0), blend.screen(input1, input2))"
        case .diamond: "blend.screen(pixellate(input0), blend.difference(pixellate(input0), input1))"
        case .chain: "blend.exclusion(blend.darken(blend.multiply(input0, input1), input2), input0)"
        }
    }

    /// One pass per filter.
    var onePassCount: Int {
        switch self {
        case .tree: 3
        case .diamond: 3
        case .chain: 3
        }
    }
}

// MARK: - Hand-worked values

struct BlendSpotCheck: Sendable, CustomTestStringConvertible {
    let name: String
    let mode: BlendFilter.Mode
    let base: [UInt8]
    let overlay: [UInt8]
    var opacity: Float = 1
    let expected: [UInt8]

    var testDescription: String { name }

    static let all: [BlendSpotCheck] = [
        // 128·128/255 = 64.25; 64·255/255 = 64; 255·0 = 0.
        .init(name: "multiply opaque", mode: .multiply, base: [128, 64, 255, 255], overlay: [128, 255, 0, 255], expected: [64, 64, 0, 255]),
        // 128 + 128 − 64.25 = 191.75.
        .init(name: "screen opaque", mode: .screen, base: [128, 128, 0, 255], overlay: [128, 0, 0, 255], expected: [192, 128, 0, 255]),
        // A transparent overlay leaves base, in every separable mode.
        .init(name: "multiply transparent overlay", mode: .multiply, base: [10, 20, 30, 200], overlay: [255, 0, 0, 0], expected: [10, 20, 30, 200]),
        // Over a transparent base the straight overlay colour shows unchanged at its alpha.
        .init(name: "normal on transparent base", mode: .normal, base: [9, 9, 9, 0], overlay: [200, 100, 50, 128], expected: [200, 100, 50, 128]),
        // Half-transparent white over opaque black: 127.5 grey, opaque.
        .init(name: "normal half white over black", mode: .normal, base: [0, 0, 0, 255], overlay: [255, 255, 255, 128], expected: [128, 128, 128, 255]),
        // Opacity 0.5 of an opaque red over opaque blue.
        .init(name: "normal opacity half", mode: .normal, base: [0, 0, 255, 255], overlay: [255, 0, 0, 255], opacity: 0.5, expected: [128, 0, 128, 255]),
        // sourceOver mixes all four channels by overlay alpha a = 128/255: rgb 255·a = 128,
        // alpha 0 + 128·a = 64.25.
        .init(name: "sourceOver alpha", mode: .sourceOver, base: [0, 0, 0, 0], overlay: [255, 255, 255, 128], expected: [128, 128, 128, 64]),
        // alpha: rgb mix by overlay alpha · mix (1 · 0.5), base alpha kept.
        .init(name: "alpha mix half", mode: .alpha, base: [0, 100, 200, 77], overlay: [200, 100, 0, 255], expected: [100, 100, 100, 77]),
        .init(name: "dissolve mix half", mode: .dissolve, base: [0, 100, 200, 0], overlay: [200, 100, 0, 255], expected: [100, 100, 100, 128]),
        .init(name: "add clips", mode: .add, base: [200, 20, 0, 255], overlay: [100, 30, 0, 255], expected: [255, 50, 0, 255]),
        .init(name: "subtract clips", mode: .subtract, base: [200, 20, 0, 255], overlay: [100, 30, 0, 255], expected: [100, 0, 0, 255]),
        // 51/204 = 0.25 → 63.75; 100 ≥ 50 → 1; 0 ≥ 0 → 1 (dividing black by black is white).
        .init(name: "divide", mode: .divide, base: [51, 100, 0, 255], overlay: [204, 50, 0, 255], expected: [64, 255, 255, 255]),
        // b = 64 ≤ half: 2·64·128/255 = 64.25; b = 192: 255 − 2·63·127/255 = 192.25.
        .init(name: "overlay both halves", mode: .overlay, base: [64, 192, 0, 255], overlay: [128, 128, 255, 255], expected: [64, 192, 0, 255]),
        // s = 64 ≤ half: 2·128·64/255 = 64.25; s = 192: 255 − 2·127·63/255 = 192.25; s = 0: 0.
        .init(name: "hardLight both halves", mode: .hardLight, base: [128, 128, 255, 255], overlay: [64, 192, 0, 255], expected: [64, 192, 0, 255]),
        .init(name: "darken", mode: .darken, base: [10, 200, 50, 255], overlay: [20, 100, 50, 255], expected: [10, 100, 50, 255]),
        .init(name: "lighten", mode: .lighten, base: [10, 200, 50, 255], overlay: [20, 100, 50, 255], expected: [20, 200, 50, 255]),
        // 1 − (1 − 0.8)/0.5 = 0.6 → 153; b = 1 → 1; s = 0 → 0.
        .init(name: "colorBurn", mode: .colorBurn, base: [204, 255, 100, 255], overlay: [128, 0, 0, 255], expected: [153, 255, 0, 255]),
        // 0.2/(1 − 0.5) = 0.4 → 102; s = 1 → 1; b = 0 → 0.
        .init(name: "colorDodge", mode: .colorDodge, base: [51, 100, 0, 255], overlay: [128, 255, 255, 255], expected: [102, 255, 0, 255]),
        .init(name: "linearBurn", mode: .linearBurn, base: [200, 100, 255, 255], overlay: [155, 100, 0, 255], expected: [100, 0, 0, 255]),
        // Pegtop: s = 0 gives b² (0.5² → 63.75), s = 1 gives 2b − b² (0.75 → 191.25).
        .init(name: "softLight", mode: .softLight, base: [128, 128, 0, 255], overlay: [0, 255, 0, 255], expected: [64, 192, 0, 255]),
        .init(name: "difference", mode: .difference, base: [10, 200, 50, 255], overlay: [20, 100, 50, 255], expected: [10, 100, 0, 255]),
        // 0.5 + 0.5 − 2·0.25 = 0.5; 1 + 1 − 2 = 0.
        .init(name: "exclusion", mode: .exclusion, base: [128, 255, 0, 255], overlay: [128, 255, 0, 255], expected: [128, 0, 0, 255]),
        // Luminosity of white on grey is white; of black is black.
        .init(name: "luminosity white", mode: .luminosity, base: [128, 128, 128, 255], overlay: [255, 255, 255, 255], expected: [255, 255, 255, 255]),
        // Colour of a grey overlay keeps base's luminance as grey: Lum(200, 100, 0) = 0.3·200 + 0.59·100 = 119.
        .init(name: "color grey overlay", mode: .color, base: [200, 100, 0, 255], overlay: [50, 50, 50, 255], expected: [119, 119, 119, 255]),
        // Hue of a grey base: saturation 0 gives grey at base's luminance.
        .init(name: "hue on grey", mode: .hue, base: [90, 90, 90, 255], overlay: [255, 0, 0, 255], expected: [90, 90, 90, 255]),
        // Saturation 0 (grey overlay) turns base grey at its own luminance.
        .init(name: "saturation grey", mode: .saturation, base: [200, 100, 0, 255], overlay: [70, 70, 70, 255], expected: [119, 119, 119, 255]),
        // The default key is green: a pure green overlay pixel is keyed out, red stays.
        .init(name: "chromaKey green keyed", mode: .chromaKey, base: [1, 2, 3, 255], overlay: [0, 255, 0, 255], expected: [1, 2, 3, 255]),
        .init(name: "chromaKey red kept", mode: .chromaKey, base: [1, 2, 3, 255], overlay: [255, 0, 0, 255], expected: [255, 0, 0, 255]),
        // mask: alpha times the overlay's luminance (white 1, black 0, grey 0.5) and alpha.
        .init(name: "mask white", mode: .mask, base: [10, 20, 30, 200], overlay: [255, 255, 255, 255], expected: [10, 20, 30, 200]),
        .init(name: "mask black", mode: .mask, base: [10, 20, 30, 200], overlay: [0, 0, 0, 255], expected: [10, 20, 30, 0]),
        .init(name: "mask half alpha", mode: .mask, base: [10, 20, 30, 255], overlay: [255, 255, 255, 128], expected: [10, 20, 30, 128]),
    ]
}

// MARK: - Inputs

enum BlendImages {
    /// Base and overlay noise with varied alpha (opaque, transparent and random pixels), and
    /// rows that reach the modes' special cases: equal colours, 0 and 255 channels.
    static func pair(width: Int, height: Int, seed: UInt32) -> (base: Pixels, overlay: Pixels) {
        var base = withAlpha(Pixels.noise(width: width, height: height, seed: seed), seed: seed &+ 100)
        var overlay = withAlpha(Pixels.noise(width: width, height: height, seed: seed &+ 1), seed: seed &+ 101)
        for x in 0..<width {
            for c in 0..<4 {
                overlay.bytes[x * 4 + c] = base.bytes[x * 4 + c]  // row 0: equal pixels
                let row1 = (width + x) * 4 + c, row2 = (2 * width + x) * 4 + c
                if c < 3 {
                    base.bytes[row1] = (x + c) % 2 == 0 ? 255 : 0  // row 1: extreme base channels
                    overlay.bytes[row2] = (x + c) % 3 == 0 ? 255 : 0  // row 2: extreme overlay channels
                }
            }
        }
        return (base, overlay)
    }

    /// Alpha per pixel: every 7th opaque, every 7th (offset) transparent, the rest random.
    static func withAlpha(_ image: Pixels, seed: UInt32) -> Pixels {
        var out = image
        var state = seed &* 2_654_435_761 | 1
        for pixel in 0..<(image.width * image.height) {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let alpha: UInt8 = switch pixel % 7 {
            case 0: 255
            case 3: 0
            default: UInt8(truncatingIfNeeded: state >> 8)
            }
            out.bytes[pixel * 4 + 3] = alpha
        }
        return out
    }
}

// MARK: - CPU reference (the formulas of Shaders/glsl/blend_modes.glsl, step for step)

enum BlendReference {
    typealias V3 = SIMD3<Float>
    typealias V4 = SIMD4<Float>
    static let tiny: Float = 1.0e-6
    static let luma = V3(0.3, 0.59, 0.11)

    static func render(
        _ mode: BlendFilter.Mode, base: Pixels, overlay: Pixels, opacity: Float, mix: Float,
        keyColor: V3, threshold: Float, smoothing: Float
    ) -> Pixels {
        var out = base
        for pixel in 0..<(base.width * base.height) {
            let i = pixel * 4
            let b = V4((0..<4).map { Float(base.bytes[i + $0]) / 255 })
            let s = V4((0..<4).map { Float(overlay.bytes[i + $0]) / 255 })
            let r = blend(mode, b, s, opacity: opacity, mix: mix, keyColor: keyColor, threshold: threshold, smoothing: smoothing)
            for c in 0..<4 { out.bytes[i + c] = UInt8((min(max(r[c], 0), 1) * 255).rounded()) }
        }
        return out
    }

    static func blend(
        _ mode: BlendFilter.Mode, _ b: V4, _ s: V4, opacity: Float, mix m: Float,
        keyColor: V3, threshold: Float, smoothing: Float
    ) -> V4 {
        let (bc, sc) = (rgb(b), rgb(s))
        let result: V4
        switch mode {
        case .normal: result = composite(b, s, sc)
        case .alpha: result = V4(mixed(bc, sc, s.w * m), b.w)
        case .sourceOver: result = mixed(b, s, s.w)
        case .add: result = composite(b, s, each(bc, sc) { min($0 + $1, 1) })
        case .subtract: result = composite(b, s, each(bc, sc) { max($0 - $1, 0) })
        case .multiply: result = composite(b, s, bc * sc)
        case .divide: result = composite(b, s, each(bc, sc) { $0 >= $1 ? 1 : $0 / max($1, tiny) })
        case .screen: result = composite(b, s, bc + sc - bc * sc)
        case .overlay: result = composite(b, s, each(sc, bc, hardLightCurve))
        case .darken: result = composite(b, s, each(bc, sc) { min($0, $1) })
        case .lighten: result = composite(b, s, each(bc, sc) { max($0, $1) })
        case .colorBurn: result = composite(b, s, each(bc, sc) { 1 - min(1, (1 - $0) / max($1, tiny)) })
        case .colorDodge: result = composite(b, s, each(bc, sc) { min(1, $0 / max(1 - $1, tiny)) })
        case .linearBurn: result = composite(b, s, each(bc, sc) { max($0 + $1 - 1, 0) })
        case .hardLight: result = composite(b, s, each(bc, sc, hardLightCurve))
        case .softLight: result = composite(b, s, each(bc, sc) { $0 * $0 * (1 - 2 * $1) + 2 * $0 * $1 })
        case .difference: result = composite(b, s, each(bc, sc) { abs($0 - $1) })
        case .exclusion: result = composite(b, s, bc + sc - 2 * bc * sc)
        case .hue: result = composite(b, s, setLum(setSat(sc, sat(bc)), lum(bc)))
        case .saturation: result = composite(b, s, setLum(setSat(bc, sat(sc)), lum(bc)))
        case .color: result = composite(b, s, setLum(sc, lum(bc)))
        case .luminosity: result = composite(b, s, setLum(bc, lum(sc)))
        case .chromaKey:
            let d = distance(chroma(sc), chroma(keyColor))
            let t = smoothing > 0 ? min(max((d - threshold) / smoothing, 0), 1) : (d < threshold ? 0 : 1)
            let kept = V4(sc, s.w * (t * t * (3 - 2 * t)))
            result = composite(b, kept, sc)
        case .dissolve: result = mixed(b, s, m)
        case .mask: result = V4(bc, b.w * lum(sc) * s.w)
        }
        return mixed(b, result, opacity)
    }

    static func composite(_ b: V4, _ s: V4, _ blended: V3) -> V4 {
        let alpha = s.w + b.w * (1 - s.w)
        let premultiplied = s.w * (1 - b.w) * rgb(s) + s.w * b.w * blended + (1 - s.w) * b.w * rgb(b)
        guard alpha > 0 else { return .zero }
        return V4((premultiplied / alpha).clamped(lowerBound: .zero, upperBound: .one), alpha)
    }

    static func hardLightCurve(_ bottom: Float, _ top: Float) -> Float {
        top <= 0.5 ? 2 * bottom * top : 1 - 2 * (1 - bottom) * (1 - top)
    }

    static func lum(_ c: V3) -> Float { (c * luma).sum() }

    static func clipColor(_ c: V3) -> V3 {
        let l = lum(c)
        let n = c.min(), x = c.max()
        var clipped = c
        if n < 0 { clipped = l + (clipped - l) * l / max(l - n, tiny) }
        if x > 1 { clipped = l + (clipped - l) * (1 - l) / max(x - l, tiny) }
        return clipped
    }

    static func setLum(_ c: V3, _ l: Float) -> V3 { clipColor(c + (l - lum(c))) }
    static func sat(_ c: V3) -> Float { c.max() - c.min() }

    static func setSat(_ c: V3, _ saturation: Float) -> V3 {
        let low = c.min()
        let range = c.max() - low
        return range > 0 ? (c - low) * (saturation / range) : .zero
    }

    static func chroma(_ c: V3) -> SIMD2<Float> {
        let y = (c * V3(0.2989, 0.5866, 0.1145)).sum()
        return SIMD2(0.7132 * (c.x - y), 0.5647 * (c.z - y))
    }

    static func distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { ((a - b) * (a - b)).sum().squareRoot() }
    static func rgb(_ v: V4) -> V3 { V3(v.x, v.y, v.z) }
    static func mixed(_ x: V3, _ y: V3, _ a: Float) -> V3 { x * (1 - a) + y * a }
    static func mixed(_ x: V4, _ y: V4, _ a: Float) -> V4 { x * (1 - a) + y * a }
    static func each(_ x: V3, _ y: V3, _ f: (Float, Float) -> Float) -> V3 { V3(f(x.x, y.x), f(x.y, y.y), f(x.z, y.z)) }
}
