// Author: Segue tests
// License: MIT
// Scales whole colours, alpha with them, as some gl-transitions do (`getFromColor(p) * (1.0 -
// progress)`): the runtime writes the result as straight colour, so a scaled picture darkens as
// well as turning transparent. Left of `split` the first picture is scaled down while the second
// comes in late; right of it the second, scaled up, is added to the first, scaled down twice.
uniform float split; // = 0.5

vec4 transition(vec2 uv) {
    vec4 a = getFromColor(uv);
    vec4 b = getToColor(uv);
    if (uv.x < split) {
        return mix(a * (1.0 - progress), b, progress * progress);
    }
    return b * progress + a * (1.0 - progress) * (1.0 - progress);
}
