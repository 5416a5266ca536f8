// dreamy: a cross-fade through a gentle vertical wave, like a dream sequence.

// The gl-transitions corpus's Dreamy (author: mikolalysenko, MIT licence), same maths.

// How far a column at `x` is lifted at `amount` of the way: none at the ends.
vec2 dreamyWave(float amount, float x) {
    return vec2(0.0, 0.03 * amount * cos(10.0 * (amount + x)));
}

vec4 transition(vec2 uv) {
    return mix(getFromColor(uv + dreamyWave(progress, uv.x)), getToColor(uv + dreamyWave(1.0 - progress, uv.x)), progress);
}
