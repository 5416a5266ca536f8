// polarpixellate: cells in polar coordinates around `center` (rings × sectors) grow towards
// the middle of the transition, where the pictures cross-fade.
uniform vec2 center; // = vec2(0.5, 0.5)
// @range(1, 3600)
uniform int sectors; // = 24

vec4 transition(vec2 uv) {
    float amount = min(progress, 1.0 - progress) * 2.0;
    vec2 d = (uv - center) * vec2(ratio, 1.0);
    float radius = length(d);
    float angle = atan(d.y, d.x);
    float ringWidth = 0.2 * amount;
    float sectorWidth = 6.2831853 / float(max(sectors, 1)) * amount;
    if (ringWidth > 0.0) {
        radius = (floor(radius / ringWidth) + 0.5) * ringWidth;
        angle = (floor(angle / sectorWidth) + 0.5) * sectorWidth;
    }
    vec2 p = amount > 0.0 ? center + vec2(cos(angle), sin(angle)) * radius / vec2(ratio, 1.0) : uv;
    return mix(getFromColor(p), getToColor(p), progress);
}
