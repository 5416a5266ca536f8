// pixellate: square cells grow to `maxCell` (a fraction of the height) towards the middle,
// where the pictures swap, then shrink again.
// @range(0, 1)
uniform float maxCell; // = 0.1

vec4 transition(vec2 uv) {
    float cell = maxCell * min(progress, 1.0 - progress) * 2.0;
    vec2 size = vec2(cell / ratio, cell);
    vec2 p = cell > 0.0 ? (floor(uv / size) + 0.5) * size : uv;
    return progress < 0.5 ? getFromColor(p) : getToColor(p);
}
