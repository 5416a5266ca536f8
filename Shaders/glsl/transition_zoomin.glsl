// zoomin: the first picture zooms in towards the centre while the second fades in.
uniform float zoom; // = 0.5

vec4 transition(vec2 uv) {
    vec2 p = (uv - 0.5) * (1.0 - zoom * progress) + 0.5;
    return mix(getFromColor(p), getToColor(uv), progress);
}
