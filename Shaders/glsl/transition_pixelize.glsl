// pixelize: ffmpeg xfade's pixelize: both pictures pixelate into ever larger squares towards
// the middle, where they cross-fade, then sharpen again. `steps` cell sizes per half.
// @range(0, 1000)
uniform int steps; // = 50
// @range(1, 4096)
uniform ivec2 squaresMin; // = ivec2(20)

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    // Squares of up to 1/`squaresMin` of the shorter side, sampled at their centres as xfade does.
    float d = min(progress, 1.0 - progress);
    float dist = steps > 0 ? ceil(d * float(steps)) / float(steps) : d;
    vec2 square = 2.0 * dist * min(size.x, size.y) / vec2(squaresMin);
    vec2 q = dist > 0.0 ? min(floor((floor(p / square) + 0.5) * square), size - 1.0) : p;
    vec2 at = vec2(q.x + 0.5, size.y - q.y - 0.5) / size;
    return mix(getFromColor(at), getToColor(at), progress);
}
