// pixellatearound: only a disc of `radius` around `center` pixellates (cells up to `maxCell`
// of the height) while the pictures cross-fade.
uniform vec2 center; // = vec2(0.5, 0.5)
// @range(0, 10)
uniform float radius; // = 0.3
// @range(0, 1)
uniform float maxCell; // = 0.06

vec4 transition(vec2 uv) {
    float cell = maxCell * min(progress, 1.0 - progress) * 2.0;
    bool near = length((uv - center) * vec2(ratio, 1.0)) < radius;
    vec2 size = vec2(cell / ratio, cell);
    vec2 p = near && cell > 0.0 ? (floor(uv / size) + 0.5) * size : uv;
    return mix(getFromColor(p), getToColor(p), progress);
}
