// colorphase: a cross-fade in which red changes first, then green, then blue, for a psychedelic
// colour shift.

// The gl-transitions corpus's colorphase (author: gre, MIT licence), same maths and defaults:
// each channel (red, green, blue, alpha) changes between its `fromStep` and `toStep`.
uniform vec4 fromStep; // = vec4(0.0, 0.2, 0.4, 0.0)
uniform vec4 toStep; // = vec4(0.6, 0.8, 1.0, 1.0)

vec4 transition(vec2 uv) {
    return mix(getFromColor(uv), getToColor(uv), smoothstep(fromStep, toStep, vec4(progress)));
}
