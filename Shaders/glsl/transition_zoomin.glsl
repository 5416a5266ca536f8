// zoomin: ffmpeg xfade's zoomin: the first picture zooms into its centre, down to a single pixel
// half way, whose colour then fades into the second picture.
vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    float zoom = 1.0 - smoothstep(0.0, 0.5, progress);
    vec2 q = ceil((0.5 + (p / size - 0.5) * zoom) * (size - 1.0));
    vec4 zoomed = getFromColor(vec2(q.x + 0.5, size.y - q.y - 0.5) / size);
    return mix(zoomed, getToColor(uv), smoothstep(0.5, 1.0, progress));
}
