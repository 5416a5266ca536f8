// Per-pixel colour adjustments after GPUImage's filters of the same names. Each clamps its
// result to 0...1, as GPUImage's 8-bit textures do between filters, so a fused chain gives what
// one pass per filter gives (up to the 8-bit rounding of the intermediates).

const vec3 segue_luminance_weights = vec3(0.2125, 0.7154, 0.0721);

vec4 segue_brightness(vec4 c, float brightness) {
    return clamp(vec4(c.rgb + brightness, c.a), 0.0, 1.0);
}

vec4 segue_contrast(vec4 c, float contrast) {
    return clamp(vec4((c.rgb - 0.5) * contrast + 0.5, c.a), 0.0, 1.0);
}

vec4 segue_saturation(vec4 c, float saturation) {
    vec3 gray = vec3(dot(c.rgb, segue_luminance_weights));
    return clamp(vec4(mix(gray, c.rgb, saturation), c.a), 0.0, 1.0);
}

// `scale` is 2^exposure, worked out once per frame on the CPU.
vec4 segue_exposure(vec4 c, float scale) {
    return clamp(vec4(c.rgb * scale, c.a), 0.0, 1.0);
}

vec4 segue_gamma(vec4 c, float gamma) {
    return clamp(vec4(pow(c.rgb, vec3(gamma)), c.a), 0.0, 1.0);
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
    return clamp(vec4(mix(c.rgb, sepia, intensity), c.a), 0.0, 1.0);
}

vec4 segue_opacity(vec4 c, float opacity) {
    return vec4(c.rgb, c.a * opacity);
}

// Darkens toward `color` with the distance from `centerAndRange.xy` (fractions of the frame,
// top-left origin): untouched inside `start` (z), fully `color` beyond `end` (w).
vec4 segue_vignette(vec4 c, vec2 px, vec4 centerAndRange, vec3 color) {
    float d = distance(px / segue_target.xy, centerAndRange.xy);
    float amount = smoothstep(centerAndRange.z, centerAndRange.w, d);
    return vec4(mix(c.rgb, color, amount), c.a);
}
