// The blend space (docs/MediaPipeline.md, rule 3), chosen by SEGUE_LINEAR_LIGHT, defined before
// this text: 0 keeps the stored sRGB-encoded values (gl-transitions' and xfade's space), 1 decodes
// sRGB where a picture is sampled and encodes it where the result is written.
//
// The curve is IEC 61966-2-1's exact piecewise sRGB (SegueColor's TransferCharacteristic.sRGB),
// evaluated in float in the shader rather than by sRGB texture and framebuffer formats: the
// result is the same on every driver (llvmpipe, GLES 3.0 contexts without GL_FRAMEBUFFER_SRGB),
// a picture texture serves both spaces, and intermediates of multi-pass graphs stay RGBA16F in
// linear light. Filtering is done after decoding, as an sRGB texture does: a picture sampled
// between texels is fetched texel by texel, decoded, then mixed bilinearly.
// Colours are premultiplied: the curve applies to colour / alpha.

vec3 segue_srgb_to_linear(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}

vec3 segue_linear_to_srgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// A sampled (sRGB-encoded) colour to the blend space.
vec4 segue_decode(vec4 c) {
#if SEGUE_LINEAR_LIGHT
    if (c.a <= 0.0) return vec4(0.0);
    return vec4(segue_srgb_to_linear(c.rgb / c.a) * c.a, c.a);
#else
    return c;
#endif
}

// A blend-space colour to what the target stores (sRGB-encoded).
vec4 segue_encode(vec4 c) {
#if SEGUE_LINEAR_LIGHT
    if (c.a <= 0.0) return vec4(0.0);
    float a = min(c.a, 1.0);
    return vec4(segue_linear_to_srgb(c.rgb / c.a) * a, a);
#else
    return c;
#endif
}

// textureLod(image, uv, 0.0) with a LINEAR, clamp-to-edge sampler, in the blend space: in linear
// light the four texels are decoded before they are mixed.
vec4 segue_sample_blend(sampler2D image, vec2 uv) {
#if SEGUE_LINEAR_LIGHT
    ivec2 size = textureSize(image, 0);
    vec2 p = uv * vec2(size) - 0.5;
    vec2 f = fract(p);
    ivec2 i0 = ivec2(floor(p));
    ivec2 lo = clamp(i0, ivec2(0), size - 1);
    ivec2 hi = clamp(i0 + 1, ivec2(0), size - 1);
    vec4 a = segue_decode(texelFetch(image, ivec2(lo.x, lo.y), 0));
    vec4 b = segue_decode(texelFetch(image, ivec2(hi.x, lo.y), 0));
    vec4 c = segue_decode(texelFetch(image, ivec2(lo.x, hi.y), 0));
    vec4 d = segue_decode(texelFetch(image, ivec2(hi.x, hi.y), 0));
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
#else
    return textureLod(image, uv, 0.0);
#endif
}
