// wipe: the first picture's rectangle shrinks towards the edge or corner `direction` points to
// (uv's origin at the bottom left; only the signs count), uncovering the second. ffmpeg xfade's
// wipeleft/right/up/down are (-1,0), (1,0), (0,1), (0,-1), wipetl/tr/bl/br (-1,1), (1,1), (-1,-1),
// (1,-1). A `smoothness` above 0 softens the edge over that share of the picture: 1 is xfade's
// smoothleft/right/up/down and, on the diagonals, diagtl/tr/bl/br.
uniform vec2 direction; // = vec2(1.0, 0.0)
uniform float smoothness; // = 0.0

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    vec2 toward = sign(direction) * vec2(1.0, -1.0);     // -1: towards x = 0 / y = 0 (left / top)
    if (smoothness > 0.0) {
        // How early each pixel turns (1 = first), per axis, multiplied on the diagonals.
        vec2 early = mix((size - 1.0 - p) / size, p / size, step(toward, vec2(0.0)));
        early = mix(vec2(1.0), early, abs(toward));
        float shown = smoothstep(0.0, smoothness, early.x * early.y - 1.0 + (1.0 + smoothness) * progress);
        return mix(getFromColor(uv), getToColor(uv), shown);
    }
    // xfade's hard wipes leave a row or column of the other picture at their very ends.
    if (progress <= 0.0) return getFromColor(uv);
    if (progress >= 1.0) return getToColor(uv);
    // The first picture's extent: up to floor(size × (1 − progress)) on the side it shrinks to,
    // beyond floor(size × progress) from the other side, as xfade counts pixels.
    vec2 keepFar = floor(size * (1.0 - progress));
    vec2 keepNear = floor(size * progress);
    bvec2 kept = bvec2(
        toward.x == 0.0 || (toward.x < 0.0 ? p.x <= keepFar.x : p.x > keepNear.x),
        toward.y == 0.0 || (toward.y < 0.0 ? p.y <= keepFar.y : p.y > keepNear.y));
    return all(kept) ? getFromColor(uv) : getToColor(uv);
}
