// ripple: rings spread from the centre of the first picture like a stone dropped in water, and
// the second picture fades in over them.

// The gl-transitions corpus's ripple (author: gre, MIT licence), same maths and defaults.
uniform float amplitude; // = 100.0
uniform float speed; // = 50.0

vec4 transition(vec2 uv) {
    // Segue's one departure from the official file: there the rings already shift the first
    // picture by 1/60 at progress 0, so an edit would jump on the transition's first frame.
    if (progress <= 0.0) return getFromColor(uv);
    vec2 outward = uv - 0.5;
    float dist = length(outward);
    vec2 shift = outward * (sin(progress * dist * amplitude - progress * speed) + 0.5) / 30.0;
    return mix(getFromColor(uv + shift), getToColor(uv), smoothstep(0.2, 1.0, progress));
}
