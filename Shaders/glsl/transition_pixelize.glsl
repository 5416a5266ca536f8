// pixelize: ffmpeg xfade's pixelize: both pictures pixelate into ever larger squares towards
// the middle, where they cross-fade, then sharpen again. `steps` cell sizes per half.
// @range(0, 1000)
uniform int steps; // = 50
// @range(1, 4096)
uniform ivec2 squaresMin; // = ivec2(20)

vec4 transition(vec2 uv) {
    float d = min(progress, 1.0 - progress);
    float dist = steps > 0 ? ceil(d * float(steps)) / float(steps) : d;
    vec2 squareSize = 2.0 * dist / vec2(squaresMin);
    vec2 p = dist > 0.0 ? (floor(uv / squareSize) + 0.5) * squareSize : uv;
    return mix(getFromColor(p), getToColor(p), progress);
}
