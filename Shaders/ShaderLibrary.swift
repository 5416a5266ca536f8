/// GLSL sources embedded into the binary at build time from `Shaders/glsl/` (SwiftPM's
/// `embedInCode`), so there is exactly one copy of each shader: the file.
///
/// Bodies are written in the common subset of GLSL 3.30 core and GLSL ES 3.00; the GL layer
/// prepends the `#version` line for the context it runs on.
public enum ShaderLibrary {
    /// One triangle that covers the viewport; no vertex buffers (positions from gl_VertexID).
    public static let fullscreenVertex = text(PackageResources.fullscreen_vert)
    /// `segue_pixellate_texel`: GPUImage's pixellate as a texel-coordinate remap.
    public static let pixellate = text(PackageResources.pixellate_glsl)
    /// `segue_dissolve`: GPUImage's dissolve blend.
    public static let dissolve = text(PackageResources.dissolve_glsl)
    /// Helpers every generated effect program includes (source sampling, coordinates).
    public static let effectPrelude = text(PackageResources.effect_prelude_glsl)
    /// `segue_decode`, `segue_encode`, `segue_sample_blend`: the blend space (sRGB or linear
    /// light, by `SEGUE_LINEAR_LIGHT`), included by effect and gl-transition programs.
    public static let blendSpace = text(PackageResources.blend_space_glsl)
    /// The define that selects the blend space in `blendSpace`; put before it.
    public static func blendSpaceDefine(linearLight: Bool) -> String { "#define SEGUE_LINEAR_LIGHT \(linearLight ? 1 : 0)\n" }

    /// `segue_blend_*`: the 25 blend modes of `BlendFilter`.
    public static let blendModes = text(PackageResources.blend_modes_glsl)
    /// `segue_brightness`, `segue_contrast`, …: the per-pixel colour adjustments.
    public static let colorAdjustments = text(PackageResources.color_adjustments_glsl)
    /// Helpers of the neighbourhood filters (Gaussian weights).
    public static let neighbourhood = text(PackageResources.neighbourhood_glsl)
    /// A view as a transformed quad (compositor).
    public static let viewVertex = text(PackageResources.view_vert)
    /// A view's background, content, corners and alpha (compositor).
    public static let viewFragment = text(PackageResources.view_frag)
    /// One plane of Y'CbCr from a blend-space frame, quantised (the export's output stage).
    public static let ycbcrOutput = text(PackageResources.ycbcr_output_frag)

    /// Hosts a gl-transitions-format transition: progress, ratio, getFromColor, getToColor.
    public static let glTransitionPrelude = text(PackageResources.gl_transition_prelude_glsl)
    /// `getFromColor` / `getToColor` from two clips' Y'CbCr planes (the input stage fused into a
    /// transition's program); follows `glTransitionPrelude`, with `SEGUE_PLANAR_SIDES` defined.
    public static let glTransitionPlanar = text(PackageResources.gl_transition_planar_glsl)
    /// A transition evaluated in the encoder's Y'CbCr planes (its sides clips already in the
    /// output's format, its result a mix of them): `main` for the Y plane, or with
    /// `SEGUE_PLANE_CHROMA` for Cb and Cr; follows `glTransitionPrelude` (with `SEGUE_PLANAR_SIDES`
    /// and `SEGUE_PLANE_BLEND` defined) and comes before the transition's text.
    public static let glTransitionPlaneBlend = text(PackageResources.gl_transition_plane_blend_glsl)
    /// `segue_planeBilinear`: a plane read between texels (chroma at a luma pixel's siting); put
    /// before `ycbcrInput` and `glTransitionPlanar`, which both use it.
    public static let planeChroma = text(PackageResources.plane_chroma_glsl)
    /// Follows the transition's code: `main`.
    public static let glTransitionMain = text(PackageResources.gl_transition_main_glsl)
    /// UIKit's page curl in the gl-transitions format (`View.transition` with `.transitionCurlUp`
    /// and `.transitionCurlDown`); not one of the named transitions.
    public static let pageCurl = text(PackageResources.page_curl_glsl)

    /// A decoded video frame's Y'CbCr planes to the blend space (the media pipeline's input stage).
    public static let ycbcrInput = text(PackageResources.ycbcr_input_glsl)
    /// A picture reduced once to the frame as the resize mode places it, area-averaged
    /// (`PictureFitting.prefiltered`).
    public static let picturePrefilter = text(PackageResources.picture_prefilter_glsl)
    /// Text's picture composited over a frame (an edit's titles, captions and subtitles).
    public static let textOverlay = text(PackageResources.text_overlay_glsl)

    /// The built-in transitions written in the gl-transitions format (Shaders/glsl/transition_*.glsl).
    public static let glTransitions: [(name: String, source: String)] = [
        ("fade", text(PackageResources.transition_fade_glsl)),
        ("fadecolor", text(PackageResources.transition_fadecolor_glsl)),
        ("fadegrays", text(PackageResources.transition_fadegrays_glsl)),
        ("wipe", text(PackageResources.transition_wipe_glsl)),
        ("slide", text(PackageResources.transition_slide_glsl)),
        ("circle", text(PackageResources.transition_circle_glsl)),
        ("radial", text(PackageResources.transition_radial_glsl)),
        ("pixelize", text(PackageResources.transition_pixelize_glsl)),
        ("noisedissolve", text(PackageResources.transition_noisedissolve_glsl)),
        ("slices", text(PackageResources.transition_slices_glsl)),
        ("squeeze", text(PackageResources.transition_squeeze_glsl)),
        ("zoomin", text(PackageResources.transition_zoomin_glsl)),
        ("hblur", text(PackageResources.transition_hblur_glsl)),
        ("crop", text(PackageResources.transition_crop_glsl)),
        ("barn", text(PackageResources.transition_barn_glsl)),
        ("pixellate", text(PackageResources.transition_pixellate_glsl)),
        ("polarpixellate", text(PackageResources.transition_polarpixellate_glsl)),
        ("pixellatearound", text(PackageResources.transition_pixellatearound_glsl)),
        ("halftone", text(PackageResources.transition_halftone_glsl)),
        ("distance", text(PackageResources.transition_distance_glsl)),
        ("fadefast", text(PackageResources.transition_fadefast_glsl)),
        ("wind", text(PackageResources.transition_wind_glsl)),
        // The gl-transitions corpus's most used names, ported with their defaults (MIT licence).
        ("cube", text(PackageResources.transition_cube_glsl)),
        ("directionalwarp", text(PackageResources.transition_directionalwarp_glsl)),
        ("dreamy", text(PackageResources.transition_dreamy_glsl)),
        ("doorway", text(PackageResources.transition_doorway_glsl)),
        ("swirl", text(PackageResources.transition_swirl_glsl)),
        ("ripple", text(PackageResources.transition_ripple_glsl)),
        ("crosszoom", text(PackageResources.transition_crosszoom_glsl)),
        ("windowslice", text(PackageResources.transition_windowslice_glsl)),
        ("burn", text(PackageResources.transition_burn_glsl)),
        ("colorphase", text(PackageResources.transition_colorphase_glsl)),
    ]

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
