import SegueColor
import SegueGL
import SegueGLSL
import SegueShaders

/// A clip's Y'CbCr planes as a transition evaluated in the encoder's planes reads them: the Y, Cb
/// and Cr textures (normalised R8, or R16 holding the codes as they are) and the factor that turns
/// a texel back into its code.
package struct PlaneBlendSide {
    package let planes: [TextureName]
    /// texel × codeScale = code: 255 for R8 planes, 65535 for R16.
    package let codeScale: Float
    /// The luma plane's size.
    package let width: Int
    package let height: Int

    package init(planes: [TextureName], codeScale: Float, width: Int, height: Int) {
        (self.planes, self.codeScale, self.width, self.height) = (planes, codeScale, width, height)
    }
}

/// How the output stage stores a plane's codes (`YCbCrOutput`): the largest code, code → texel,
/// and the dither's 8 × 8 thresholds added before the floor (0.5 everywhere rounds).
package struct PlaneQuantisation {
    package let maxCode: Float
    package let storageScale: Float
    package let thresholds: [Float]

    package init(maxCode: Float, storageScale: Float, thresholds: [Float]) {
        (self.maxCode, self.storageScale, self.thresholds) = (maxCode, storageScale, thresholds)
    }
}

/// A transition between two clips evaluated in the encoder's own planes
/// (gl_transition_plane_blend.glsl): where both sides are already in the output's format and the
/// transition mixes or picks its two sides with weights that do not depend on their colours, the
/// mix of their Y'CbCr codes is the Y'CbCr of the mix of their R'G'B' (the conversion is affine),
/// which is how ffmpeg's xfade computes it. Two passes a frame straight into the output stage's
/// plane targets (Y; Cb and Cr together), with no R'G'B' frame between and no output conversion.
/// Made by `GLTransitionEffect.planeBlend(from:to:)`; its programs are the device's, cached.
package final class PlaneBlendTransition {
    package var progress: Float = 0
    private let luma: PlaneBlendProgram
    private let chroma: PlaneBlendProgram
    private let from: PlaneBlendSide
    private let to: PlaneBlendSide

    /// The built-in files whose result is `mix(from, to, w)` or a choice of one side, `w` from the
    /// position and progress alone, both sides looked up at the fragment's own uv, and `w` smooth
    /// or edged over the frame: fade, the wipes (xfade's wipe*, smooth*, diag*), circleopen/close,
    /// vertopen/close and horzopen/close (barn), the radial wipe, the slices. A chroma sample takes
    /// `w` at its own point, so a `w` that changes from pixel to pixel (the dissolve's noise, the
    /// wind's ragged rows) would lose the mixing of its choices that filtering R'G'B' gives: those
    /// keep the R'G'B' passes. So do fadefast and distance (the weight depends on the colours),
    /// fadecolor, fadegrays and the crops (a colour of their own: not a mix of the two sides), and
    /// anything that moves its lookups (slides, zooms, squeezes).
    static let blendFiles: Set<String> = ["fade", "wipe", "circle", "barn", "radial", "slices"]

    /// Whether `source` is one of `blendFiles`, word for word as built in (whatever it is named: a
    /// preset such as wipeleft is named by itself; a user's file of another text keeps the R'G'B' passes).
    package static func blends(_ source: GLTransitionSource) -> Bool {
        ShaderLibrary.glTransitions.contains { blendFiles.contains($0.name) && $0.source == source.source }
    }

    init(effect: GLTransitionEffect, from: PlaneBlendSide, to: PlaneBlendSide) throws(GLError) {
        (self.from, self.to) = (from, to)
        luma = try PlaneBlendProgram(effect: effect, chroma: false)
        chroma = try PlaneBlendProgram(effect: effect, chroma: true)
        progress = effect.progress
    }

    /// Draws the Y plane (`chroma` false) or Cb and Cr (true) into the bound target(s), four samples
    /// a texel, `planeWidth` samples wide, frame `frameWidth` × `frameHeight`.
    package func draw(chroma isChroma: Bool, planeWidth: Int, frameWidth: Int, frameHeight: Int, quantisation: PlaneQuantisation,
                      device: GLDevice) throws(GLError) {
        let pass = isChroma ? chroma : luma
        pass.program.use()
        GL.uniform1f(pass.progress, min(max(progress.isNaN ? 0 : progress, 0), 1))
        GL.uniform1f(pass.ratio, Float(frameWidth) / Float(max(1, frameHeight)))
        GL.uniform4f(pass.target, Float(frameWidth), Float(frameHeight), 0, Float(ResizeMode.stretch.rawValue))
        GL.uniform1i(pass.planeWidth, Int32(planeWidth))
        GL.uniform1f(pass.codeScale, from.codeScale)
        GL.uniform1f(pass.maxCode, quantisation.maxCode)
        GL.uniform1f(pass.storageScale, quantisation.storageScale)
        GL.uniformFloats(pass.thresholds, quantisation.thresholds)
        for offset in 0..<6 {  // Y, Cb, Cr of each side, bound without building an array each frame
            GL.activeTexture(unit: PlaneBlendProgram.firstUnit + offset)
            GL.bindTexture(offset < 3 ? from.planes[offset] : to.planes[offset - 3])
        }
        device.drawFullscreen()
        GL.activeTexture(unit: 0)
        try device.debugCheckError("PlaneBlendTransition.draw")
    }
}

/// One of a plane-blend transition's two programs and its host uniforms; the transition's own
/// parameters set as the effect it was made from has them.
private struct PlaneBlendProgram {
    static let firstUnit = 10
    let program: ShaderProgram
    let progress, ratio, target, planeWidth, codeScale, maxCode, storageScale, thresholds: Int32

    init(effect: GLTransitionEffect, chroma: Bool) throws(GLError) {
        let source = effect.source
        let body = "#define SEGUE_PLANAR_SIDES 1\n#define SEGUE_PLANE_BLEND 1\n" + (chroma ? "#define SEGUE_PLANE_CHROMA 1\n" : "")
            + ShaderLibrary.blendSpaceDefine(linearLight: false) + ShaderLibrary.blendSpace
            + ShaderLibrary.glTransitionPrelude + ShaderLibrary.glTransitionPlaneBlend
            + "\n#line 1\n" + source.source + "\n"
        let device = effect.device
        program = try device.cachedProgram(key: "gl-transition-plane-blend:" + body) { () throws(GLError) in
            try device.makeFullscreenProgram(fragmentBody: body)
        }
        (progress, ratio, target) = (program.uniformLocation("progress"), program.uniformLocation("ratio"), program.uniformLocation("segue_target"))
        (planeWidth, codeScale) = (program.uniformLocation("segue_planeWidth"), program.uniformLocation("segue_codeScale"))
        (maxCode, storageScale) = (program.uniformLocation("segue_maxCode"), program.uniformLocation("segue_storageScale"))
        thresholds = program.uniformLocation("segue_thresholds")
        program.use()
        for (offset, name) in ["segue_fromY", "segue_fromCb", "segue_fromCr", "segue_toY", "segue_toCb", "segue_toCr"].enumerated() {
            GL.uniform1i(program.uniformLocation(name), Int32(Self.firstUnit + offset))
        }
        for parameter in source.parameters where parameter.type != .sampler2D {
            effect.apply(parameter.defaultValue, type: parameter.type, at: program.uniformLocation(parameter.name))
        }
        for (name, value) in effect.setValues {
            guard let parameter = source.parameters.first(where: { $0.name == name }) else { continue }
            effect.apply(value, type: parameter.type, at: program.uniformLocation(name))
        }
    }
}

extension GLTransitionEffect {
    /// This transition evaluated in the encoder's planes between two clips' planes
    /// (`PlaneBlendTransition`), with this effect's settings; nil where that would not give what
    /// this effect gives: a transition that is not a mix of its sides (`PlaneBlendTransition.blends`),
    /// a blend in linear light, sides of another size than the pictures they stand for, or sides
    /// of different bit depths. The caller checks that the sides are in the output's format.
    package func planeBlend(from: PlaneBlendSide, to: PlaneBlendSide) throws(GLError) -> PlaneBlendTransition? {
        guard PlaneBlendTransition.blends(source), blendSpace == .srgb, from.planes.count >= 3, to.planes.count >= 3,
              from.codeScale == to.codeScale, from.width == self.from.width, from.height == self.from.height,
              to.width == self.to.width, to.height == self.to.height, from.width == to.width, from.height == to.height,
              !source.parameters.contains(where: { $0.type == .sampler2D }) else { return nil }
        return try PlaneBlendTransition(effect: self, from: from, to: to)
    }
}
