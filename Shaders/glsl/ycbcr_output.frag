// The output stage: Y'CbCr planes from a blend-space frame (premultiplied R'G'B'; for an
// opaque output that is the picture over black), quantised to integer codes with the given
// thresholds (0.5: rounding; Bayer's: ordered dither) and stored as code / 255 or code / 65535,
// so the plane's texels read back as the codes themselves. Constants come from SegueColor.
//
// Each fragment writes four neighbouring samples of a row into its four channels (the plane is
// drawn into an RGBA target a quarter as wide): a quarter of the fragments, and a read-back in
// the RGBA layout every driver copies without converting. Lanes past the plane's right edge
// hold whatever their clamped columns give; the read-back drops them.
//
// Two programs are made of this text (llvmpipe runs both sides of a branch, so the luma plane
// must not carry the chroma filter): without SEGUE_CHROMA, the Y plane; with it, Cb and Cr
// together, drawn into two targets at once (colour attachments 0 and 1), so the filtered R'G'B'
// a chroma sample needs is fetched and summed once for both planes.
uniform sampler2D source;
// code = dot(rgb, coefficients.xyz) + coefficients.w (YCbCrConversion's forward map): Y's, or Cb's.
uniform vec4 coefficients;
// The plane's width in samples (the last lane's column is clamped to it).
uniform int planeWidth;
uniform float maxCode;
uniform float storageScale;
uniform float thresholds[64];

ivec2 sourceSize;

vec3 texel(int x, int y) {
    ivec2 p = clamp(ivec2(x, y), ivec2(0), sourceSize - 1);
    return clamp(texelFetch(source, p, 0).rgb, 0.0, 1.0);
}

float quantised(vec3 rgb, vec4 c, int x, int y) {
    float code = dot(rgb, c.xyz) + c.w;
    return clamp(floor(code + thresholds[(y & 7) * 8 + (x & 7)]), 0.0, maxCode) * storageScale;
}

#ifdef SEGUE_CHROMA
// Cr's coefficients (coefficients holds Cb's).
uniform vec4 coefficientsCr;
layout(location = 0) out vec4 fragColor;
layout(location = 1) out vec4 fragColorCr;

// The 4:2:0 chroma planes, sited left as MPEG-2 and ffmpeg's default, downsampled by the
// bilinear (triangle) filter zscale uses: horizontally on the even luma column (taps 1/4, 1/2,
// 1/4 over columns 2i-1…2i+1), vertically midway between rows 2j and 2j+1 (taps 1/8, 3/8, 3/8,
// 1/8 over rows 2j-1…2j+2), edges clamped. The taps are fetched (texelFetch), not filtered by
// the sampler: exact weights, and cheaper on a software rasteriser.
// Rows 2j-1…2j+2 of one luma column, weighted 1/8, 3/8, 3/8, 1/8.
vec3 column(int x, int j) {
    return 0.125 * (texel(x, 2 * j - 1) + texel(x, 2 * j + 2)) + 0.375 * (texel(x, 2 * j) + texel(x, 2 * j + 1));
}

void main() {
    sourceSize = textureSize(source, 0);
    int y = int(gl_FragCoord.y);
    int first = 4 * int(gl_FragCoord.x);
    int last = planeWidth - 1;
    ivec4 xs = min(ivec4(first, first + 1, first + 2, first + 3), ivec4(last));
    // Columns 2x-1 … 2x+7 serve the four samples; each column's vertical sum is taken once.
    int c = 2 * xs.x;
    vec3 k0 = column(c - 1, y), k1 = column(c, y), k2 = column(c + 1, y), k3 = column(c + 2, y);
    vec3 k4 = column(c + 3, y), k5 = column(c + 4, y), k6 = column(c + 5, y), k7 = column(c + 6, y);
    vec3 k8 = column(c + 7, y);
    vec3 s0 = 0.25 * k0 + 0.5 * k1 + 0.25 * k2, s1 = 0.25 * k2 + 0.5 * k3 + 0.25 * k4;
    vec3 s2 = 0.25 * k4 + 0.5 * k5 + 0.25 * k6, s3 = 0.25 * k6 + 0.5 * k7 + 0.25 * k8;
    fragColor = vec4(quantised(s0, coefficients, xs.x, y), quantised(s1, coefficients, xs.y, y),
                     quantised(s2, coefficients, xs.z, y), quantised(s3, coefficients, xs.w, y));
    fragColorCr = vec4(quantised(s0, coefficientsCr, xs.x, y), quantised(s1, coefficientsCr, xs.y, y),
                       quantised(s2, coefficientsCr, xs.z, y), quantised(s3, coefficientsCr, xs.w, y));
}
#else
out vec4 fragColor;

void main() {
    sourceSize = textureSize(source, 0);
    int y = int(gl_FragCoord.y);
    int first = 4 * int(gl_FragCoord.x);
    int last = planeWidth - 1;
    ivec4 xs = min(ivec4(first, first + 1, first + 2, first + 3), ivec4(last));
    fragColor = vec4(quantised(texel(xs.x, y), coefficients, xs.x, y), quantised(texel(xs.y, y), coefficients, xs.y, y),
                     quantised(texel(xs.z, y), coefficients, xs.z, y), quantised(texel(xs.w, y), coefficients, xs.w, y));
}
#endif
