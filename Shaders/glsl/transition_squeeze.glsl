// squeeze: the first picture is squeezed flat towards the middle along `axis`, uncovering the
// second: (0,1) squeezes its rows into a horizontal line (ffmpeg xfade's squeezeh), (1,0) its
// columns into a vertical one (squeezev). Rows or columns are picked whole, rounded as xfade does.
uniform vec2 axis; // = vec2(0.0, 1.0)

vec4 transition(vec2 uv) {
    float scale = 1.0 - progress;
    // At the very start xfade's rounding moves the lower half by a row: the start is the picture.
    if (progress <= 0.0) return getFromColor(uv);
    if (scale <= 0.0) return getToColor(uv);
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    bool rows = abs(axis.y) > abs(axis.x);
    float n = rows ? size.y : size.x;
    float z = 0.5 + ((rows ? p.y : p.x) / n - 0.5) / scale;
    if (z < 0.0 || z > 1.0) return getToColor(uv);
    float picked = roundEven(z * (n - 1.0));
    vec2 q = rows ? vec2(p.x, picked) : vec2(picked, p.y);
    return getFromColor(vec2(q.x + 0.5, size.y - q.y - 0.5) / size);
}
