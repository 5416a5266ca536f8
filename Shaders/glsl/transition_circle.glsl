// circle: a circle opening from `center` onto the second picture (ffmpeg's circleopen), or
// closing onto it when `opening` is false (circleclose). Radius in units of the height.
uniform vec2 center; // = vec2(0.5, 0.5)
uniform bool opening; // = true
uniform float smoothness; // = 0.02

vec4 transition(vec2 uv) {
    vec2 p = (uv - center) * vec2(ratio, 1.0);
    // Far enough to cover every corner from any centre inside the picture.
    float farthest = length(vec2(ratio, 1.0));
    float radius = (opening ? progress : 1.0 - progress) * (farthest + smoothness);
    float inside = 1.0 - smoothstep(radius - smoothness, radius, length(p));
    float shown = opening ? inside : 1.0 - inside;
    return mix(getFromColor(uv), getToColor(uv), shown);
}
