// fadegrays: ffmpeg xfade's fadegrays: fadeblack's timing through each picture's own grey
// (the mean of R, G and B, truncated to 8 bits as xfade does in RGB) instead of black.
// @range(0.001, 0.999)
uniform float colorPhase; // = 0.2

vec4 gray(vec4 c) { return vec4(vec3(floor((c.r + c.g + c.b) * 85.0 + 0.001) / 255.0), c.a); }

vec4 transition(vec2 uv) {
    vec4 a = getFromColor(uv);
    vec4 b = getToColor(uv);
    return mix(
        mix(a, gray(a), smoothstep(0.0, colorPhase, progress)),
        mix(gray(b), b, smoothstep(0.0, 1.0 - colorPhase, progress)),
        progress);
}
