// squeeze: the first picture is squeezed flat towards the middle along `axis` (1,0 squeezes
// horizontally, 0,1 vertically), uncovering the second (ffmpeg's squeezeh, squeezev).
uniform vec2 axis; // = vec2(0.0, 1.0)

vec4 transition(vec2 uv) {
    float scale = 1.0 - progress;
    if (scale <= 0.0) return getToColor(uv);
    vec2 p = mix(uv, (uv - 0.5) / scale + 0.5, axis);
    bool inside = p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0;
    return inside ? getFromColor(p) : getToColor(uv);
}
