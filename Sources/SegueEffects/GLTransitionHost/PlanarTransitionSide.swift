import SegueColor
import SegueGL
import SegueGLSL
import SegueShaders

/// A decoded clip's Y'CbCr planes as a fused transition reads them (`GLTransitionEffect.fused`):
/// the plane textures (normalised R8 or R16, the frame's size for Y) and the constants that
/// convert a pixel's codes to R'G'B' as the export's input stage does.
package struct PlanarTransitionSide {
    /// Y, Cb and Cr.
    package let planes: [TextureName]
    /// R'G'B' = toRGB × (texel × scale) + offset; `toRGB` column-major.
    package let toRGB: [Float]
    package let offset: [Float]
    /// The texel value's code scale over the largest code (255 / 255, 65535 / 1023 …).
    package let scale: Float
    /// log2 of the chroma subsampling, (1, 1) for 4:2:0.
    package let chromaShift: (x: Int32, y: Int32)
    /// The luma plane's size, which must be the frame's.
    package let width: Int
    package let height: Int

    package init(planes: [TextureName], toRGB: [Float], offset: [Float], scale: Float, chromaShift: (x: Int32, y: Int32),
                 width: Int, height: Int) {
        (self.planes, self.toRGB, self.offset, self.scale) = (planes, toRGB, offset, scale)
        (self.chromaShift, self.width, self.height) = (chromaShift, width, height)
    }

    /// Whether reading the sides from their planes gives what the texture lookups give: both
    /// sides of the size of the pictures they stand for (no resize), and a transition that looks
    /// them up only at the fragment's own uv — a pixel's centre, where a LINEAR lookup returns
    /// that texel — so one pixel is fetched and converted per lookup. Judged from the text:
    /// `transition(vec2 uv)` is the file's only function with a `uv` parameter, `uv` is never
    /// assigned, every `getFromColor` / `getToColor` call is given `uv` itself, and no macro
    /// could rename them. Anything else keeps the unfused passes.
    static func fuses(
        _ source: GLTransitionSource, resizeMode: ResizeMode, from: PlanarTransitionSide, to: PlanarTransitionSide,
        sizes: (from: Texture, to: Texture)
    ) -> Bool {
        guard from.width == sizes.from.width, from.height == sizes.from.height, to.width == sizes.to.width,
              to.height == sizes.to.height, from.width == to.width, from.height == to.height else { return false }
        return looksUpOnlyAtOwnUV(source.source)
    }

    package static func looksUpOnlyAtOwnUV(_ text: String) -> Bool {
        guard !text.contains("#define"), text.ranges(of: /\bvec2\s+uv\b/).count == 1,
              text.contains(/vec4\s+transition\s*\(\s*vec2\s+uv\s*\)/),
              !text.contains(/\buv\s*(\.[a-z]+\s*)?(\[[^\]]*\]\s*)?([-+*\/]?=(?!=)|\+\+|--)/),
              !text.contains(/(\+\+|--)\s*uv\b/) else { return false }
        let calls = text.ranges(of: /\bget(From|To)Color\b/).count
        let plain = text.ranges(of: /\bget(From|To)Color\s*\(\s*uv\s*\)/).count
        return calls == plain
    }
}

/// A fused program's side uniforms and the texture units its six planes are bound to (10…15:
/// above the two sides' and the parameters' units, within the 16 every GL 3.3 / ES 3.0 has).
struct PlanarSides {
    static let firstUnit = 10
    let program: ShaderProgram
    let from: PlanarTransitionSide
    let to: PlanarTransitionSide

    /// Sets the samplers' units and the sides' constants (constant over the effect's life).
    func setUp() {
        for (offset, name) in ["segue_fromY", "segue_fromCb", "segue_fromCr", "segue_toY", "segue_toCb", "segue_toCr"].enumerated() {
            GL.uniform1i(program.uniformLocation(name), Int32(Self.firstUnit + offset))
        }
        for (side, prefix) in [(from, "segue_from"), (to, "segue_to")] {
            GL.uniformMatrix(program.uniformLocation(prefix + "ToRGB"), dimension: 3, side.toRGB)
            GL.uniform3f(program.uniformLocation(prefix + "Offset"), side.offset[0], side.offset[1], side.offset[2])
            GL.uniform1f(program.uniformLocation(prefix + "Scale"), side.scale)
            GL.uniformInts(program.uniformLocation(prefix + "Shift"), [side.chromaShift.x, side.chromaShift.y])
        }
    }

    /// Binds the six planes to their units.
    func bind() {
        for (offset, plane) in (from.planes + to.planes).enumerated() {
            GL.activeTexture(unit: Self.firstUnit + offset)
            GL.bindTexture(plane)
        }
    }
}

/// A transition's program and the host's uniforms in it, compiled once per text, blend space and
/// kind of sides (the device caches the program).
struct CompiledTransition {
    let program: ShaderProgram
    let progress, ratio, target, ratios, edges: Int32

    init(device: GLDevice, source: GLTransitionSource, blendSpace: BlendSpace, signal: BlendSignal = .sdr, planar: Bool) throws(GLError) {
        // `#line 1` makes the driver count the file's own lines in its messages.
        let body = (planar ? "#define SEGUE_PLANAR_SIDES 1\n" : "")
            + signal.blendSpaceDefines(blendSpace) + ShaderLibrary.blendSpace
            + ShaderLibrary.glTransitionPrelude + (planar ? ShaderLibrary.planeChroma + ShaderLibrary.glTransitionPlanar : "")
            + "\n#line 1\n" + source.source + "\n" + ShaderLibrary.glTransitionMain
        do {
            program = try device.cachedProgram(key: "gl-transition:" + body) { () throws(GLError) in
                try device.makeFullscreenProgram(fragmentBody: body)
            }
        } catch .shaderCompilation(let failure) where failure.stage == .fragment {
            // Number the user's file, not the prelude + file + main the driver saw.
            throw .shaderCompilation(ShaderFailure(stage: .fragment, log: failure.log, source: source.source))
        }
        progress = program.uniformLocation("progress")
        ratio = program.uniformLocation("ratio")
        target = program.uniformLocation("segue_target")
        ratios = program.uniformLocation("segue_ratios")
        edges = program.uniformLocation("segue_edges")
    }
}
