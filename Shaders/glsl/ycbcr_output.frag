// The output stage: one plane of Y'CbCr from a blend-space frame (premultiplied R'G'B'; for an
// opaque output that is the picture over black), quantised to integer codes with the given
// thresholds (0.5: rounding; Bayer's: ordered dither) and stored as code / 255 or code / 65535,
// so the plane's texels read back as the codes themselves. Constants come from SegueColor.
uniform sampler2D source;
// code = dot(rgb, coefficients.xyz) + coefficients.w (YCbCrConversion's forward map).
uniform vec4 coefficients;
// 1: a 4:2:0 chroma plane, sited left as MPEG-2 and ffmpeg's default: horizontally on the even
// luma column (taps 1/4, 1/2, 1/4), vertically midway between the two luma rows. The six taps
// are two bilinear lookups midway between columns 2i-1, 2i and 2i, 2i+1 (the source is bound
// with a linear, edge-clamped sampler): half the texture reads, the same weights.
uniform int subsampled;
uniform float maxCode;
uniform float storageScale;
uniform float thresholds[64];
out vec4 fragColor;

vec3 texel(ivec2 p) {
    return clamp(texelFetch(source, p, 0).rgb, 0.0, 1.0);
}

vec3 sited(ivec2 p) {
    vec2 size = vec2(textureSize(source, 0));
    float y = float(2 * p.y + 1);
    vec3 left = texture(source, vec2(float(2 * p.x), y) / size).rgb;
    vec3 right = texture(source, vec2(float(2 * p.x + 1), y) / size).rgb;
    return clamp(0.5 * (left + right), 0.0, 1.0);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 rgb = subsampled == 1 ? sited(p) : texel(p);
    float code = dot(rgb, coefficients.xyz) + coefficients.w;
    float quantised = clamp(floor(code + thresholds[(p.y & 7) * 8 + (p.x & 7)]), 0.0, maxCode);
    fragColor = vec4(quantised * storageScale, 0.0, 0.0, 1.0);
}
