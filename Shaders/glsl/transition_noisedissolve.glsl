// noisedissolve: every pixel switches to the second picture at its own random moment
// (ffmpeg's dissolve). `seed` varies the pattern.
uniform float seed; // = 1.0

float noise(vec2 p) { return fract(sin(dot(p, vec2(12.9898, 78.233)) + seed) * 43758.5453); }

vec4 transition(vec2 uv) {
    return noise(floor(uv * 4096.0)) < progress ? getToColor(uv) : getFromColor(uv);
}
