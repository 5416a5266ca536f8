// The 25 blend modes of BlendFilter, after GPUImage's blend filters.
//
// `base` is the first input, `overlay` the second; both are straight (not premultiplied) RGBA.
// Every mode ends with segue_blend_finish: the result mixed over base by `opacity` (0 is base
// exactly, 1 the blend alone). Formulas below use b = base.rgb, s = overlay.rgb, ab = base.a,
// as = overlay.a.
//
// The separable and non-separable modes produce a blend colour B(b, s) and composite it with
// the W3C Compositing and Blending formula (GPUImage's blends use its premultiplied form):
//   ao = as + ab·(1 − as)
//   Co = (as·(1 − ab)·s + as·ab·B(b, s) + (1 − as)·ab·b) / ao      (transparent where ao = 0)
// so with opaque inputs the result is exactly B(b, s), and a transparent overlay leaves base.
//
// Divisions are guarded so no mode produces NaN or infinity (opacity 0 must return base exactly).

// W3C luminosity weights (Lum), also used by the mask mode.
const vec3 segue_blend_lumaWeights = vec3(0.3, 0.59, 0.11);

// The floor a divisor is kept above; the guarded quotients are clamped to 1 before it matters.
const float segue_blend_tiny = 1.0e-6;

// The pipeline's premultiplied colour made straight for the formulas, and back (BlendFilter
// wraps every mode in these unless told its inputs are straight). No colour where alpha is 0.
vec4 segue_blend_straight(vec4 c) {
    return c.a > 0.0 ? vec4(clamp(c.rgb / c.a, 0.0, 1.0), c.a) : vec4(0.0);
}

vec4 segue_blend_premultiplied(vec4 c) {
    return vec4(c.rgb * c.a, c.a);
}

vec4 segue_blend_finish(vec4 base, vec4 result, float opacity) {
    return mix(base, result, opacity);
}

vec4 segue_blend_composite(vec4 base, vec4 overlay, vec3 blended) {
    float alpha = overlay.a + base.a * (1.0 - overlay.a);
    vec3 premultiplied = overlay.a * (1.0 - base.a) * overlay.rgb
        + overlay.a * base.a * blended
        + (1.0 - overlay.a) * base.a * base.rgb;
    return alpha > 0.0 ? vec4(clamp(premultiplied / alpha, 0.0, 1.0), alpha) : vec4(0.0);
}

// --- Non-separable helpers (W3C Lum, ClipColor, SetLum, Sat, SetSat) ---

float segue_blend_lum(vec3 c) {
    return dot(c, segue_blend_lumaWeights);
}

vec3 segue_blend_clipColor(vec3 c) {
    float l = segue_blend_lum(c);
    float n = min(min(c.r, c.g), c.b);
    float x = max(max(c.r, c.g), c.b);
    vec3 clipped = c;
    if (n < 0.0) clipped = l + (clipped - l) * l / max(l - n, segue_blend_tiny);
    if (x > 1.0) clipped = l + (clipped - l) * (1.0 - l) / max(x - l, segue_blend_tiny);
    return clipped;
}

vec3 segue_blend_setLum(vec3 c, float l) {
    return segue_blend_clipColor(c + (l - segue_blend_lum(c)));
}

float segue_blend_sat(vec3 c) {
    return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b);
}

// Minimum to 0, maximum to `saturation`, middle scaled in between; grey stays black.
vec3 segue_blend_setSat(vec3 c, float saturation) {
    float low = min(min(c.r, c.g), c.b);
    float range = max(max(c.r, c.g), c.b) - low;
    return range > 0.0 ? (c - low) * (saturation / range) : vec3(0.0);
}

// --- The 25 modes ---

// normal: B = s (Porter-Duff source-over of overlay on base, straight alpha).
vec4 segue_blend_normal(vec4 base, vec4 overlay, float opacity) {
    return segue_blend_finish(base, segue_blend_composite(base, overlay, overlay.rgb), opacity);
}

// alpha: rgb = mix(b, s, as·mix), alpha = ab (GPUImageAlphaBlendFilter).
vec4 segue_blend_alpha(vec4 base, vec4 overlay, float opacity, float mixturePercent) {
    vec4 result = vec4(mix(base.rgb, overlay.rgb, overlay.a * mixturePercent), base.a);
    return segue_blend_finish(base, result, opacity);
}

// sourceOver: rgba = mix(base, overlay, as) (GPUImageSourceOverBlendFilter).
vec4 segue_blend_sourceOver(vec4 base, vec4 overlay, float opacity) {
    return segue_blend_finish(base, mix(base, overlay, overlay.a), opacity);
}

// add: B = min(b + s, 1).
vec4 segue_blend_add(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = min(base.rgb + overlay.rgb, vec3(1.0));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// subtract: B = max(b − s, 0).
vec4 segue_blend_subtract(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = max(base.rgb - overlay.rgb, vec3(0.0));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// multiply: B = b·s.
vec4 segue_blend_multiply(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = base.rgb * overlay.rgb;
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// divide: B = 1 where b ≥ s (dividing by black is white), else b / s.
vec4 segue_blend_divide(vec4 base, vec4 overlay, float opacity) {
    vec3 quotient = base.rgb / max(overlay.rgb, vec3(segue_blend_tiny));
    vec3 blended = mix(quotient, vec3(1.0), greaterThanEqual(base.rgb, overlay.rgb));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// screen: B = b + s − b·s.
vec4 segue_blend_screen(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = base.rgb + overlay.rgb - base.rgb * overlay.rgb;
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// The hard-light curve of `top` over `bottom`: 2·bottom·top where top ≤ 0.5, else screen with 2·top − 1.
vec3 segue_blend_hardLightCurve(vec3 bottom, vec3 top) {
    vec3 low = 2.0 * bottom * top;
    vec3 high = 1.0 - 2.0 * (1.0 - bottom) * (1.0 - top);
    return mix(high, low, lessThanEqual(top, vec3(0.5)));
}

// overlay: B = 2·b·s where b ≤ 0.5, else 1 − 2·(1 − b)·(1 − s) (hard light with roles swapped).
vec4 segue_blend_overlay(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_hardLightCurve(overlay.rgb, base.rgb);
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// darken: B = min(b, s).
vec4 segue_blend_darken(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = min(base.rgb, overlay.rgb);
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// lighten: B = max(b, s).
vec4 segue_blend_lighten(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = max(base.rgb, overlay.rgb);
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// colorBurn: B = 1 − min(1, (1 − b) / s)   (b = 1 gives 1, s = 0 gives 0).
vec4 segue_blend_colorBurn(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = 1.0 - min(vec3(1.0), (1.0 - base.rgb) / max(overlay.rgb, vec3(segue_blend_tiny)));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// colorDodge: B = min(1, b / (1 − s))   (b = 0 gives 0, s = 1 gives 1).
vec4 segue_blend_colorDodge(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = min(vec3(1.0), base.rgb / max(1.0 - overlay.rgb, vec3(segue_blend_tiny)));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// linearBurn: B = max(b + s − 1, 0).
vec4 segue_blend_linearBurn(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = max(base.rgb + overlay.rgb - 1.0, vec3(0.0));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// hardLight: B = 2·b·s where s ≤ 0.5, else 1 − 2·(1 − b)·(1 − s).
vec4 segue_blend_hardLight(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_hardLightCurve(base.rgb, overlay.rgb);
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// softLight: B = b²·(1 − 2s) + 2·b·s (GPUImage's soft light, the Pegtop curve).
vec4 segue_blend_softLight(vec4 base, vec4 overlay, float opacity) {
    vec3 b = base.rgb;
    vec3 blended = b * b * (1.0 - 2.0 * overlay.rgb) + 2.0 * b * overlay.rgb;
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// difference: B = |b − s|.
vec4 segue_blend_difference(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = abs(base.rgb - overlay.rgb);
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// exclusion: B = b + s − 2·b·s.
vec4 segue_blend_exclusion(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = base.rgb + overlay.rgb - 2.0 * base.rgb * overlay.rgb;
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// hue: B = SetLum(SetSat(s, Sat(b)), Lum(b)).
vec4 segue_blend_hue(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_setLum(
        segue_blend_setSat(overlay.rgb, segue_blend_sat(base.rgb)), segue_blend_lum(base.rgb));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// saturation: B = SetLum(SetSat(b, Sat(s)), Lum(b)).
vec4 segue_blend_saturation(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_setLum(
        segue_blend_setSat(base.rgb, segue_blend_sat(overlay.rgb)), segue_blend_lum(base.rgb));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// color: B = SetLum(s, Lum(b)).
vec4 segue_blend_color(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_setLum(overlay.rgb, segue_blend_lum(base.rgb));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// luminosity: B = SetLum(b, Lum(s)).
vec4 segue_blend_luminosity(vec4 base, vec4 overlay, float opacity) {
    vec3 blended = segue_blend_setLum(base.rgb, segue_blend_lum(overlay.rgb));
    return segue_blend_finish(base, segue_blend_composite(base, overlay, blended), opacity);
}

// GPUImage's chroma (Cr, Cb) of a colour, for the chroma key distance.
vec2 segue_blend_chroma(vec3 c) {
    float y = dot(c, vec3(0.2989, 0.5866, 0.1145));
    return vec2(0.7132 * (c.r - y), 0.5647 * (c.b - y));
}

// chromaKey: t = clamp((|CrCb(s) − CrCb(key)| − threshold) / smoothing, 0, 1) (a step at threshold
// when smoothing is 0); as ·= t²·(3 − 2t); then normal: keyed overlay pixels show base.
vec4 segue_blend_chromaKey(
    vec4 base, vec4 overlay, float opacity, vec3 keyColor, float threshold, float smoothing) {
    float d = distance(segue_blend_chroma(overlay.rgb), segue_blend_chroma(keyColor));
    float t = smoothing > 0.0 ? clamp((d - threshold) / smoothing, 0.0, 1.0) : step(threshold, d);
    vec4 kept = vec4(overlay.rgb, overlay.a * (t * t * (3.0 - 2.0 * t)));
    return segue_blend_finish(base, segue_blend_composite(base, kept, kept.rgb), opacity);
}

// dissolve: rgba = mix(base, overlay, mix) (GPUImageDissolveBlendFilter).
vec4 segue_blend_dissolve(vec4 base, vec4 overlay, float opacity, float mixturePercent) {
    return segue_blend_finish(base, mix(base, overlay, mixturePercent), opacity);
}

// mask: rgba = (b, ab · Lum(s) · as): base cut out by the overlay's luminance and alpha.
vec4 segue_blend_mask(vec4 base, vec4 overlay, float opacity) {
    vec4 result = vec4(base.rgb, base.a * segue_blend_lum(overlay.rgb) * overlay.a);
    return segue_blend_finish(base, result, opacity);
}
