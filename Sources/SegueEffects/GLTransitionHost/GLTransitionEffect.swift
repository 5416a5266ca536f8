import SegueColor
import SegueGL
import SegueImage
import SegueShaders
import SegueGLSL

/// A transition written in the gl-transitions format, compiled once and rendered with the
/// fullscreen triangle. `progress` and `ratio` are set per frame; the file's parameters are
/// set from Swift (or the command line) and stay constant over a run.
public final class GLTransitionEffect: TransitionEffect {
    public typealias ResizeMode = SegueEffects.ResizeMode
    /// What `getFromColor` / `getToColor` return for a uv outside [0, 1] (transitions that
    /// displace uv: swirls, drops, zooms, blurs). `.clamp` repeats the picture's edge pixels, as
    /// the official gl-transitions runtime does (CLAMP_TO_EDGE samplers); `.transparent` returns
    /// transparent black there.
    public enum EdgeMode: Int, Sendable {
        case clamp = 0, transparent = 1
        public static let all: [EdgeMode] = [.clamp, .transparent]
    }

    public let source: GLTransitionSource
    public var progress: Float = 0
    public var resizeMode: ResizeMode
    public var edges: EdgeMode
    /// Where the transition mixes: sRGB-encoded values (the runtime's, the default) or linear
    /// light (the pictures decoded where `getFromColor`/`getToColor` sample them, the result
    /// encoded). Fixed when compiled: each space is its own program.
    public let blendSpace: BlendSpace
    /// What the numbers mixed are: SDR, or an HLG or PQ output's signal, which a linear-light
    /// blend decodes and encodes with that transfer's curve (blend_space.glsl).
    package let blendSignal: BlendSignal
    public let from: Texture
    public let to: Texture
    let device: GLDevice
    private let compiled: CompiledTransition
    private var program: ShaderProgram { compiled.program }
    private var progressLocation: Int32 { compiled.progress }
    private var ratioLocation: Int32 { compiled.ratio }
    private var targetLocation: Int32 { compiled.target }
    private var ratiosLocation: Int32 { compiled.ratios }
    private var edgesLocation: Int32 { compiled.edges }
    private var parameterLocations: [String: Int32] = [:]
    /// Textures for sampler2D parameters, bound to units 2 and up.
    private var extraTextures: [(unit: Int32, texture: Texture)] = []
    /// Textures this effect uploaded itself (`setTexture(_:image:)`); released with it.
    private var ownedTextures: [Texture] = []
    /// Built-in luma maps for sampler2D parameters (`setTexture(_:_:)` with `.lumaMap`), made at
    /// the target's size when rendered (again when that size changes), so a clock's angles and a
    /// circle stay true on the frame whatever the pictures' sizes; owned by the effect.
    private var lumaMaps: [(unit: Int32, map: LumaMap, texture: Texture?)] = []
    /// The values `setParameter` set, in order: a fused copy (`fused(from:to:)`) sets them again.
    private(set) var setValues: [(name: String, value: GLTransitionValue)] = []
    /// Where the sides are read from two clips' planes (`fused(from:to:)`): their uniforms and
    /// the texture units their planes are bound to.
    private let planar: PlanarSides?

    /// Compiles `source`. Compile failures throw `GLError.shaderCompilation` whose line numbers
    /// and numbered source are the file's own (`#line 1`; the host's prelude is left out).
    public init(
        device: GLDevice, source: GLTransitionSource, from: Texture, to: Texture,
        resizeMode: ResizeMode = .cover, edges: EdgeMode = .clamp, blendSpace: BlendSpace = .srgb
    ) throws(GLError) {
        (self.device, self.blendSpace, self.source, self.from, self.to) = (device, blendSpace, source, from, to)
        (self.resizeMode, self.edges, planar, blendSignal) = (resizeMode, edges, nil, .sdr)
        compiled = try CompiledTransition(device: device, source: source, blendSpace: blendSpace, planar: false)
        setUpUniforms()
    }

    /// As above, mixing `signal`'s values: an edit whose output is HLG or PQ blends its signal.
    package init(
        device: GLDevice, source: GLTransitionSource, from: Texture, to: Texture,
        resizeMode: ResizeMode = .cover, edges: EdgeMode = .clamp, blendSpace: BlendSpace = .srgb, signal: BlendSignal
    ) throws(GLError) {
        (self.device, self.blendSpace, self.source, self.from, self.to) = (device, blendSpace, source, from, to)
        (self.resizeMode, self.edges, planar, blendSignal) = (resizeMode, edges, nil, signal)
        compiled = try CompiledTransition(device: device, source: source, blendSpace: blendSpace, signal: signal, planar: false)
        setUpUniforms()
    }

    /// With `planar`, the program reads its sides from the clips' planes (gl_transition_planar.glsl);
    /// `from` and `to` then only give the sides' sizes.
    init(
        device: GLDevice, source: GLTransitionSource, from: Texture, to: Texture,
        resizeMode: ResizeMode, edges: EdgeMode, blendSpace: BlendSpace, signal: BlendSignal,
        planar sides: (from: PlanarTransitionSide, to: PlanarTransitionSide)?
    ) throws(GLError) {
        (self.device, self.blendSpace, self.source, self.from, self.to) = (device, blendSpace, source, from, to)
        (self.resizeMode, self.edges, blendSignal) = (resizeMode, edges, signal)
        let compiled = try CompiledTransition(device: device, source: source, blendSpace: blendSpace, signal: signal, planar: sides != nil)
        self.compiled = compiled
        planar = sides.map { PlanarSides(program: compiled.program, from: $0.from, to: $0.to) }
        setUpUniforms()
    }

    /// The samplers' units and the parameters' defaults, once, on the new program.
    private func setUpUniforms() {
        program.use()
        GL.uniform1i(program.uniformLocation("segue_from"), 0)
        GL.uniform1i(program.uniformLocation("segue_to"), 1)
        planar?.setUp()
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
        try GLTransitionRange.check(value, of: parameter, file: source.name)
        program.use()
        apply(value, type: parameter.type, at: location)
        setValues.append((name, value))
    }

    /// Binds a texture (the caller's) to a sampler2D parameter. The file samples it with uv from
    /// the bottom left: texture row 0 is what it sees at v = 0.
    public func setTexture(_ name: String, _ texture: Texture) throws(GLTransitionError) {
        let unit = try samplerUnit(name)
        clearUnit(unit)
        extraTextures.append((unit, texture))
    }

    /// Sets a sampler2D parameter from a command-line value: a PNG's picture is uploaded now
    /// (`setTexture(_:image:)`), a built-in luma map is made at the frame's size when rendered.
    public func setTexture(_ name: String, _ texture: GLTransitionTexture) throws(GLTransitionError) {
        switch texture {
        case .file(_, let image):
            try setTexture(name, image: image)
        case .lumaMap(let map):
            let unit = try samplerUnit(name)
            clearUnit(unit)
            lumaMaps.append((unit, map, nil))
        }
    }

    private func samplerUnit(_ name: String) throws(GLTransitionError) -> Int32 {
        guard let index = source.parameters.firstIndex(where: { $0.name == name && $0.type == .sampler2D }) else {
            throw GLTransitionError.unknownParameter(
                file: source.name, name: name, known: source.parameters.filter { $0.type == .sampler2D }.map(\.name))
        }
        return Int32(2 + source.parameters[..<index].filter { $0.type == .sampler2D }.count)
    }

    /// Forgets what `unit` was given; a luma map made for it is released.
    private func clearUnit(_ unit: Int32) {
        extraTextures.removeAll { $0.unit == unit }
        for map in lumaMaps where map.unit == unit { map.texture?.release() }
        lumaMaps.removeAll { $0.unit == unit }
    }

    /// Uploads `image` (LINEAR, clamped to its edge) for a sampler2D parameter; the effect owns
    /// that texture and releases it in `release()`. Its bottom row goes first, as the official
    /// runtime uploads pictures, so the file's `texture(luma, uv)` (uv from the bottom left)
    /// sees the picture upright.
    public func setTexture(_ name: String, image: RGBAImage) throws(GLTransitionError) {
        guard source.parameters.contains(where: { $0.name == name && $0.type == .sampler2D }) else {
            throw GLTransitionError.unknownParameter(
                file: source.name, name: name, known: source.parameters.filter { $0.type == .sampler2D }.map(\.name))
        }
        let texture: Texture
        do {
            texture = try device.makeTexture(image: image.flippedVertically(), filter: .linear)
        } catch {
            throw .badTexture(file: source.name, parameter: name, reason: error.description)
        }
        ownedTextures.append(texture)
        try setTexture(name, texture)
    }

    public func render(into target: some RenderTarget) throws(GLError) {
        // Made before anything is bound: making a texture binds it on the active unit.
        for index in lumaMaps.indices { try makeLumaMap(at: index, width: target.width, height: target.height) }
        device.bind(target)
        program.use()
        GL.uniform1f(progressLocation, min(max(progress.isNaN ? 0 : progress, 0), 1))
        GL.uniform1f(ratioLocation, Float(target.width) / Float(max(1, target.height)))
        GL.uniform4f(targetLocation, Float(target.width), Float(target.height), target.flipsVertically ? 1 : 0, Float(resizeMode.rawValue))
        GL.uniform2f(ratiosLocation, Float(from.width) / Float(from.height), Float(to.width) / Float(to.height))
        GL.uniform1f(edgesLocation, Float(edges.rawValue))
        // The pictures are read with LINEAR, clamp-to-edge sampling whatever their textures' own
        // filter, as the official runtime samples them: transitions read between texels (zooms,
        // displacements, blurs' neighbour averages). A read at a texel's centre, as a same-size
        // picture's plain lookup is, still returns that texel exactly.
        if let planar {
            planar.bind()
        } else {
            GL.activeTexture(unit: 0)
            GL.bindTexture(from.name)
            device.bindLinearSampler(unit: 0)
            GL.activeTexture(unit: 1)
            GL.bindTexture(to.name)
            device.bindLinearSampler(unit: 1)
        }
        defer {
            if planar == nil {
                device.unbindSampler(unit: 0)
                device.unbindSampler(unit: 1)
            }
        }
        for extra in extraTextures {
            GL.activeTexture(unit: Int(extra.unit))
            GL.bindTexture(extra.texture.name)
        }
        for map in lumaMaps {
            GL.activeTexture(unit: Int(map.unit))
            GL.bindTexture(map.texture?.name ?? .none)
        }
        device.drawFullscreen()
        GL.activeTexture(unit: 0)
        try device.debugCheckError("GLTransitionEffect.render")
    }

    /// Makes the luma map at `index` (again) when it is missing or of another size than the target.
    private func makeLumaMap(at index: Int, width: Int, height: Int) throws(GLError) {
        if let texture = lumaMaps[index].texture, texture.width == width, texture.height == height { return }
        lumaMaps[index].texture?.release()
        lumaMaps[index].texture = nil
        let image = try Self.lumaMapImage(lumaMaps[index].map, width: width, height: height)
        lumaMaps[index].texture = try device.makeTexture(image: image, filter: .linear)
    }

    /// The map at the target's size, bottom row first for GL. Its one failure is the size (a
    /// picture's side limit, `RGBAImage.maxDimension`), so it is reported as the texture's size
    /// with the map named, not as a failed GL call.
    static func lumaMapImage(_ map: LumaMap, width: Int, height: Int) throws(GLError) -> RGBAImage {
        do { return try map.image(width: width, height: height).flippedVertically() } catch {
            let reason = switch error {
            case .invalidSize(_, _, let reason): reason
            default: error.description
            }
            throw .invalidSize(width: width, height: height, reason: "the luma map '\(map.rawValue)' cannot be made at this size: \(reason)")
        }
    }

    /// The same transition with its sides read from two clips' planes (one pass from the decoded
    /// planes to the frame: the input stage fused into this program), with this effect's settings;
    /// nil where that would not give what this effect gives (`PlanarTransitionSide.fuses`). The
    /// copy shares this effect's textures: release it first, then this one.
    package func fused(from: PlanarTransitionSide, to: PlanarTransitionSide) throws(GLError) -> GLTransitionEffect? {
        guard PlanarTransitionSide.fuses(source, resizeMode: resizeMode, from: from, to: to, sizes: (self.from, self.to)) else { return nil }
        let copy = try GLTransitionEffect(device: device, source: source, from: self.from, to: self.to, resizeMode: resizeMode,
                                          edges: edges, blendSpace: blendSpace, signal: blendSignal, planar: (from, to))
        copy.progress = progress
        for (name, value) in setValues {
            do { try copy.setParameter(name, value) } catch { return nil }  // set here already, so never refused
        }
        copy.extraTextures = extraTextures
        copy.lumaMaps = lumaMaps.map { ($0.unit, $0.map, nil) }
        return copy
    }

    /// The program stays in the device's cache; textures given by the caller stay the caller's,
    /// the ones uploaded from images or made from luma maps are released here.
    public func release() {
        for texture in ownedTextures { texture.release() }
        for map in lumaMaps { map.texture?.release() }
        ownedTextures = []
        extraTextures = []
        lumaMaps = []
    }

    func apply(_ value: GLTransitionValue, type: GLTransitionValueType, at location: Int32) {
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
