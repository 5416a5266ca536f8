// burn: a cross-fade through a warm, overexposed glow, like film burning out.

// The gl-transitions corpus's burn (author: gre, MIT licence), same maths and default.
uniform vec3 color; // = vec3(0.9, 0.4, 0.2)

vec4 transition(vec2 uv) {
    return mix(getFromColor(uv) + vec4(progress * color, 1.0), getToColor(uv) + vec4((1.0 - progress) * color, 1.0), progress);
}
