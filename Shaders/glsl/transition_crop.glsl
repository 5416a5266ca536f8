// crop: ffmpeg xfade's rectcrop: the first picture shrinks to nothing inside a centred rectangle
// (or a circle, circlecrop, whose radius follows a cubic) over the background colour, then the
// second grows out of it. The centre pixel always shows the picture.
uniform bool circle; // = false
uniform vec4 background; // = vec4(0.0, 0.0, 0.0, 1.0)

vec4 transition(vec2 uv) {
    // xfade leaves a row and a column of background at its very ends: the ends are the pictures.
    if (progress <= 0.0) return getFromColor(uv);
    if (progress >= 1.0) return getToColor(uv);
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    vec2 c = floor(size / 2.0);
    float d = abs(progress - 0.5);
    bool inside;
    if (circle) {
        float radius = 8.0 * d * d * d * length(c);          // (2d)³ × half the diagonal
        inside = length(p - c) <= radius;
    } else {
        vec2 half_ = floor(d * size);
        vec2 offset = abs(p - c);
        inside = all(lessThan(offset, half_)) || offset == vec2(0.0);
    }
    if (!inside) return background;
    return progress > 0.5 ? getToColor(uv) : getFromColor(uv);
}
