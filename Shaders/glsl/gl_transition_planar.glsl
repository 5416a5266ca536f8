// A transition's sides read straight from two decoded clips' Y'CbCr planes: the input stage fused
// into the effect's program, so a changed frame takes one pass from the decoders' planes to the
// blend-space frame, with no converted RGBA8 picture between (and so no 8-bit step: a 10-bit clip
// is blended at its own precision). Included after gl_transition_prelude.glsl with
// SEGUE_PLANAR_SIDES defined (and after plane_chroma.glsl), which leaves the prelude's texture lookups out.
//
// Used only where it gives what the texture lookups give: both sides clips of the frame's size
// (the resize is the identity), SDR or a signal kept as it is (no tone mapping), opaque, and a
// transition that looks its sides up at the fragment's own uv alone (a pixel's centre, where a
// LINEAR lookup returns that texel): the pixel's codes are fetched (texelFetch) and converted as
// ycbcr_input.glsl converts them (its chroma siting and bilinear, its matrix and range).
uniform highp sampler2D segue_fromY;
uniform highp sampler2D segue_fromCb;
uniform highp sampler2D segue_fromCr;
uniform highp sampler2D segue_toY;
uniform highp sampler2D segue_toCb;
uniform highp sampler2D segue_toCr;
// Per side: R'G'B' = toRGB * (texel * scale) + offset, scale being code scale / max code.
uniform mat3 segue_fromToRGB;
uniform mat3 segue_toToRGB;
uniform vec3 segue_fromOffset;
uniform vec3 segue_toOffset;
uniform float segue_fromScale;
uniform float segue_toScale;
uniform ivec2 segue_fromShift;
uniform ivec2 segue_toShift;

// The side's pixel under uv (origin bottom left; the planes' first row is the top), converted.
vec3 segue_planarRGB(highp sampler2D y, highp sampler2D cb, highp sampler2D cr, ivec2 shift, mat3 toRGB, vec3 offset,
                     float scale, vec2 uv) {
    ivec2 size = textureSize(y, 0);
    ivec2 p = clamp(ivec2(floor(vec2(uv.x, 1.0 - uv.y) * vec2(size))), ivec2(0), size - 1);
    vec2 c = vec2(shift.x == 1 ? float(p.x) * 0.5 : float(p.x), shift.y == 1 ? (float(p.y) + 0.5) * 0.5 - 0.5 : float(p.y));
    vec3 codes = vec3(texelFetch(y, p, 0).r, segue_planeBilinear(cb, c), segue_planeBilinear(cr, c));
    return clamp(toRGB * (codes * scale) + offset, 0.0, 1.0);
}

// Both sides' pixels under the fragment, read once by main before the transition runs: every
// lookup of a fused transition is at this uv, and llvmpipe runs both sides of a branch, so a
// transition that names getFromColor in several branches (a wipe) would convert each again.
vec4 segue_fromPixel;
vec4 segue_toPixel;

void segue_readSides(vec2 uv) {
    segue_fromPixel = segue_decode(vec4(segue_planarRGB(segue_fromY, segue_fromCb, segue_fromCr, segue_fromShift, segue_fromToRGB,
                                                        segue_fromOffset, segue_fromScale, uv), 1.0));
    segue_toPixel = segue_decode(vec4(segue_planarRGB(segue_toY, segue_toCb, segue_toCr, segue_toShift, segue_toToRGB,
                                                      segue_toOffset, segue_toScale, uv), 1.0));
}

vec4 getFromColor(vec2 uv) { return segue_fromPixel; }
vec4 getToColor(vec2 uv) { return segue_toPixel; }
