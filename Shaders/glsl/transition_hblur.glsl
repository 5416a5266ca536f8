// hblur: a horizontal blur that grows towards the middle while the pictures cross-fade.
uniform float strength; // = 0.05

vec4 transition(vec2 uv) {
    float radius = strength * sin(progress * 3.14159265);
    vec4 sum = vec4(0.0);
    for (int i = -6; i <= 6; i++) {
        vec2 p = uv + vec2(radius * float(i) / 6.0, 0.0);
        sum += mix(getFromColor(p), getToColor(p), progress);
    }
    return radius > 0.0 ? sum / 13.0 : mix(getFromColor(uv), getToColor(uv), progress);
}
