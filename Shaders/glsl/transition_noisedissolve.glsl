// noisedissolve: ffmpeg xfade's dissolve: every pixel switches to the second picture at its own
// random moment, from the same hash of the pixel's position as xfade's (how closely the noise
// itself agrees depends on the GPU's sin; the pace does not). `seed` varies the pattern.
uniform float seed; // = 0.0

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * segue_target.xy);
    float noise = fract(sin(dot(p, vec2(12.9898, 78.233)) + seed) * 43758.545);
    return noise < progress ? getToColor(uv) : getFromColor(uv);
}
