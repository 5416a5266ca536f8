
// Follows the transition's code: shades every pixel with it.
void main() {
    vec2 px = gl_FragCoord.xy;
    // Offscreen targets hold the picture top row first: flip so uv's origin is the bottom left.
    if (segue_target.z < 0.5) px.y = segue_target.y - px.y;
    segue_fragColor = segue_encode(transition(px / segue_target.xy));
}
