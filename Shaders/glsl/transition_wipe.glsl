// wipe: a hard edge moving across in `direction` (ffmpeg's wipeleft/right/up/down and the
// four diagonals are this with (-1,0), (1,0), (0,1), (0,-1), (±1,±1)); `smoothness` softens it.
uniform vec2 direction; // = vec2(1.0, 0.0)
uniform float smoothness; // = 0.0

vec4 transition(vec2 uv) {
    vec2 d = normalize(direction);
    // Position along the direction, 0 where the edge starts and 1 where it ends.
    float extent = abs(d.x) + abs(d.y);
    float along = (dot(uv - 0.5, d) + 0.5 * extent) / extent;
    float edge = progress * (1.0 + smoothness);
    float shown = 1.0 - smoothstep(edge - smoothness, edge, along);
    if (smoothness == 0.0) shown = along < progress ? 1.0 : 0.0;
    return mix(getFromColor(uv), getToColor(uv), shown);
}
