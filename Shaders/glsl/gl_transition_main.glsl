
// Follows the transition's code: shades every pixel with it.
void main() {
    vec2 px = gl_FragCoord.xy;
    // Offscreen targets hold the picture top row first: flip so uv's origin is the bottom left.
    if (segue_target.z < 0.5) px.y = segue_target.y - px.y;
#ifdef SEGUE_PLANAR_SIDES
    segue_readSides(px / segue_target.xy);  // the clips' pixels, converted once (gl_transition_planar.glsl)
#endif
    vec4 c = transition(px / segue_target.xy);
    // Straight, as the runtime writes it (its canvas clamps each channel), premultiplied here; an
    // opaque result is kept as it is (an RGBA16F intermediate may hold more than 1).
    float a = clamp(c.a, 0.0, 1.0);
    segue_fragColor = segue_encode(c.a >= 1.0 ? c : vec4(clamp(c.rgb, 0.0, 1.0) * a, a));
}
