import SegueGL

/// Renders an effect graph with GL. Built once per graph (passes planned, programs compiled or
/// taken from the device's cache, uniform locations resolved); after that a frame only sets
/// uniforms, binds textures and draws: no uploads, no compiles, no allocations.
public final class EffectRenderer {
    public let mode: ExecutionMode
    private unowned let device: GLDevice
    private let passes: [CompiledPass]
    /// Intermediate targets, one per pass but the last, made at the output's size on first use.
    private var intermediates: [OffscreenTarget?]

    public init(device: GLDevice, output: any EffectNode, mode: ExecutionMode = .fused) throws(GLError) {
        self.device = device
        self.mode = mode
        var compiled: [CompiledPass] = []
        for plan in EffectCompiler.plan(output: output, mode: mode) {
            compiled.append(try CompiledPass(plan: plan, device: device))
        }
        passes = compiled
        intermediates = Array(repeating: nil, count: max(0, compiled.count - 1))
    }

    /// The number of GPU passes a frame takes.
    public var passCount: Int { passes.count }
    /// The structure of each pass, e.g. `["dissolve(pixellate(input0), pixellate(input1))"]`.
    public var passStructures: [String] { passes.map(\.structure) }
    /// The generated fragment shader of each pass, for inspection and diagnostics.
    public var passSources: [String] { passes.map(\.program.fragmentSource) }

    /// Renders one frame into `target` with the filters' current parameters.
    public func render(into target: some RenderTarget) throws(GLError) {
        try prepareIntermediates(width: target.width, height: target.height)
        let frame = FrameInfo(width: target.width, height: target.height)
        for index in passes.indices {
            let pass = passes[index]
            if index == passes.count - 1 {
                device.bind(target)
                pass.draw(device: device, frame: frame, flip: target.flipsVertically, intermediates: intermediates)
            } else if let intermediate = intermediates[index] {
                device.bind(intermediate)
                pass.draw(device: device, frame: frame, flip: false, intermediates: intermediates)
            }
        }
        try device.debugCheckError("EffectRenderer.render")
    }

    /// Releases intermediate targets. Programs stay in the device's cache for other renderers.
    public func release() {
        for target in intermediates { target?.release() }
        intermediates = Array(repeating: nil, count: intermediates.count)
    }

    private func prepareIntermediates(width: Int, height: Int) throws(GLError) {
        for index in intermediates.indices {
            if let existing = intermediates[index], existing.width == width, existing.height == height { continue }
            intermediates[index]?.release()
            intermediates[index] = try device.makeOffscreenTarget(width: width, height: height)
        }
    }
}

/// A planned pass with its program and resolved uniform locations.
private final class CompiledPass {
    let program: ShaderProgram
    let inputs: [PassInput]
    let filters: [any Filter]
    let structure: String
    /// Uniform locations of every filter's parameters, in order; `filterOffsets[i]` is where
    /// filter i's begin.
    private let locations: UnsafeMutableBufferPointer<Int32>
    private let filterOffsets: [Int]
    private let targetLocation: Int32

    init(plan: PlannedPass, device: GLDevice) throws(GLError) {
        program = try device.cachedProgram(key: plan.fragmentBody) { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: plan.fragmentBody)
        }
        inputs = plan.inputs
        filters = plan.filters
        structure = plan.structure
        var names: [String] = []
        var offsets: [Int] = []
        for (index, filter) in plan.filters.enumerated() {
            offsets.append(names.count)
            names += type(of: filter).uniforms.map { "u\(index)_\($0.name)" }
        }
        filterOffsets = offsets
        locations = .allocate(capacity: max(1, names.count))
        for (index, name) in names.enumerated() { locations[index] = program.uniformLocation(name) }
        targetLocation = program.uniformLocation("segue_target")
        program.use()
        for index in plan.inputs.indices {
            GL.uniform1i(program.uniformLocation("segue_texture\(index)"), Int32(index))
        }
    }

    deinit { locations.deallocate() }  // host memory only; no GL object is touched here

    func draw(device: GLDevice, frame: FrameInfo, flip: Bool, intermediates: [OffscreenTarget?]) {
        program.use()
        GL.uniform4f(targetLocation, Float(frame.width), Float(frame.height), flip ? 1 : 0, 0)
        for index in inputs.indices {
            GL.activeTexture(unit: index)
            switch inputs[index] {
            case .source(let source): GL.bindTexture(source.texture.name)
            case .pass(let pass): GL.bindTexture(intermediates[pass]?.texture.name ?? 0)
            }
        }
        let readOnly = UnsafeBufferPointer(locations)
        for index in filters.indices {
            var writer = UniformWriter(locations: readOnly, start: filterOffsets[index])
            filters[index].writeUniforms(&writer, frame: frame)
        }
        device.drawFullscreen()
    }
}
