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
//
// SEGUE_BLEND_CURVE (defined before this text where the blend holds an HDR output's signal;
// SegueColor's BlendSignal) says which curve linear light is decoded with: 0 sRGB, 1 PQ (SMPTE
// ST 2084's EOTF), 2 HLG (ARIB STD-B67's inverse OETF, then BT.2100's OOTF, gamma 1.2 per
// channel, as zscale's t=linear). HDR light is a fraction of the signal's peak (PQ 10,000 cd/m²,
// HLG 1000), so it stays within 0...1 as sRGB's does.
#ifndef SEGUE_BLEND_CURVE
#define SEGUE_BLEND_CURVE 0
#endif

vec3 segue_srgb_to_linear(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}

vec3 segue_linear_to_srgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// SMPTE ST 2084 (SegueColor's PQ): signal to light as a fraction of 10,000 cd/m², and back.
const float SEGUE_PQ_M1 = 0.1593017578125, SEGUE_PQ_M2 = 78.84375;
const float SEGUE_PQ_C1 = 0.8359375, SEGUE_PQ_C2 = 18.8515625, SEGUE_PQ_C3 = 18.6875;

vec3 segue_pq_to_linear(vec3 c) {
    vec3 v = pow(clamp(c, 0.0, 1.0), vec3(1.0 / SEGUE_PQ_M2));
    return pow(max(v - SEGUE_PQ_C1, 0.0) / (SEGUE_PQ_C2 - SEGUE_PQ_C3 * v), vec3(1.0 / SEGUE_PQ_M1));
}

vec3 segue_linear_to_pq(vec3 c) {
    vec3 l = pow(clamp(c, 0.0, 1.0), vec3(SEGUE_PQ_M1));
    return pow((SEGUE_PQ_C1 + SEGUE_PQ_C2 * l) / (1.0 + SEGUE_PQ_C3 * l), vec3(SEGUE_PQ_M2));
}

// ARIB STD-B67 with BT.2100's OOTF for a 1000-cd/m² display (SegueColor's HLG): signal to
// display light as a fraction of 1000 cd/m², and back.
const float SEGUE_HLG_A = 0.17883277, SEGUE_HLG_B = 0.28466892, SEGUE_HLG_C = 0.55991073;

vec3 segue_hlg_to_linear(vec3 c) {
    vec3 v = clamp(c, 0.0, 1.0);
    vec3 scene = mix(v * v / 3.0, (exp((v - SEGUE_HLG_C) / SEGUE_HLG_A) + SEGUE_HLG_B) / 12.0, step(0.5, v));
    return pow(scene, vec3(1.2));
}

vec3 segue_linear_to_hlg(vec3 c) {
    vec3 scene = pow(clamp(c, 0.0, 1.0), vec3(1.0 / 1.2));
    // The log branch is guarded: mix() would carry its NaN below 1/12 even where it is not chosen.
    vec3 high = SEGUE_HLG_A * log(max(12.0 * scene - SEGUE_HLG_B, 1e-6)) + SEGUE_HLG_C;
    return mix(sqrt(3.0 * scene), high, step(1.0 / 12.0, scene));
}

// Stored values to linear light and back with the curve SEGUE_BLEND_CURVE names.
vec3 segue_stored_to_linear(vec3 c) {
#if SEGUE_BLEND_CURVE == 1
    return segue_pq_to_linear(c);
#elif SEGUE_BLEND_CURVE == 2
    return segue_hlg_to_linear(c);
#else
    return segue_srgb_to_linear(c);
#endif
}

vec3 segue_linear_to_stored(vec3 c) {
#if SEGUE_BLEND_CURVE == 1
    return segue_linear_to_pq(c);
#elif SEGUE_BLEND_CURVE == 2
    return segue_linear_to_hlg(c);
#else
    return segue_linear_to_srgb(c);
#endif
}

// A sampled (stored) colour to the blend space.
vec4 segue_decode(vec4 c) {
#if SEGUE_LINEAR_LIGHT
    if (c.a <= 0.0) return vec4(0.0);
    return vec4(segue_stored_to_linear(c.rgb / c.a) * c.a, c.a);
#else
    return c;
#endif
}

// A blend-space colour to what the target stores (sRGB-encoded, or the HDR output's signal).
vec4 segue_encode(vec4 c) {
#if SEGUE_LINEAR_LIGHT
    if (c.a <= 0.0) return vec4(0.0);
    float a = min(c.a, 1.0);
    return vec4(segue_linear_to_stored(c.rgb / c.a) * a, a);
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
