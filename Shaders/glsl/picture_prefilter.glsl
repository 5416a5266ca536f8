// A picture larger than the frame shows it, reduced once to the frame as the resize mode places
// it (PictureFitting.prefiltered): each frame pixel the area average of the picture texels its
// footprint covers (a box prefilter: fine detail does not alias as bilinear lookups at the
// frame's pixels would). texelFetch only, premultiplied texels averaged as such; an axis that is
// enlarged (stretch) gets a one-texel footprint, which is bilinear's weights. What a contained
// picture's footprint leaves outside the picture is transparent. Offscreen targets and textures
// hold the top row first, so a fragment's row is the frame's row.
uniform highp sampler2D segue_picture;
// Picture texels per frame pixel, and the picture position of the frame's top-left corner.
uniform vec2 segue_scale;
uniform vec2 segue_origin;
out vec4 segue_fragColor;

// The footprint of frame pixel `k` along one axis: [low, low + width).
vec2 segue_footprint(float k, float scale, float origin, float size) {
    float width = max(scale, 1.0);
    float low = origin + (k + 0.5) * scale - 0.5 * width;
    if (scale < 1.0) low = clamp(low, 0.0, max(size - width, 0.0));
    return vec2(low, width);
}

void main() {
    ivec2 size = textureSize(segue_picture, 0);
    vec2 fx = segue_footprint(floor(gl_FragCoord.x), segue_scale.x, segue_origin.x, float(size.x));
    vec2 fy = segue_footprint(floor(gl_FragCoord.y), segue_scale.y, segue_origin.y, float(size.y));
    int x0 = max(int(floor(fx.x)), 0), x1 = min(int(ceil(fx.x + fx.y)), size.x);
    int y0 = max(int(floor(fy.x)), 0), y1 = min(int(ceil(fy.x + fy.y)), size.y);
    vec4 sum = vec4(0.0);
    for (int y = y0; y < y1; y++) {
        float wy = min(fy.x + fy.y, float(y + 1)) - max(fy.x, float(y));
        vec4 row = vec4(0.0);
        for (int x = x0; x < x1; x++) {
            float wx = min(fx.x + fx.y, float(x + 1)) - max(fx.x, float(x));
            row += wx * texelFetch(segue_picture, ivec2(x, y), 0);
        }
        sum += wy * row;
    }
    segue_fragColor = sum / (fx.y * fy.y);
}
