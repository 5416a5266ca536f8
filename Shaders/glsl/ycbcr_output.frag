// The output stage: one plane of Y'CbCr from a blend-space frame (premultiplied R'G'B'; for an
// opaque output that is the picture over black), quantised to integer codes with the given
// thresholds (0.5: rounding; Bayer's: ordered dither) and stored as code / 255 or code / 65535,
// so the plane's texels read back as the codes themselves. Constants come from SegueColor.
uniform sampler2D source;
// code = dot(rgb, coefficients.xyz) + coefficients.w (YCbCrConversion's forward map).
uniform vec4 coefficients;
// 1: a 4:2:0 chroma plane, sited left as MPEG-2 and ffmpeg's default, downsampled by the
// bilinear (triangle) filter zscale uses: horizontally on the even luma column (taps 1/4, 1/2,
// 1/4 over columns 2i-1…2i+1), vertically midway between rows 2j and 2j+1 (taps 1/8, 3/8, 3/8,
// 1/8 over rows 2j-1…2j+2). The twelve taps are four bilinear lookups (the source is bound with
// a linear, edge-clamped sampler) at x = 2i, 2i+1 and y = 2j+1/4, 2j+7/4, weighted alike.
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
    vec2 corner = vec2(2 * p);
    vec3 sum = texture(source, (corner + vec2(0.0, 0.25)) / size).rgb + texture(source, (corner + vec2(1.0, 0.25)) / size).rgb
        + texture(source, (corner + vec2(0.0, 1.75)) / size).rgb + texture(source, (corner + vec2(1.0, 1.75)) / size).rgb;
    return clamp(0.25 * sum, 0.0, 1.0);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 rgb = subsampled == 1 ? sited(p) : texel(p);
    float code = dot(rgb, coefficients.xyz) + coefficients.w;
    float quantised = clamp(floor(code + thresholds[(p.y & 7) * 8 + (p.x & 7)]), 0.0, maxCode);
    fragColor = vec4(quantised * storageScale, 0.0, 0.0, 1.0);
}
