// hblur: ffmpeg xfade's hblur: the pictures cross-fade under a horizontal box blur that widens
// to half the frame in the middle. As in xfade, each pixel averages the run of pixels starting
// at it (fewer near the right edge).
vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    float reach = 1.0 - abs(1.0 - 2.0 * progress);
    float run = min(1.0 + floor(floor(size.x / 2.0) * reach), size.x - p.x);
    float v = 1.0 - (p.y + 0.5) / size.y;
    // One linear lookup halfway between two texels is their average, so a lookup per pair.
    // Up to 64 pairs are exact (runs of 128 pixels); longer runs use 64 evenly spread pairs.
    float pairs = floor(run / 2.0);
    float taps = min(pairs, 64.0);
    float spacing = pairs / max(taps, 1.0);
    vec4 from = vec4(0.0);
    vec4 to = vec4(0.0);
    for (float i = 0.0; i < taps; i += 1.0) {
        vec2 at = vec2((p.x + 2.0 * floor(i * spacing) + 1.0) / size.x, v);
        from += getFromColor(at);
        to += getToColor(at);
    }
    from *= 2.0 * spacing;
    to *= 2.0 * spacing;
    if (run > 2.0 * pairs) {
        vec2 last = vec2((p.x + run - 0.5) / size.x, v);
        from += getFromColor(last);
        to += getToColor(last);
    }
    return mix(from, to, progress) / run;
}
