// directionalwarp: the second picture sweeps in from the bottom right corner towards the top
// left along a soft diagonal edge, each picture stretched away from the centre as it passes.

// The gl-transitions corpus's directionalwarp (author: pschroen, MIT licence), same maths and
// defaults.
uniform float smoothness; // = 0.1
uniform vec2 direction; // = vec2(-1.0, 1.0)

vec4 transition(vec2 uv) {
    vec2 towards = normalize(direction);
    towards /= abs(towards.x) + abs(towards.y);
    float centre = towards.x * 0.5 + towards.y * 0.5;
    float along = towards.x * uv.x + towards.y * uv.y;
    float m = 1.0 - smoothstep(-smoothness, 0.0, along - (centre - 0.5 + progress * (1.0 + smoothness)));
    return mix(getFromColor((uv - 0.5) * (1.0 - m) + 0.5), getToColor((uv - 0.5) * m + 0.5), m);
}
