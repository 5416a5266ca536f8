// fadecolor: through a solid colour; the first half fades out to it, the second fades in
// (ffmpeg's fadeblack / fadewhite are this with black or white).
uniform vec3 color; // = vec3(0.0)
uniform float colorPhase; /* = 0.4 */

vec4 transition(vec2 uv) {
    vec4 through = vec4(color, 1.0);
    return mix(
        mix(through, getFromColor(uv), smoothstep(1.0 - colorPhase, 0.0, progress)),
        mix(through, getToColor(uv), smoothstep(colorPhase, 1.0, progress)),
        progress);
}
