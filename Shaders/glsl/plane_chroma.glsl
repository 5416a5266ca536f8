// A plane's value at a fractional texel position, bilinear from the four texels around it
// (texelFetch, edges clamped): how a subsampled chroma plane is read at a luma pixel's siting. Shared by
// the input stage (ycbcr_input.glsl) and the transitions that read clips' planes themselves
// (gl_transition_planar.glsl), so both interpolate chroma the same way.
float segue_planeBilinear(highp sampler2D plane, vec2 position) {
    ivec2 last = textureSize(plane, 0) - 1;
    vec2 base = floor(position);
    vec2 f = position - base;
    ivec2 p0 = clamp(ivec2(base), ivec2(0), last);
    ivec2 p1 = clamp(ivec2(base) + 1, ivec2(0), last);
    float a = texelFetch(plane, ivec2(p0.x, p0.y), 0).r, b = texelFetch(plane, ivec2(p1.x, p0.y), 0).r;
    float c = texelFetch(plane, ivec2(p0.x, p1.y), 0).r, d = texelFetch(plane, ivec2(p1.x, p1.y), 0).r;
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}
