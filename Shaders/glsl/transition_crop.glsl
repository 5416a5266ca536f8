// crop: the first picture shrinks to nothing inside a rectangle (or circle) through the
// background colour to a small window, then the second grows out of it (ffmpeg's rectcrop, circlecrop).
uniform bool circle; // = false
uniform vec4 background; // = vec4(0.0, 0.0, 0.0, 1.0)
uniform float smallest; // = 0.08

vec4 transition(vec2 uv) {
    // 1 at the ends, down to `smallest` in the middle (never nothing: the middle frame shows
    // the second picture's centre, not just the background).
    float size = max(abs(1.0 - 2.0 * progress), smallest);
    vec2 p = abs(uv - 0.5) * 2.0;                   // 0 at the centre, 1 at the edges
    float distance = circle ? length(p * vec2(ratio, 1.0)) / length(vec2(ratio, 1.0)) : max(p.x, p.y);
    bool inside = distance < size || size >= 1.0;
    if (!inside) return background;
    return progress < 0.5 ? getFromColor(uv) : getToColor(uv);
}
