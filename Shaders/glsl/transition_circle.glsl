// circle: ffmpeg xfade's circleopen: a soft circle opening from `center` onto the second picture,
// or, when `opening` is false, closing onto it from the corners (circleclose). The edge is a
// smoothstep as wide as the distance from the centre to the farthest corner.
uniform vec2 center; // = vec2(0.5, 0.5)
uniform bool opening; // = true

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    vec2 c = floor(vec2(center.x, 1.0 - center.y) * size);
    float r = length(p - c) / length(max(c, size - 1.0 - c));
    float shown = opening
        ? 1.0 - smoothstep(0.0, 1.0, r + 1.5 - 3.0 * progress)
        : smoothstep(0.0, 1.0, r - 1.5 + 3.0 * progress);
    return mix(getFromColor(uv), getToColor(uv), shown);
}
