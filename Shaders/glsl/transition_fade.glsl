// fade: a straight cross-fade from the first picture to the second.
vec4 transition(vec2 uv) {
    return mix(getFromColor(uv), getToColor(uv), progress);
}
