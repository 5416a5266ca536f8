import SegueColor
import SegueGL

/// Renders an effect graph with GL. Built once per graph (passes planned, programs compiled or
/// taken from the device's cache, uniform locations resolved); after that a frame only sets
/// uniforms, binds textures and draws: no uploads, no compiles, no allocations.
///
/// Intermediate passes draw into targets leased from the device's `RenderTargetPool` for the
/// frame only: each is given back as soon as the last pass reading it has drawn, so a chain
/// needs at most as many targets as are alive at once (two for any straight chain), and
/// renderers of one size share them. Intermediates are RGBA16F (where the context renders into
/// it: see `RenderTargetPool.intermediateFormat`), so a multi-pass graph is quantised once, where
/// its output is written, not between passes.
///
/// `blendSpace` is where the graph's filters mix: sRGB-encoded values (the default) or linear
/// light, decoded where sources are sampled and encoded where the output is written.
public final class EffectRenderer {
    public let mode: ExecutionMode
    public let blendSpace: BlendSpace
    private let device: GLDevice
    private let passes: [CompiledPass]
    /// For each pass, the earlier passes whose targets go back to the pool once it has drawn.
    private let recycledAfter: [[Int]]
    /// The targets leased during a frame, by pass (nil outside a frame). Host memory the
    /// renderer owns, so a frame writes it in place without copy-on-write.
    private let leased: UnsafeMutableBufferPointer<OffscreenTarget?>
    /// The most intermediate targets alive at once during a frame.
    public let peakIntermediateCount: Int

    public init(
        device: GLDevice, output: any EffectNode, mode: ExecutionMode = .fused, blendSpace: BlendSpace = .srgb
    ) throws(GLError) {
        (self.device, self.mode, self.blendSpace) = (device, mode, blendSpace)
        passes = try EffectRenderer.compile(output, device: device, mode: mode, blendSpace: blendSpace, signal: .sdr)
        (recycledAfter, peakIntermediateCount) = EffectRenderer.recycling(passes)
        leased = .allocate(capacity: max(1, passes.count))
        leased.initialize(repeating: nil)
    }

    /// As above, mixing `signal`'s values: an edit whose output is HLG or PQ blends its signal,
    /// which linear light decodes and encodes with that transfer's curve (blend_space.glsl).
    package init(
        device: GLDevice, output: any EffectNode, mode: ExecutionMode = .fused, blendSpace: BlendSpace = .srgb, signal: BlendSignal
    ) throws(GLError) {
        (self.device, self.mode, self.blendSpace) = (device, mode, blendSpace)
        passes = try EffectRenderer.compile(output, device: device, mode: mode, blendSpace: blendSpace, signal: signal)
        (recycledAfter, peakIntermediateCount) = EffectRenderer.recycling(passes)
        leased = .allocate(capacity: max(1, passes.count))
        leased.initialize(repeating: nil)
    }

    private static func compile(
        _ output: any EffectNode, device: GLDevice, mode: ExecutionMode, blendSpace: BlendSpace, signal: BlendSignal
    ) throws(GLError) -> [CompiledPass] {
        var compiled: [CompiledPass] = []
        for plan in EffectCompiler.plan(output: output, mode: mode, blendSpace: blendSpace, signal: signal) {
            compiled.append(try CompiledPass(plan: plan, device: device))
        }
        return compiled
    }

    /// For each pass, the earlier passes whose targets it frees, and the most targets alive at once.
    private static func recycling(_ compiled: [CompiledPass]) -> (recycled: [[Int]], peak: Int) {
        // The last reader of each pass decides when its target can be reused.
        var lastReader = Array(repeating: -1, count: compiled.count)
        for (reader, pass) in compiled.enumerated() {
            for case .pass(let index) in pass.inputs { lastReader[index] = max(lastReader[index], reader) }
        }
        var recycled = Array(repeating: [Int](), count: compiled.count)
        for (index, reader) in lastReader.enumerated() where reader >= 0 { recycled[reader].append(index) }
        var alive = 0
        var peak = 0
        for index in compiled.indices.dropLast() {
            alive += 1
            peak = max(peak, alive)
            alive -= recycled[index].count
        }
        return (recycled, peak)
    }

    /// The number of GPU passes a frame takes.
    public var passCount: Int { passes.count }
    /// The structure of each pass, e.g. `["dissolve(pixellate(input0), pixellate(input1))"]`.
    public var passStructures: [String] { passes.map(\.structure) }
    /// The generated fragment shader of each pass, for inspection and diagnostics.
    public var passSources: [String] { passes.map(\.program.fragmentSource) }

    /// Renders one frame into `target` with the filters' current parameters.
    public func render(into target: some RenderTarget) throws(GLError) {
        let frame = FrameInfo(width: target.width, height: target.height)
        let description = RenderTargetDescription(width: target.width, height: target.height, format: device.targetPool.intermediateFormat)
        do {
            for index in passes.indices {
                let pass = passes[index]
                if index == passes.count - 1 {
                    device.bind(target)
                    try pass.draw(device: device, frame: frame, flip: target.flipsVertically, intermediates: UnsafeBufferPointer(leased))
                } else {
                    let intermediate = try device.targetPool.acquire(description)
                    leased[index] = intermediate
                    device.bind(intermediate)
                    try pass.draw(device: device, frame: frame, flip: false, intermediates: UnsafeBufferPointer(leased))
                }
                let done = recycledAfter[index]
                for k in done.indices { recycle(done[k]) }  // not `for in`: see RenderTargetPool.acquire
            }
            try device.debugCheckError("EffectRenderer.render")
        } catch {
            for index in leased.indices { recycle(index) }
            throw error
        }
    }

    deinit {
        _ = leased.deinitialize()  // host memory only; the pool owns the targets
        leased.deallocate()
    }

    private func recycle(_ index: Int) {
        guard let target = leased[index] else { return }
        leased[index] = nil
        device.targetPool.recycle(target)
    }

    /// Holds nothing between frames: programs stay in the device's cache and intermediates in
    /// its pool for other renderers. Kept so every GPU-facing type releases the same way.
    public func release() {}
}

/// A planned pass with its programs and resolved uniform locations. Decisions fixed for a
/// whole frame (a flipped target, an input of another size) select a program variant instead
/// of costing a branch per pixel; variants are compiled on first use and cached by the device.
private final class CompiledPass {
    let inputs: [PassInput]
    let filters: [any Filter]
    let structure: String
    private let fragmentBody: String
    private let uniformNames: [String]
    private let filterOffsets: [Int]
    private var variants: [PassVariant] = []
    private let device: GLDevice

    init(plan: PlannedPass, device: GLDevice) throws(GLError) {
        self.device = device
        inputs = plan.inputs
        filters = plan.filters
        structure = plan.structure
        fragmentBody = plan.fragmentBody
        var names: [String] = []
        var offsets: [Int] = []
        for (index, filter) in plan.filters.enumerated() {
            offsets.append(names.count)
            names += filter.kind.uniforms.map { "u\(index)_\($0.name)" }
        }
        uniformNames = names
        filterOffsets = offsets
        _ = try variant(key: 0)  // the common case (offscreen, same-size inputs), compiled now
    }

    /// The program the variants start from, for inspection.
    var program: ShaderProgram { variants[0].program }

    deinit { for variant in variants { variant.locations.deallocate() } }  // host memory only

    /// Bit 0: flipped target; bits 1 + 2n and 2 + 2n: how input n is read (0 same size,
    /// 1 stretched, 2 covering, 3 contained).
    private func variantKey(flip: Bool, frame: FrameInfo) -> Int {
        var key = flip ? 1 : 0
        for index in inputs.indices {
            if case .source(let source) = inputs[index],
                source.texture.width != frame.width || source.texture.height != frame.height {
                let fit = switch source.resize { case .stretch: 1; case .cover: 2; case .contain: 3 }
                key |= fit << (1 + 2 * index)
            }
        }
        return key
    }

    /// Whether the variant `key` reads input `index` with a fit (another size than the target).
    private static func isFitted(key: Int, input index: Int) -> Bool { (key >> (1 + 2 * index)) & 3 != 0 }

    /// The index of the variant for `key`, compiling it on first use.
    private func variant(key: Int) throws(GLError) -> Int {
        for index in variants.indices where variants[index].key == key { return index }
        var defines = "#define SEGUE_FLIP_Y \(key & 1)\n"
        for index in inputs.indices { defines += "#define SEGUE_SCALE_INPUT\(index) \((key >> (1 + 2 * index)) & 3)\n" }
        let body = defines + fragmentBody
        let program = try device.cachedProgram(key: body) { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: body)
        }
        let locations = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(1, uniformNames.count))
        for (index, name) in uniformNames.enumerated() { locations[index] = program.uniformLocation(name) }
        program.use()
        for index in inputs.indices { GL.uniform1i(program.uniformLocation("segue_texture\(index)"), Int32(index)) }
        let variant = PassVariant(
            key: key, program: program, locations: locations, targetLocation: program.uniformLocation("segue_target"))
        variants.append(variant)
        return variants.count - 1
    }

    func draw(device: GLDevice, frame: FrameInfo, flip: Bool, intermediates: UnsafeBufferPointer<OffscreenTarget?>) throws(GLError) {
        let key = variantKey(flip: flip, frame: frame)
        let variant = variants[try variant(key: key)]
        variant.program.use()
        GL.uniform4f(variant.targetLocation, Float(frame.width), Float(frame.height), 0, 0)
        for index in inputs.indices {
            GL.activeTexture(unit: index)
            switch inputs[index] {
            case .source(let source): GL.bindTexture(source.texture.name)
            case .pass(let pass): GL.bindTexture(intermediates[pass]?.texture.name ?? .none)
            }
            // A source of another size is sampled bilinearly (see effect_prelude.glsl).
            if Self.isFitted(key: key, input: index) { device.bindLinearSampler(unit: index) }
        }
        defer { for index in inputs.indices where Self.isFitted(key: key, input: index) { device.unbindSampler(unit: index) } }
        let locations = UnsafeBufferPointer(variant.locations)
        for index in filters.indices {
            var writer = UniformWriter(locations: locations, start: filterOffsets[index])
            filters[index].writeUniforms(&writer, frame: frame)
        }
        device.drawFullscreen()
    }
}

/// One compiled variant of a pass.
private struct PassVariant {
    let key: Int
    let program: ShaderProgram
    let locations: UnsafeMutableBufferPointer<Int32>
    let targetLocation: Int32
}
