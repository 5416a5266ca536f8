// fadecolor: ffmpeg xfade's fadeblack and fadewhite: the first picture fades out to a solid
// colour within the first `colorPhase` of the way, while the second fades in from it over the
// rest, and the two cross-fade throughout.
uniform vec3 color; // = vec3(0.0)
// @range(0.001, 0.999)
uniform float colorPhase; // = 0.2

vec4 transition(vec2 uv) {
    vec4 through = vec4(color, 1.0);
    return mix(
        mix(getFromColor(uv), through, smoothstep(0.0, colorPhase, progress)),
        mix(through, getToColor(uv), smoothstep(0.0, 1.0 - colorPhase, progress)),
        progress);
}
