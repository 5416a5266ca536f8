// radial: ffmpeg xfade's radial: a soft-edged hand sweeping around the centre, starting from
// 12 o'clock and turning clockwise, reveals the second picture.
vec4 transition(vec2 uv) {
    // xfade leaves a sliver of the first picture at its very end: the end is the second picture.
    if (progress >= 1.0) return getToColor(uv);
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    vec2 d = p - floor(size / 2.0);
    // The angle from 6 o'clock, positive towards 3 o'clock (atan(0, 0) is undefined in GLSL).
    float angle = d == vec2(0.0) ? 0.0 : atan(d.x, d.y);
    float shown = smoothstep(0.0, 1.0, angle + (progress - 0.5) * 7.8539816);   // 2.5π
    return mix(getFromColor(uv), getToColor(uv), shown);
}
