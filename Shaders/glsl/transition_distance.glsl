// distance: ffmpeg xfade's distance: pixels whose two colours lie closer (RGB distance, 0 to √3)
// than what is left of the way keep the first picture, the others show the second, and that
// fades into the second picture throughout.
vec4 transition(vec2 uv) {
    vec4 a = getFromColor(uv);
    vec4 b = getToColor(uv);
    // xfade's first frame already shows the second picture where the colours are far apart.
    if (progress <= 0.0) return a;
    bool near = length(a.rgb - b.rgb) <= 1.0 - progress;
    return mix(near ? a : b, b, progress);
}
