// slices: ffmpeg xfade's hlslice: the picture is cut into `count` bands across `direction`
// (uv's origin at the bottom left; the larger component counts); a soft front moving along
// `direction` switches each band from its far side, so the bands turn one after another.
// hlslice, hrslice, vuslice, vdslice are (-1,0), (1,0), (0,1), (0,-1).
uniform vec2 direction; // = vec2(-1.0, 0.0)
// @range(1, 1000)
uniform int count; // = 10

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    bool horizontal = abs(direction.x) >= abs(direction.y);
    float toward = horizontal ? sign(direction.x) : -sign(direction.y);   // -1: towards x = 0 / y = 0
    float n = horizontal ? size.x : size.y;
    float i = horizontal ? p.x : p.y;
    float early = (toward < 0.0 ? i : n - 1.0 - i) / n;                   // 1 turns first
    float front = smoothstep(-0.5, 0.0, early - 1.5 * (1.0 - progress));
    return front > fract(float(count) * early) ? getToColor(uv) : getFromColor(uv);
}
