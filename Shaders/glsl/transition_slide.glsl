// slide: the second picture pushes the first out in `direction` (uv's origin at the bottom left;
// the larger component counts). ffmpeg xfade's slideleft/right/up/down are (-1,0), (1,0), (0,1),
// (0,-1); `mode` 1 keeps the first picture still while the second covers it (coverleft, …) and
// 2 moves only the first, revealing the second (revealleft, …).
uniform vec2 direction; // = vec2(-1.0, 0.0)
// @range(0, 2)
uniform int mode; // = 0

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    bool horizontal = abs(direction.x) >= abs(direction.y);
    float n = horizontal ? size.x : size.y;
    float i = horizontal ? p.x : p.y;
    // The shift in whole pixels, truncated as xfade's int conversion does; y runs down.
    float shift = (horizontal ? sign(direction.x) : -sign(direction.y)) * trunc((1.0 - progress) * n);
    float moved = i + shift;
    bool inTo = moved >= 0.0 && moved < n;
    float wrapped = moved - n * floor(moved / n);
    float fromAt = mode == 1 ? i : wrapped;
    float toAt = mode == 2 ? i : wrapped;
    float at = inTo ? toAt : fromAt;
    vec2 q = horizontal ? vec2(at, p.y) : vec2(p.x, at);
    vec2 st = vec2(q.x + 0.5, size.y - q.y - 0.5) / size;
    return inTo ? getToColor(st) : getFromColor(st);
}
