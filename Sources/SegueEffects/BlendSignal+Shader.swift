import SegueColor
import SegueShaders

extension BlendSignal {
    /// The defines blend_space.glsl is compiled with: the blend space, and in linear light the
    /// curve of this signal (SEGUE_BLEND_CURVE: PQ or HLG where an HDR output's signal is mixed).
    /// SDR adds nothing, so its programs (and the device's cache of them) are as before.
    func blendSpaceDefines(_ space: BlendSpace) -> String {
        ShaderLibrary.blendSpaceDefine(linearLight: space == .linear)
            + (space == .linear && self != .sdr ? "#define SEGUE_BLEND_CURVE \(self == .pq ? 1 : 2)\n" : "")
    }
}
