// Per-pixel colour adjustments after GPUImage's filters of the same names. Each keeps its
// result in 0...1, as GPUImage's 8-bit textures do between filters, so a fused chain gives what
// one pass per filter gives (up to the 8-bit rounding of the intermediates). Fused, every
// instruction here is paid per pixel per filter, so each clamps only the channels and the sides
// that can leave 0...1, and per-frame constants are worked out on the CPU.

const vec3 segue_luminance_weights = vec3(0.2125, 0.7154, 0.0721);

vec4 segue_brightness(vec4 c, float brightness) {
    return vec4(clamp(c.rgb + brightness, 0.0, 1.0), c.a);
}

// (c − 0.5) × contrast + 0.5 as one multiply-add: `scaleAndOffset` = (contrast, 0.5 − 0.5 × contrast).
vec4 segue_contrast(vec4 c, vec2 scaleAndOffset) {
    return vec4(clamp(c.rgb * scaleAndOffset.x + scaleAndOffset.y, 0.0, 1.0), c.a);
}

vec4 segue_saturation(vec4 c, float saturation) {
    vec3 gray = vec3(dot(c.rgb, segue_luminance_weights));
    return vec4(clamp(mix(gray, c.rgb, saturation), 0.0, 1.0), c.a);
}

// `scale` is 2^exposure, worked out once per frame on the CPU; it is positive, so only the top
// needs clamping.
vec4 segue_exposure(vec4 c, float scale) {
    return vec4(min(c.rgb * scale, 1.0), c.a);
}

// `gamma` is kept positive on the CPU, so 0...1 stays in 0...1.
vec4 segue_gamma(vec4 c, float gamma) {
    return vec4(pow(c.rgb, vec3(gamma)), c.a);
}

vec4 segue_invert(vec4 c) {
    return vec4(1.0 - c.rgb, c.a);
}

vec4 segue_grayscale(vec4 c) {
    return vec4(vec3(dot(c.rgb, segue_luminance_weights)), c.a);
}

// GPUImage's sepia colour matrix, mixed over the input by `intensity`.
vec4 segue_sepia(vec4 c, float intensity) {
    vec3 sepia = vec3(
        dot(c.rgb, vec3(0.3588, 0.7044, 0.1368)),
        dot(c.rgb, vec3(0.2990, 0.5870, 0.1140)),
        dot(c.rgb, vec3(0.2392, 0.4696, 0.0912)));
    return vec4(clamp(mix(c.rgb, sepia, intensity), 0.0, 1.0), c.a);
}

vec4 segue_opacity(vec4 c, float opacity) {
    return vec4(c.rgb, c.a * opacity);
}

// Darkens toward `color` with the distance from `centerAndRange.xy` (fractions of the frame,
// top-left origin): untouched inside `start` (z), fully `color` beyond `end` (w).
// `inverseSize` is 1 / the frame's size in pixels.
vec4 segue_vignette(vec4 c, vec2 px, vec4 centerAndRange, vec3 color, vec2 inverseSize) {
    float d = distance(px * inverseSize, centerAndRange.xy);
    float amount = smoothstep(centerAndRange.z, centerAndRange.w, d);
    return vec4(mix(c.rgb, color, amount), c.a);
}
