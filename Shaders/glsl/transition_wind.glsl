// wind: ffmpeg xfade's hlwind (in ffmpeg 6.1 and later): a ragged soft front blows across in
// `direction` (uv's origin at the bottom left; the larger component counts), each row (or
// column) a random bit ahead or behind, from the same hash as xfade's. hlwind, hrwind, vuwind,
// vdwind are (-1,0), (1,0), (0,1), (0,-1).
uniform vec2 direction; // = vec2(-1.0, 0.0)

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    bool horizontal = abs(direction.x) >= abs(direction.y);
    float toward = horizontal ? sign(direction.x) : -sign(direction.y);   // -1: towards x = 0 / y = 0
    float n = horizontal ? size.x : size.y;
    float i = horizontal ? p.x : p.y;
    float late = toward < 0.0 ? 1.0 - i / n : i / n;                       // 0 turns first
    vec2 line = horizontal ? vec2(0.0, p.y) : vec2(p.x, 0.0);
    float lag = fract(sin(dot(line, vec2(12.9898, 78.233))) * 43758.545);
    float shown = smoothstep(0.0, 0.2, 1.2 * progress - 0.8 * late - 0.2 * lag);
    return mix(getFromColor(uv), getToColor(uv), shown);
}
