// Hosts a transition written in the gl-transitions format: it defines `progress`, `ratio`,
// `getFromColor` and `getToColor`, then the file's own code follows, then `main`.
// uv has its origin at the bottom left, as in gl-transitions; Segue's images are stored top
// row first, so the lookups flip v. Pictures are sampled LINEAR with CLAMP_TO_EDGE, as the
// official gl-transitions runtime samples them. Follows blend_space.glsl: getFromColor and
// getToColor return the blend space (sRGB-encoded, or linear light), main encodes the result.
// Colours are straight, as the runtime's are: a picture's premultiplied texels are filtered as
// such, then divided by their alpha (segue_straight); the transition's result is straight too
// (`getFromColor(uv) * 0.5` halves the colour and its alpha, darkening it as the runtime does),
// and main premultiplies it where it enters Segue's premultiplied pipeline.
uniform float progress;
uniform float ratio;                 // output width / height
uniform sampler2D segue_from;
uniform sampler2D segue_to;
uniform vec4 segue_target;           // (width, height, flip, resize mode)
uniform vec2 segue_ratios;           // (from width / height, to width / height)
uniform float segue_edges;           // lookups outside the picture: 0 repeat its edge, 1 transparent
// A transition evaluated in the encoder's planes (gl_transition_plane_blend.glsl) writes its own outputs.
#ifndef SEGUE_PLANE_BLEND
out vec4 segue_fragColor;
#endif

// Maps output uv to a picture's uv for the resize mode: 0 cover, 1 contain, 2 stretch.
// Outside a contained picture the colour is transparent black.
vec2 segue_resize(vec2 uv, float pictureRatio) {
    float mode = segue_target.w;
    if (mode > 1.5) return uv;
    float r = ratio / pictureRatio;
    vec2 scale = (mode < 0.5) == (r > 1.0) ? vec2(1.0, 1.0 / r) : vec2(r, 1.0);
    return (uv - 0.5) * scale + 0.5;
}

// Edge mode 0 (the runtime's): a displaced uv outside [0, 1] repeats the edge pixels (the
// sampler clamps to the edge). A contained picture keeps its transparent bars: its uv is clamped
// to the frame first, so displaced lookups repeat the frame's edge, bars included.
// Edge mode 1: everything outside the picture is transparent black.
vec4 segue_lookup(sampler2D image, vec2 uv, float pictureRatio) {
    bool contain = segue_target.w > 0.5 && segue_target.w < 1.5;
    if (segue_edges < 0.5 && contain) uv = clamp(uv, 0.0, 1.0);
    vec2 p = segue_resize(uv, pictureRatio);
    bool outside = p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0;
    if (outside && (segue_edges > 0.5 || contain)) return vec4(0.0);
#if SEGUE_LINEAR_LIGHT
    return segue_sample_blend(image, vec2(p.x, 1.0 - p.y));
#else
    return texture(image, vec2(p.x, 1.0 - p.y));  // the runtime's own lookup, untouched
#endif
}

// A premultiplied colour as straight colour; transparent black where nothing covers.
vec4 segue_straight(vec4 c) { return c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0); }

// With SEGUE_PLANAR_SIDES, gl_transition_planar.glsl defines them from the clips' planes instead.
#ifndef SEGUE_PLANAR_SIDES
vec4 getFromColor(vec2 uv) { return segue_straight(segue_lookup(segue_from, uv, segue_ratios.x)); }
vec4 getToColor(vec2 uv) { return segue_straight(segue_lookup(segue_to, uv, segue_ratios.y)); }
#endif
