// radial: a clock hand sweeping clockwise from 12 o'clock around the centre reveals the
// second picture; `smoothness` is the width of the soft edge, in turns.
uniform float smoothness; // = 0.05

vec4 transition(vec2 uv) {
    vec2 p = uv - 0.5;
    // This pixel's angle from 12 o'clock, clockwise, in turns (0...1).
    float turn = fract(0.25 - atan(p.y, p.x) / 6.2831853);
    float edge = progress * (1.0 + smoothness);
    float shown = 1.0 - smoothstep(edge - smoothness, edge, turn);
    return mix(getFromColor(uv), getToColor(uv), shown);
}
