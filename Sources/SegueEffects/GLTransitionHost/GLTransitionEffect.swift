import SegueGL
import SegueShaders

/// A transition written in the gl-transitions format, compiled once and rendered with the
/// fullscreen triangle. `progress` and `ratio` are set per frame; the file's parameters are
/// set from Swift (or the command line) and stay constant over a run.
public final class GLTransitionEffect: TransitionEffect {
    public typealias ResizeMode = SegueEffects.ResizeMode

    public let source: GLTransitionSource
    public var progress: Float = 0
    public var resizeMode: ResizeMode
    public let from: Texture
    public let to: Texture
    private unowned let device: GLDevice
    private let program: ShaderProgram
    private let progressLocation, ratioLocation, targetLocation, ratiosLocation: Int32
    private var parameterLocations: [String: Int32] = [:]
    /// Textures for sampler2D parameters, bound to units 2 and up.
    private var extraTextures: [(unit: Int32, texture: Texture)] = []

    /// Compiles `source`. Compile errors name the file and the line in it.
    /// Compile failures throw `GLError.shaderCompilation`; thanks to `#line 1` the failure's
    /// line numbers are the file's own.
    public init(device: GLDevice, source: GLTransitionSource, from: Texture, to: Texture, resizeMode: ResizeMode = .cover) throws(GLError) {
        self.device = device
        self.source = source
        self.from = from
        self.to = to
        self.resizeMode = resizeMode
        // `#line 1` makes the driver count the file's own lines in its messages.
        let body = ShaderLibrary.glTransitionPrelude + "\n#line 1\n" + source.source + "\n" + ShaderLibrary.glTransitionMain
        program = try device.cachedProgram(key: "gl-transition:" + body) { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: body)
        }
        progressLocation = program.uniformLocation("progress")
        ratioLocation = program.uniformLocation("ratio")
        targetLocation = program.uniformLocation("segue_target")
        ratiosLocation = program.uniformLocation("segue_ratios")
        program.use()
        GL.uniform1i(program.uniformLocation("segue_from"), 0)
        GL.uniform1i(program.uniformLocation("segue_to"), 1)
        var unit: Int32 = 2
        for parameter in source.parameters {
            let location = program.uniformLocation(parameter.name)
            parameterLocations[parameter.name] = location
            if parameter.type == .sampler2D {
                GL.uniform1i(location, unit)
                unit += 1
            } else {
                apply(parameter.defaultValue, type: parameter.type, at: location)
            }
        }
    }

    /// Sets a parameter (constant over a run). Wrong names or types are typed errors.
    public func setParameter(_ name: String, _ value: GLTransitionValue) throws(GLTransitionError) {
        guard let parameter = source.parameters.first(where: { $0.name == name }), let location = parameterLocations[name] else {
            throw GLTransitionError.unknownParameter(file: source.name, name: name, known: source.parameters.map(\.name))
        }
        guard Self.matches(value, parameter.type) else {
            throw GLTransitionError.wrongValue(file: source.name, parameter: name, expected: parameter.type, reason: "got \(value.description)")
        }
        program.use()
        apply(value, type: parameter.type, at: location)
    }

    /// Binds a texture to a sampler2D parameter.
    public func setTexture(_ name: String, _ texture: Texture) throws(GLTransitionError) {
        guard let index = source.parameters.firstIndex(where: { $0.name == name && $0.type == .sampler2D }) else {
            throw GLTransitionError.unknownParameter(
                file: source.name, name: name, known: source.parameters.filter { $0.type == .sampler2D }.map(\.name))
        }
        let unit = Int32(2 + source.parameters[..<index].filter { $0.type == .sampler2D }.count)
        extraTextures.removeAll { $0.unit == unit }
        extraTextures.append((unit, texture))
    }

    public func render(into target: some RenderTarget) throws(GLError) {
        device.bind(target)
        program.use()
        GL.uniform1f(progressLocation, min(max(progress.isNaN ? 0 : progress, 0), 1))
        GL.uniform1f(ratioLocation, Float(target.width) / Float(max(1, target.height)))
        GL.uniform4f(targetLocation, Float(target.width), Float(target.height), target.flipsVertically ? 1 : 0, Float(resizeMode.rawValue))
        GL.uniform2f(ratiosLocation, Float(from.width) / Float(from.height), Float(to.width) / Float(to.height))
        GL.activeTexture(unit: 0)
        GL.bindTexture(from.name)
        GL.activeTexture(unit: 1)
        GL.bindTexture(to.name)
        for extra in extraTextures {
            GL.activeTexture(unit: Int(extra.unit))
            GL.bindTexture(extra.texture.name)
        }
        device.drawFullscreen()
        try device.debugCheckError("GLTransitionEffect.render")
    }

    /// The program stays in the device's cache; the textures belong to the caller.
    public func release() {}

    private func apply(_ value: GLTransitionValue, type: GLTransitionValueType, at location: Int32) {
        switch (value, type) {
        case (.floats(let v), .mat2): GL.uniformMatrix(location, dimension: 2, v)
        case (.floats(let v), .mat3): GL.uniformMatrix(location, dimension: 3, v)
        case (.floats(let v), .mat4): GL.uniformMatrix(location, dimension: 4, v)
        case (.floats(let v), _):
            switch v.count {
            case 1: GL.uniform1f(location, v[0])
            case 2: GL.uniform2f(location, v[0], v[1])
            case 3: GL.uniform3f(location, v[0], v[1], v[2])
            case 4: GL.uniform4f(location, v[0], v[1], v[2], v[3])
            default: break
            }
        case (.ints(let v), _): GL.uniformInts(location, v)
        case (.bools(let v), _): GL.uniformInts(location, v.map { $0 ? 1 : 0 })
        case (.texture, _): break
        }
    }

    private static func matches(_ value: GLTransitionValue, _ type: GLTransitionValueType) -> Bool {
        switch (value, type) {
        case (.floats(let v), .float), (.floats(let v), .vec2), (.floats(let v), .vec3), (.floats(let v), .vec4),
             (.floats(let v), .mat2), (.floats(let v), .mat3), (.floats(let v), .mat4):
            return v.count == type.componentCount
        case (.ints(let v), .int), (.ints(let v), .ivec2), (.ints(let v), .ivec3), (.ints(let v), .ivec4):
            return v.count == type.componentCount
        case (.bools(let v), .bool), (.bools(let v), .bvec2), (.bools(let v), .bvec3), (.bools(let v), .bvec4):
            return v.count == type.componentCount
        case (.texture, .sampler2D): return true
        default: return false
        }
    }
}
