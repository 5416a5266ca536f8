// A transition evaluated in the encoder's own planes, as ffmpeg's xfade evaluates it: where both
// sides are clips already in the output's format (matrix, range, transfer, depth, 4:2:0) and the
// transition's result is a mix or a choice of its two sides with weights that do not depend on
// their colours (fade, the wipes, circles, barns, slices, wind, the radial wipe, the dissolve), the
// mix of two pixels' Y'CbCr codes is the Y'CbCr of the mix of their R'G'B'. So no conversion to
// R'G'B' and back: Y at full resolution, then Cb and Cr at chroma resolution, each sample weighted
// as the transition weighs the frame's point where that sample sits (left sited: on the even luma
// column, midway between two rows). Included after gl_transition_prelude.glsl with
// SEGUE_PLANAR_SIDES defined (so it defines getFromColor and getToColor), and before the
// transition's text, whose `transition` it declares; the text's sides are vec4(Y, 0, 0, 1) in the
// luma pass and vec4(Cb, Cr, 0, 1) in the chroma pass.
//
// Like the output stage (ycbcr_output.frag), each fragment writes four neighbouring samples of a
// row into its four channels of a target a quarter as wide, quantised with the same thresholds,
// so the planes are read back as the output stage's are. Without SEGUE_PLANE_CHROMA: the Y plane;
// with it, Cb and Cr into two targets at once.
uniform highp sampler2D segue_fromY;
uniform highp sampler2D segue_fromCb;
uniform highp sampler2D segue_fromCr;
uniform highp sampler2D segue_toY;
uniform highp sampler2D segue_toCb;
uniform highp sampler2D segue_toCr;
// texel → code (255 for R8 planes, 65535 for R16: a 10-bit code is stored as it is).
uniform float segue_codeScale;
uniform int segue_planeWidth;
uniform float segue_maxCode;
uniform float segue_storageScale;
uniform float segue_thresholds[64];

vec4 segue_fromPixel;
vec4 segue_toPixel;
vec4 getFromColor(vec2 uv) { return segue_fromPixel; }
vec4 getToColor(vec2 uv) { return segue_toPixel; }
vec4 transition(vec2 uv);

// The transition at a point of the frame (pixels from the top left) between two sides' values.
vec4 segue_blendAt(vec2 point, vec4 from, vec4 to) {
    segue_fromPixel = from;
    segue_toPixel = to;
    return transition(vec2(point.x, segue_target.y - point.y) / segue_target.xy);
}

float segue_quantised(float value, int x, int y) {
    return clamp(floor(value * segue_codeScale + segue_thresholds[(y & 7) * 8 + (x & 7)]), 0.0, segue_maxCode) * segue_storageScale;
}

#ifdef SEGUE_PLANE_CHROMA
layout(location = 0) out vec4 segue_fragCb;
layout(location = 1) out vec4 segue_fragCr;

// Chroma sample (x, y): Cb and Cr of the mix, at the luma point (2x, 2y + 0.5) by pixel centres.
vec2 segue_chromaSample(int x, int y) {
    ivec2 q = ivec2(x, y);
    vec4 from = vec4(texelFetch(segue_fromCb, q, 0).r, texelFetch(segue_fromCr, q, 0).r, 0.0, 1.0);
    vec4 to = vec4(texelFetch(segue_toCb, q, 0).r, texelFetch(segue_toCr, q, 0).r, 0.0, 1.0);
    return segue_blendAt(vec2(2.0 * float(x) + 0.5, 2.0 * float(y) + 1.0), from, to).rg;
}

void main() {
    int y = int(gl_FragCoord.y);
    int first = 4 * int(gl_FragCoord.x);
    ivec4 xs = min(ivec4(first, first + 1, first + 2, first + 3), ivec4(segue_planeWidth - 1));
    vec2 s0 = segue_chromaSample(xs.x, y), s1 = segue_chromaSample(xs.y, y);
    vec2 s2 = segue_chromaSample(xs.z, y), s3 = segue_chromaSample(xs.w, y);
    segue_fragCb = vec4(segue_quantised(s0.x, xs.x, y), segue_quantised(s1.x, xs.y, y),
                        segue_quantised(s2.x, xs.z, y), segue_quantised(s3.x, xs.w, y));
    segue_fragCr = vec4(segue_quantised(s0.y, xs.x, y), segue_quantised(s1.y, xs.y, y),
                        segue_quantised(s2.y, xs.z, y), segue_quantised(s3.y, xs.w, y));
}
#else
out vec4 segue_fragY;

float segue_lumaSample(int x, int y) {
    ivec2 p = ivec2(x, y);
    vec4 from = vec4(texelFetch(segue_fromY, p, 0).r, 0.0, 0.0, 1.0);
    vec4 to = vec4(texelFetch(segue_toY, p, 0).r, 0.0, 0.0, 1.0);
    return segue_quantised(segue_blendAt(vec2(p) + 0.5, from, to).r, x, y);
}

void main() {
    int y = int(gl_FragCoord.y);
    int first = 4 * int(gl_FragCoord.x);
    ivec4 xs = min(ivec4(first, first + 1, first + 2, first + 3), ivec4(segue_planeWidth - 1));
    segue_fragY = vec4(segue_lumaSample(xs.x, y), segue_lumaSample(xs.y, y), segue_lumaSample(xs.z, y), segue_lumaSample(xs.w, y));
}
#endif
