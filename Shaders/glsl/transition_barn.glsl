// barn: ffmpeg xfade's vertopen: a soft band through the middle along `axis` opens onto the
// second picture, or closes onto it from the sides when `opening` is false (vertclose). Axis
// (1,0) is a vertical band (vertopen, vertclose), (0,1) a horizontal one (horzopen, horzclose).
uniform vec2 axis; // = vec2(1.0, 0.0)
uniform bool opening; // = true

vec4 transition(vec2 uv) {
    // ffmpeg's pixel grid (x right, y down, whole numbers) on Segue's frame size.
    vec2 size = segue_target.xy;
    vec2 p = floor(vec2(uv.x, 1.0 - uv.y) * size);
    bool vertical = abs(axis.x) >= abs(axis.y);
    float middle = (vertical ? size.x : size.y) / 2.0;
    float side = abs((vertical ? p.x : p.y) - middle) / middle;   // 0 in the middle, 1 at the sides
    float shown = opening
        ? smoothstep(0.0, 1.0, 2.0 * progress - side)
        : smoothstep(0.0, 1.0, side - 1.0 + 2.0 * progress);
    return mix(getFromColor(uv), getToColor(uv), shown);
}
