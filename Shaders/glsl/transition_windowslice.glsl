// windowslice: the second picture shows through vertical slats, like a venetian blind opening
// from left to right.

// The gl-transitions corpus's windowslice (author: gre, MIT licence), same maths and defaults.
uniform float count; // = 10.0
uniform float smoothness; // = 0.5

vec4 transition(vec2 uv) {
    float closed = smoothstep(-smoothness, 0.0, uv.x - progress * (1.0 + smoothness));
    return mix(getFromColor(uv), getToColor(uv), step(closed, fract(count * uv.x)));
}
