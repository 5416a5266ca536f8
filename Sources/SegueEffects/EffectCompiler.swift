import SegueColor
import SegueShaders

/// How a graph is turned into GPU passes.
public enum ExecutionMode: String, Sendable, CaseIterable {
    /// Per-pixel filters are fused into one generated fragment shader per pass; only
    /// neighbourhood filters start new passes.
    case fused
    /// Every filter renders its own pass into a texture: the reference the fused path is
    /// tested against, and the execution needed for neighbourhood filters.
    case onePassPerFilter
}

/// Where a pass reads one of its textures from.
enum PassInput {
    case source(ImageSource)
    case pass(Int)
}

/// One pass, as planned from the graph's structure: the generated shader, what it samples and
/// which filters' uniforms it carries.
struct PlannedPass {
    /// The fragment shader body (no `#version`, no variant defines). Generated from structure
    /// only, so with the variant's defines it is the program cache key: equal structures share
    /// one compiled program.
    let fragmentBody: String
    let inputs: [PassInput]
    /// Filters evaluated in this pass, in uniform order.
    let filters: [any Filter]
    /// A readable form of the structure, e.g. `dissolve(pixellate(input0), pixellate(input1))`.
    let structure: String
}

/// Plans passes for a graph: fused per-pixel chains become one shader, neighbourhood filters
/// and (in one-pass-per-filter mode) every filter get passes of their own.
struct EffectCompiler {
    let mode: ExecutionMode
    let blendSpace: BlendSpace
    /// What the mixed numbers are (SDR, or an HDR output's signal): the curve of linear light.
    var signal: BlendSignal = .sdr
    private(set) var passes: [PlannedPass] = []
    private var passIndexByNode: [ObjectIdentifier: Int] = [:]

    init(mode: ExecutionMode, blendSpace: BlendSpace) { (self.mode, self.blendSpace) = (mode, blendSpace) }

    /// Plans every pass needed for `output`; the last pass renders `output` itself. Sources are
    /// read into `blendSpace`, intermediates hold it, and the last pass encodes it for its target.
    static func plan(output: any EffectNode, mode: ExecutionMode, blendSpace: BlendSpace = .srgb, signal: BlendSignal = .sdr) -> [PlannedPass] {
        var compiler = EffectCompiler(mode: mode, blendSpace: blendSpace)
        compiler.signal = signal
        // The output always gets a pass of its own, a plain source too (a copy into the target).
        _ = compiler.materialize(output, sourcesNeedAPass: true)
        return compiler.passes
    }

    /// Ensures `node` is rendered by a pass (or is a source) and returns how to read it.
    private mutating func materialize(_ node: any EffectNode, sourcesNeedAPass: Bool = false) -> PassInput {
        let resolved = FilterGroup.resolve(node)
        if let source = resolved as? ImageSource, !sourcesNeedAPass { return .source(source) }
        if let index = passIndexByNode[ObjectIdentifier(resolved)] { return .pass(index) }
        var builder = PassBuilder()
        let root = builder.emit(node, isRoot: true, compiler: &self)
        // The output's pass is planned last (its inputs are materialized while it is emitted).
        passes.append(builder.finish(rootFunction: root, blendSpace: blendSpace, signal: signal, isOutput: sourcesNeedAPass))
        passIndexByNode[ObjectIdentifier(resolved)] = passes.count - 1
        return .pass(passes.count - 1)
    }

    /// Generates the code of one pass.
    private struct PassBuilder {
        var inputs: [PassInput] = []
        var filters: [any Filter] = []
        var uniformDeclarations: [String] = []
        var functionLibraries: [String] = []
        var nodeFunctions: [String] = []
        var structures: [ObjectIdentifier: String] = [:]
        var emitted: [ObjectIdentifier: String] = [:]
        /// Texture inputs by the node they hold, so a node read twice is bound once.
        var textureInputs: [ObjectIdentifier: String] = [:]
        var rootStructure = ""

        /// Emits `node` into this pass and returns the name of its `vec4 f(vec2 px)` function.
        mutating func emit(_ node: any EffectNode, isRoot: Bool, compiler: inout EffectCompiler) -> String {
            if let name = emitted[ObjectIdentifier(node)] { return name }
            let name: String
            if let group = node as? FilterGroup {
                // Transparent: the group's output is emitted in its place, named in the structure.
                name = emit(group.output, isRoot: isRoot, compiler: &compiler)
                structures[ObjectIdentifier(group)] = "\(group.name){\(structure(of: group.output))}"
            } else if let filter = node as? any Filter, isRoot || compiler.fuses(filter) {
                name = emitFilter(filter, compiler: &compiler)
            } else {
                name = textureInput(node, compiler: &compiler)
            }
            emitted[ObjectIdentifier(node)] = name
            if isRoot { rootStructure = structure(of: node) }
            return name
        }

        private mutating func emitFilter(_ filter: any Filter, compiler: inout EffectCompiler) -> String {
            let kind = filter.kind
            // A neighbourhood filter reads its inputs many times: they come from textures (passes
            // of their own), so upstream work is not repeated per tap.
            let inputNames = filter.inputs.map { input -> String in
                kind.footprint == .neighbourhood
                    ? textureInput(input, compiler: &compiler) : emit(input, isRoot: false, compiler: &compiler)
            }
            let index = filters.count
            filters.append(filter)
            let uniformNames = kind.uniforms.map { "u\(index)_\($0.name)" }
            for (declaration, uniformName) in zip(kind.uniforms, uniformNames) {
                uniformDeclarations.append("uniform \(declaration.type.rawValue) \(uniformName);")
            }
            if !kind.functions.isEmpty, !functionLibraries.contains(kind.functions) { functionLibraries.append(kind.functions) }
            let name = "segue_node\(index)"
            let body = kind.functionBody(px: "px", inputs: inputNames, uniforms: uniformNames)
            nodeFunctions.append("vec4 \(name)(vec2 px) { \(body) }")
            let inputStructures = filter.inputs.map { structure(of: $0) }
            structures[ObjectIdentifier(filter)] = "\(kind.name)(\(inputStructures.joined(separator: ", ")))"
            return name
        }

        /// A readable form of what `node` computes in this pass: its structure, or the name of
        /// the texture input that holds it (`input0`).
        private func structure(of node: any EffectNode) -> String {
            if let structure = structures[ObjectIdentifier(node)] { return structure }
            let name = textureInputs[ObjectIdentifier(FilterGroup.resolve(node))] ?? emitted[ObjectIdentifier(node)]
            return name.map { String($0.dropFirst("segue_".count)) } ?? "?"
        }

        /// The function reading `node` from a texture: a source, or the pass that renders it.
        private mutating func textureInput(_ node: any EffectNode, compiler: inout EffectCompiler) -> String {
            let resolved = FilterGroup.resolve(node)
            if let name = textureInputs[ObjectIdentifier(resolved)] { return name }
            let index = inputs.count
            let input = compiler.materialize(resolved)
            inputs.append(input)
            uniformDeclarations.append("uniform sampler2D segue_texture\(index);")
            // A source holds sRGB-encoded pictures; an earlier pass already holds the blend space.
            let fetch = "segue_fetch(segue_texture\(index), px)"
            let read = if case .source = input { "segue_decode(\(fetch))" } else { fetch }
            nodeFunctions.append("""
                vec4 segue_input\(index)(vec2 px) {
                #if SEGUE_SCALE_INPUT\(index) == 0
                    return \(read);
                #elif SEGUE_SCALE_INPUT\(index) == 1
                    return segue_sample_stretched(segue_texture\(index), px);
                #else
                    return segue_sample_fitted(segue_texture\(index), px, SEGUE_SCALE_INPUT\(index) == 3);
                #endif
                }
                """)
            let name = "segue_input\(index)"
            textureInputs[ObjectIdentifier(resolved)] = name
            return name
        }

        func finish(rootFunction: String, blendSpace: BlendSpace, signal: BlendSignal, isOutput: Bool) -> PlannedPass {
            let result = isOutput ? "segue_encode(\(rootFunction)(segue_pixel()))" : "\(rootFunction)(segue_pixel())"
            let body = [signal.blendSpaceDefines(blendSpace) + ShaderLibrary.blendSpace]
                + [ShaderLibrary.effectPrelude]
                + uniformDeclarations
                + functionLibraries
                + nodeFunctions
                + ["void main() { segue_fragColor = \(result); }", ""]
            return PlannedPass(
                fragmentBody: body.joined(separator: "\n"), inputs: inputs, filters: filters,
                structure: rootStructure)
        }
    }

    /// Whether `filter` is inlined into the pass that reads it.
    private func fuses(_ filter: any Filter) -> Bool {
        mode == .fused && filter.kind.footprint == .perPixel
    }
}
