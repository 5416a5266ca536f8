// slide: the second picture pushes the first out in `direction` (ffmpeg's slideleft/right/
// up/down are (-1,0), (1,0), (0,1), (0,-1); uv has its origin at the bottom left).
uniform vec2 direction; // = vec2(-1.0, 0.0)

vec4 transition(vec2 uv) {
    vec2 inFrom = uv - progress * direction;
    vec2 inTo = inFrom + direction;
    bool showsFrom = inFrom.x >= 0.0 && inFrom.x <= 1.0 && inFrom.y >= 0.0 && inFrom.y <= 1.0;
    return showsFrom ? getFromColor(inFrom) : getToColor(inTo);
}
