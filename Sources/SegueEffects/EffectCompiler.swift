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
    private(set) var passes: [PlannedPass] = []
    private var passIndexByNode: [ObjectIdentifier: Int] = [:]

    init(mode: ExecutionMode) { self.mode = mode }

    /// Plans every pass needed for `output`; the last pass renders `output` itself.
    static func plan(output: any EffectNode, mode: ExecutionMode) -> [PlannedPass] {
        var compiler = EffectCompiler(mode: mode)
        _ = compiler.materialize(output)
        return compiler.passes
    }

    /// Ensures `node` is rendered by a pass and returns how to read it.
    private mutating func materialize(_ node: any EffectNode) -> PassInput {
        if let index = passIndexByNode[ObjectIdentifier(node)] { return .pass(index) }
        var builder = PassBuilder()
        let root = builder.emit(node, isRoot: true, compiler: &self)
        passes.append(builder.finish(rootFunction: root))
        passIndexByNode[ObjectIdentifier(node)] = passes.count - 1
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
        var rootStructure = ""

        /// Emits `node` into this pass and returns the name of its `vec4 f(vec2 px)` function.
        mutating func emit(_ node: any EffectNode, isRoot: Bool, compiler: inout EffectCompiler) -> String {
            if let name = emitted[ObjectIdentifier(node)] { return name }
            let name: String
            if let filter = node as? any Filter, isRoot || compiler.fuses(filter) {
                name = emitFilter(filter, compiler: &compiler)
            } else {
                let input = (node as? ImageSource).map(PassInput.source) ?? compiler.materialize(node)
                name = addTextureInput(input)
            }
            emitted[ObjectIdentifier(node)] = name
            if isRoot { rootStructure = structures[ObjectIdentifier(node)] ?? name }
            return name
        }

        private mutating func emitFilter(_ filter: any Filter, compiler: inout EffectCompiler) -> String {
            let type = type(of: filter)
            // A neighbourhood filter reads its inputs many times: give them passes of their own.
            let inputNames = filter.inputs.map { input -> String in
                if type.footprint == .neighbourhood, !(input is ImageSource) {
                    return addTextureInput(compiler.materialize(input))
                }
                return emit(input, isRoot: false, compiler: &compiler)
            }
            let index = filters.count
            filters.append(filter)
            let uniformNames = type.uniforms.map { "u\(index)_\($0.name)" }
            for (declaration, uniformName) in zip(type.uniforms, uniformNames) {
                uniformDeclarations.append("uniform \(declaration.type.rawValue) \(uniformName);")
            }
            if !functionLibraries.contains(type.glslFunctions) { functionLibraries.append(type.glslFunctions) }
            let name = "segue_node\(index)"
            let expression = type.glslExpression(px: "px", inputs: inputNames, uniforms: uniformNames)
            nodeFunctions.append("vec4 \(name)(vec2 px) { return \(expression); }")
            let inputStructures = filter.inputs.map { structures[ObjectIdentifier($0)] ?? describeInput($0) }
            structures[ObjectIdentifier(filter)] = "\(type.kindName)(\(inputStructures.joined(separator: ", ")))"
            return name
        }

        private func describeInput(_ node: any EffectNode) -> String {
            emitted[ObjectIdentifier(node)].map { String($0.dropFirst("segue_".count)) } ?? "?"
        }

        private mutating func addTextureInput(_ input: PassInput) -> String {
            let index = inputs.count
            inputs.append(input)
            uniformDeclarations.append("uniform sampler2D segue_texture\(index);")
            nodeFunctions.append("""
                vec4 segue_input\(index)(vec2 px) {
                #if SEGUE_SCALE_INPUT\(index)
                    return segue_fetch_scaled(segue_texture\(index), px);
                #else
                    return segue_fetch(segue_texture\(index), px);
                #endif
                }
                """)
            return "segue_input\(index)"
        }

        func finish(rootFunction: String) -> PlannedPass {
            let body = [ShaderLibrary.effectPrelude]
                + uniformDeclarations
                + functionLibraries
                + nodeFunctions
                + ["void main() { segue_fragColor = \(rootFunction)(segue_pixel()); }", ""]
            return PlannedPass(
                fragmentBody: body.joined(separator: "\n"), inputs: inputs, filters: filters,
                structure: rootStructure)
        }
    }

    /// Whether `filter` is inlined into the pass that reads it.
    private func fuses(_ filter: any Filter) -> Bool {
        mode == .fused && type(of: filter).footprint == .perPixel
    }
}
