// The output stage: one plane of Y'CbCr from a blend-space frame (premultiplied R'G'B'; for an
// opaque output that is the picture over black), quantised to integer codes with the given
// thresholds (0.5: rounding; Bayer's: ordered dither) and stored as code / 255 or code / 65535,
// so the plane's texels read back as the codes themselves. Constants come from SegueColor.
uniform sampler2D source;
// code = dot(rgb, coefficients.xyz) + coefficients.w (YCbCrConversion's forward map).
uniform vec4 coefficients;
// 1: a 4:2:0 chroma plane, sited left as MPEG-2 and ffmpeg's default: horizontally on the even
// luma column (taps 1/4, 1/2, 1/4), vertically midway between the two luma rows.
uniform int subsampled;
uniform float maxCode;
uniform float storageScale;
uniform float thresholds[64];
out vec4 fragColor;

vec3 texel(ivec2 p) {
    ivec2 size = textureSize(source, 0);
    return clamp(texelFetch(source, clamp(p, ivec2(0), size - 1), 0).rgb, 0.0, 1.0);
}

vec3 sited(ivec2 q) {
    return 0.25 * texel(q - ivec2(1, 0)) + 0.5 * texel(q) + 0.25 * texel(q + ivec2(1, 0));
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 rgb = subsampled == 1 ? 0.5 * (sited(2 * p) + sited(2 * p + ivec2(0, 1))) : texel(p);
    float code = dot(rgb, coefficients.xyz) + coefficients.w;
    float quantised = clamp(floor(code + thresholds[(p.y & 7) * 8 + (p.x & 7)]), 0.0, maxCode);
    fragColor = vec4(quantised * storageScale, 0.0, 0.0, 1.0);
}
