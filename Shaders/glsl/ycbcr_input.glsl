// A decoded video frame's planes to the blend space: Y'CbCr code values (texelFetch of
// normalised R8 / R16 planes, scaled back to codes) to R'G'B' with the clip's matrix and range, chroma interpolated from its
// siting (left, and centred between rows for 4:2:0); HDR (PQ, HLG) to linear light, BT.2020 to
// BT.709 primaries, tone-mapped and encoded for an SDR display (BT.1886); alpha premultiplied. Every
// constant comes from SegueColor (YCbCrConversion, GamutConversion, ToneMapOperator), the CPU
// references this shader is tested against. Offscreen targets hold the top row first, as the
// planes do, so a fragment's row is its plane row.
uniform highp sampler2D segue_planeY;
uniform highp sampler2D segue_planeCb;
uniform highp sampler2D segue_planeCr;
uniform highp sampler2D segue_planeA;
// A texel's value times this is its code: 255 for 8-bit planes, 65535 for 16-bit storage.
uniform float segue_codeScale;
uniform int segue_hasAlpha;
uniform ivec2 segue_chromaShift;
uniform float segue_maxCode;
uniform mat3 segue_toRGB;
uniform vec3 segue_toRGBOffset;
// 1: PQ; 2: HLG (read with SEGUE_HDR only).
uniform int segue_transfer;
uniform mat3 segue_gamut;
// 0: hable, 1: mobius, 2: reinhard, 3: clip (ToneMapOperator's order).
uniform int segue_toneMap;
uniform float segue_peak;
// HLG's display light in the operator's units (10: 1000 nits over 100, ffmpeg's; 1000 / 203 with
// BT.2408's reference white), and what the operator's result is multiplied by (HLGReferenceWhite).
uniform float segue_hlgScale;
uniform float segue_gain;
out vec4 segue_fragColor;

float segue_chroma(highp sampler2D plane, vec2 position) {
    return segue_planeBilinear(plane, position) * segue_codeScale;
}

// HDR clips get a program of their own (SEGUE_HDR defined): a software rasteriser runs both
// sides of a branch, so an SDR clip's program must not carry the tone mapping at all.
#ifdef SEGUE_HDR
float segue_pqEOTF(float v) {
    const float m1 = 0.1593017578125, m2 = 78.84375, c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875;
    float p = pow(max(v, 0.0), 1.0 / m2);
    return pow(max(p - c1, 0.0) / (c2 - c3 * p), 1.0 / m1) * 100.0;  // 10 000 nits over 100
}

float segue_hlgInverseOETF(float v) {
    const float a = 0.17883277, b = 0.28466892, c = 0.55991073;
    return v <= 0.5 ? v * v / 3.0 : (exp((v - c) / a) + b) / 12.0;
}

float segue_hable(float x) {
    const float a = 0.15, b = 0.50, c = 0.10, d = 0.20, e = 0.02, f = 0.30;
    return (x * (x * a + b * c) + d * e) / (x * (x * a + b) + d * f) - e / f;
}

float segue_toneCurve(float s, float peak) {
    if (segue_toneMap == 0) return segue_hable(s) / segue_hable(peak);
    if (segue_toneMap == 1) {
        const float j = 0.3;
        if (s <= j) return s;
        float a = -j * j * (peak - 1.0) / (j * j - 2.0 * j + peak);
        float b = (j * j - 2.0 * j * peak + peak) / max(peak - 1.0, 1e-6);
        return (b * b + 2.0 * b * j + j * j) / (b - a) * (s + a) / (s + b);
    }
    if (segue_toneMap == 2) return s / (s + 1.0) * (peak + 1.0) / peak;
    return clamp(s, 0.0, 1.0);
}


vec3 segue_toSDR(vec3 encoded) {
    vec3 light;
    if (segue_transfer == 1) {
        light = vec3(segue_pqEOTF(encoded.r), segue_pqEOTF(encoded.g), segue_pqEOTF(encoded.b));
    } else {
        // System gamma 1.2 on each channel (zimg's form), 1000 nits over 100 (or over 203).
        vec3 scene = vec3(segue_hlgInverseOETF(max(encoded.r, 0.0)), segue_hlgInverseOETF(max(encoded.g, 0.0)),
                          segue_hlgInverseOETF(max(encoded.b, 0.0)));
        light = pow(scene, vec3(1.2)) * segue_hlgScale;
    }
    light = segue_gamut * light;
    float s = max(max(light.r, light.g), max(light.b, 1e-6));
    light *= segue_toneCurve(s, segue_peak) / s * segue_gain;
    return pow(max(light, vec3(0.0)), vec3(1.0 / 2.4));  // BT.1886's display curve
}
#endif

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec2 chromaPosition = vec2(
        segue_chromaShift.x == 1 ? float(p.x) * 0.5 : float(p.x),
        segue_chromaShift.y == 1 ? (float(p.y) + 0.5) * 0.5 - 0.5 : float(p.y));
    vec3 codes = vec3(texelFetch(segue_planeY, p, 0).r * segue_codeScale,
                      segue_chroma(segue_planeCb, chromaPosition), segue_chroma(segue_planeCr, chromaPosition));
    vec3 rgb = segue_toRGB * (codes / segue_maxCode) + segue_toRGBOffset;
#ifdef SEGUE_HDR
    rgb = segue_toSDR(rgb);
#endif
    rgb = clamp(rgb, 0.0, 1.0);
    float alpha = segue_hasAlpha == 1 ? texelFetch(segue_planeA, p, 0).r * segue_codeScale / segue_maxCode : 1.0;
    segue_fragColor = vec4(rgb * alpha, alpha);
}
