import SegueEffects
import SegueGL
import SegueHeadless
import Testing
import SegueTesting

/// Graph shapes mixing per-pixel and neighbourhood filters and groups.
enum MixedGraphShape: String, CaseIterable, CustomTestStringConvertible {
    /// vignette(sobel(brightness(a))): a neighbourhood filter between per-pixel ones.
    case edgeSandwich
    /// screen(a, gaussian(a)): a glow, the source read by a blend and by a blur.
    case glow
    /// contrast(unsharp(a)) dissolved into pixellate(b): a group whose tail fuses downstream.
    case unsharpDissolve
    /// sharpen(gaussian(sepia(a))): neighbourhood after neighbourhood.
    case blurThenSharpen
    /// multiply(glowGroup(a), glowGroup(b)): one group type used twice, nested groups.
    case nestedGroups

    var testDescription: String { rawValue }

    func build(_ a: ImageSource, _ b: ImageSource) -> any EffectNode {
        switch self {
        case .edgeSandwich: a.brightness(0.1).sobelEdges(strength: 1.2).vignette()
        case .glow: a.blended(with: a.gaussianBlur(sigma: 2), mode: .screen, opacity: 0.6)
        case .unsharpDissolve: a.unsharpMask(sigma: 2, intensity: 1.8).contrast(1.2).dissolved(into: b.pixellated(0.1), mix: 0.4)
        case .blurThenSharpen: a.sepia(0.5).gaussianBlur(sigma: 1.5).sharpened(0.5)
        case .nestedGroups: Glow(input: a).blended(with: Glow(input: b), mode: .multiply)
        }
    }

    /// Every filter in a pass of its own (groups are not filters: they add none).
    var onePassCount: Int {
        switch self {
        case .edgeSandwich: 3
        case .glow: 3
        case .unsharpDissolve: 6
        case .blurThenSharpen: 4
        case .nestedGroups: 7
        }
    }

    var fusedStructures: [String] {
        switch self {
        case .edgeSandwich: ["brightness(input0)", "sobel(input0)", "vignette(input0)"]
        case .glow: ["blur.x(input0)", "blur.y(input0)", "blend.screen(input0, gaussian{input1})"]
        case .unsharpDissolve:
            ["blur.x(input0)", "blur.y(input0)", "dissolve(contrast(unsharp{unsharp.combine(input0, gaussian{input1})}), pixellate(input2))"]
        case .blurThenSharpen: ["sepia(input0)", "blur.x(input0)", "blur.y(input0)", "sharpen(input0)"]
        case .nestedGroups:
            [
                "blur.x(input0)", "blur.y(input0)", "blur.x(input0)", "blur.y(input0)",
                "blend.multiply(glow{soft{blend.screen(input0, gaussian{input1})}}, glow{soft{blend.screen(input2, gaussian{input3})}})",
            ]
        }
    }
}

/// A group of a group: `soft` is a glow at half opacity, and `glow` wraps it.
final class Glow: FilterGroup {
    let blur: GaussianBlur
    init(input: any EffectNode) {
        blur = input.gaussianBlur(sigma: 1.5)
        let soft = FilterGroup(name: "soft", inputs: [input], output: input.blended(with: blur, mode: .screen, opacity: 0.5))
        super.init(name: "glow", inputs: [input], output: soft)
    }
}

@Suite("Effect graphs: fusion, groups, pooled targets (headless GL)", .tags(.gl))
struct EffectGraphTests {
    @Test(arguments: MixedGraphShape.allCases)
    func mixedGraphsFuseAsPlannedAndEqualOnePassPerFilter(shape: MixedGraphShape) throws {
        try withDevice { device in
            let (width, height) = (64, 48)
            let a = try Pixels.noise(width: width, height: height, seed: 50).upload(device)
            let b = try Pixels.noise(width: width, height: height, seed: 51).upload(device)
            let output = shape.build(ImageSource(a), ImageSource(b))
            let fused = try EffectRenderer(device: device, output: output, mode: .fused)
            let onePass = try EffectRenderer(device: device, output: output, mode: .onePassPerFilter)
            #expect(fused.passStructures == shape.fusedStructures)
            #expect(onePass.passCount == shape.onePassCount, "\(shape): \(onePass.passStructures)")
            let x = try device.makeOffscreenTarget(width: width, height: height)
            let y = try device.makeOffscreenTarget(width: width, height: height)
            try fused.render(into: x)
            try onePass.render(into: y)
            // Neighbourhood filters read 8-bit targets in both plans; the difference is the
            // 8-bit rounding between fused per-pixel filters (half a level each), carried on by
            // slopes up to 1.8 (the unsharp mask's intensity): up to 2 levels.
            let difference = try x.read().difference(to: y.read())
            #expect(difference.max <= 2, "\(shape): max \(difference.max)")
            #expect(difference.mean <= 0.3, "\(shape): mean \(difference.mean)")
            x.release(); y.release(); a.release(); b.release()
        }
    }

    /// Every filter's code is GLSL ES 3.00 too: the mixed graphs and a chain of every colour
    /// adjustment render the same on an OpenGL ES 3.0 context.
    @Test func theGraphsRenderTheSameOnGLES3() throws {
        let images = (Pixels.noise(width: 40, height: 24, seed: 65), Pixels.noise(width: 40, height: 24, seed: 66))
        func render(on context: HeadlessEGLContext) throws -> [Pixels] {
            defer { context.release() }
            let device = try GLDevice(context: context)
            defer { device.release() }
            let (a, b) = (try images.0.upload(device), try images.1.upload(device))
            let target = try device.makeOffscreenTarget(width: 40, height: 24)
            var chain: any EffectNode = ImageSource(a)
            for adjustment in ColorAdjustmentCase.all { chain = adjustment.make(chain) }
            var frames: [Pixels] = []
            for output in MixedGraphShape.allCases.map({ $0.build(ImageSource(a), ImageSource(b)) }) + [chain] {
                try EffectRenderer(device: device, output: output).render(into: target)
                frames.append(try target.read())
            }
            target.release(); a.release(); b.release()
            return frames
        }
        let es = try render(on: HeadlessEGLContext(api: .openGLES3))
        let core = try render(on: HeadlessEGLContext())
        for (index, (esFrame, coreFrame)) in zip(es, core).enumerated() {
            // The same code at highp on the same driver: rounding at most.
            #expect(esFrame.difference(to: coreFrame).max <= 1, "graph \(index)")
        }
    }

    /// The README's example, as written there.
    @Test func theReadmeGraphPlansAsDocumented() throws {
        try withDevice { device in
            let fromTexture = try Pixels.noise(width: 8, height: 8, seed: 62).upload(device)
            let toTexture = try Pixels.noise(width: 8, height: 8, seed: 63).upload(device)
            let from = ImageSource(fromTexture), to = ImageSource(toTexture)
            let blur = to.gaussianBlur(sigma: 3)
            let output = from.sepia(0.8).vignette().blended(with: blur, mode: .screen, opacity: 0.5)
            let renderer = try EffectRenderer(device: device, output: output)
            #expect(renderer.passStructures == [
                "blur.x(input0)", "blur.y(input0)", "blend.screen(vignette(sepia(input0)), gaussian{input1})",
            ])
            let target = try device.makeOffscreenTarget(width: 8, height: 8)
            try renderer.render(into: target)
            let before = device.counters
            blur.sigma = 5
            try renderer.render(into: target)
            #expect(device.counters.since(before).shaderCompiles == 0, "a parameter is a uniform")
            target.release(); fromTexture.release(); toTexture.release()
        }
    }

    @Test func aGroupRendersExactlyAsItsSubgraphWrittenInline() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: 40, height: 30, seed: 60).upload(device)
            let source = ImageSource(a)
            let inline = source.blended(with: source.gaussianBlur(sigma: 1.5), mode: .screen, opacity: 0.5).contrast(1.3)
            let grouped = Glow(input: source).contrast(1.3)
            let first = try EffectRenderer(device: device, output: inline)
            let before = device.counters
            let second = try EffectRenderer(device: device, output: grouped)
            // Same code (a group only names a part of the structure): every program is reused.
            #expect(device.counters.since(before).shaderCompiles == 0)
            #expect(first.passCount == second.passCount)
            #expect(second.passStructures.last == "contrast(glow{soft{blend.screen(input0, gaussian{input1})}})")
            let x = try device.makeOffscreenTarget(width: 40, height: 30)
            let y = try device.makeOffscreenTarget(width: 40, height: 30)
            try first.render(into: x)
            try second.render(into: y)
            #expect(try x.read() == y.read())
            x.release(); y.release(); a.release()
        }
    }

    @Test func groupParametersForwardToTheFiltersInside() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: 1, height: 1, seed: 1).upload(device)
            let source = ImageSource(a)
            let unsharp = UnsharpMask(input: source, sigma: 3, intensity: 1.5)
            unsharp.sigma = 5
            unsharp.intensity = 2
            #expect(unsharp.blur.horizontal.sigma == 5 && unsharp.blur.vertical.sigma == 5)
            #expect(unsharp.combine.intensity == 2)
            #expect(unsharp.inputs.count == 1 && unsharp.inputs[0] === source)
            a.release()
        }
    }

    /// A graph that is only a source (or a group passing one through) copies it to the target.
    @Test func aSourceAsTheOutputIsCopied() throws {
        try withDevice { device in
            let image = Pixels.noise(width: 12, height: 10, seed: 64)
            let texture = try image.upload(device)
            let target = try device.makeOffscreenTarget(width: 12, height: 10)
            let source = ImageSource(texture)
            for output in [source, FilterGroup(name: "identity", inputs: [source], output: source)] as [any EffectNode] {
                let renderer = try EffectRenderer(device: device, output: output)
                #expect(renderer.passCount == 1)
                try renderer.render(into: target)
                #expect(try target.read() == image)
            }
            target.release(); texture.release()
        }
    }

    @Test func aGroupAsTheOutputAddsNoCopyPass() throws {
        try withDevice { device in
            let a = try Pixels.noise(width: 16, height: 16, seed: 61).upload(device)
            let unsharp = UnsharpMask(input: ImageSource(a))
            for mode in ExecutionMode.allCases {
                let renderer = try EffectRenderer(device: device, output: unsharp, mode: mode)
                #expect(renderer.passCount == 3, "\(mode): \(renderer.passStructures)")
            }
            a.release()
        }
    }
}
