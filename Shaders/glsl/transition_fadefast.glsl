// fadefast: ffmpeg xfade's fadefast: a cross-fade whose pace differs per channel with how far
// apart the two pictures are there: far-apart colours cross sooner. With `slow` they cross
// later (fadeslow).
uniform bool slow; // = false

vec4 transition(vec2 uv) {
    vec4 a = getFromColor(uv);
    vec4 b = getToColor(uv);
    vec4 apart = abs(a - b);
    vec4 exponent = 1.0 + log(slow ? 2.0 - apart : 1.0 + apart);
    return mix(b, a, pow(vec4(1.0 - progress), exponent));
}
