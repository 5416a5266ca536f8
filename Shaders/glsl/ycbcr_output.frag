// The output stage: one plane of Y'CbCr from a blend-space frame (premultiplied R'G'B'; for an
// opaque output that is the picture over black), quantised to integer codes with the given
// thresholds (0.5: rounding; Bayer's: ordered dither) and stored as code / 255 or code / 65535,
// so the plane's texels read back as the codes themselves. Constants come from SegueColor.
//
// Each fragment writes four neighbouring samples of a row into its four channels (the plane is
// drawn into an RGBA target a quarter as wide): a quarter of the fragments, and a read-back in
// the RGBA layout every driver copies without converting. Lanes past the plane's right edge
// hold whatever their clamped columns give; the read-back drops them.
uniform sampler2D source;
// code = dot(rgb, coefficients.xyz) + coefficients.w (YCbCrConversion's forward map).
uniform vec4 coefficients;
// 1: a 4:2:0 chroma plane, sited left as MPEG-2 and ffmpeg's default, downsampled by the
// bilinear (triangle) filter zscale uses: horizontally on the even luma column (taps 1/4, 1/2,
// 1/4 over columns 2i-1…2i+1), vertically midway between rows 2j and 2j+1 (taps 1/8, 3/8, 3/8,
// 1/8 over rows 2j-1…2j+2), edges clamped. The taps are fetched (texelFetch), not filtered by
// the sampler: exact weights, and cheaper on a software rasteriser.
uniform int subsampled;
// The plane's width in samples (the last lane's column is clamped to it).
uniform int planeWidth;
uniform float maxCode;
uniform float storageScale;
uniform float thresholds[64];
out vec4 fragColor;

ivec2 sourceSize;

vec3 texel(int x, int y) {
    ivec2 p = clamp(ivec2(x, y), ivec2(0), sourceSize - 1);
    return clamp(texelFetch(source, p, 0).rgb, 0.0, 1.0);
}

// Rows 2j-1…2j+2 of one luma column, weighted 1/8, 3/8, 3/8, 1/8.
vec3 column(int x, int j) {
    return 0.125 * (texel(x, 2 * j - 1) + texel(x, 2 * j + 2)) + 0.375 * (texel(x, 2 * j) + texel(x, 2 * j + 1));
}

float quantised(vec3 rgb, int x, int y) {
    float code = dot(rgb, coefficients.xyz) + coefficients.w;
    return clamp(floor(code + thresholds[(y & 7) * 8 + (x & 7)]), 0.0, maxCode) * storageScale;
}

void main() {
    sourceSize = textureSize(source, 0);
    int y = int(gl_FragCoord.y);
    int first = 4 * int(gl_FragCoord.x);
    int last = planeWidth - 1;
    ivec4 xs = min(ivec4(first, first + 1, first + 2, first + 3), ivec4(last));
    vec4 codes;
    if (subsampled == 1) {
        // Columns 2x-1 … 2x+7 serve the four samples; each column's vertical sum is taken once.
        int c = 2 * xs.x;
        vec3 k0 = column(c - 1, y), k1 = column(c, y), k2 = column(c + 1, y), k3 = column(c + 2, y);
        vec3 k4 = column(c + 3, y), k5 = column(c + 4, y), k6 = column(c + 5, y), k7 = column(c + 6, y);
        vec3 k8 = column(c + 7, y);
        codes = vec4(
            quantised(0.25 * k0 + 0.5 * k1 + 0.25 * k2, xs.x, y),
            quantised(0.25 * k2 + 0.5 * k3 + 0.25 * k4, xs.y, y),
            quantised(0.25 * k4 + 0.5 * k5 + 0.25 * k6, xs.z, y),
            quantised(0.25 * k6 + 0.5 * k7 + 0.25 * k8, xs.w, y));
    } else {
        codes = vec4(quantised(texel(xs.x, y), xs.x, y), quantised(texel(xs.y, y), xs.y, y),
                     quantised(texel(xs.z, y), xs.z, y), quantised(texel(xs.w, y), xs.w, y));
    }
    fragColor = codes;
}
