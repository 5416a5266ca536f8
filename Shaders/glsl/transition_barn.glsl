// barn: a band through the middle along `axis` opens to show the second picture, or closes
// onto it from the sides when `opening` is false (ffmpeg's vertopen, vertclose, horzopen,
// horzclose: axis (1,0) is a vertical band, (0,1) a horizontal one).
uniform vec2 axis; // = vec2(1.0, 0.0)
uniform bool opening; // = true

vec4 transition(vec2 uv) {
    float offset = abs(dot(uv - 0.5, normalize(axis)));   // 0 in the middle, 0.5 at the sides
    bool shown = opening ? offset < 0.5 * progress : offset >= 0.5 - 0.5 * progress;
    return shown ? getToColor(uv) : getFromColor(uv);
}
