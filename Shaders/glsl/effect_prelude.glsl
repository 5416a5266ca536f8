// Shared by every generated effect program. Effects work in image pixels with a top-left
// origin (pixel centres at +0.5), which keeps texel choice exact and identical to the CPU
// references in the tests.
//
// Each program is compiled in variants chosen by defines put before this text, so no
// per-pixel work is spent on decisions that are fixed for a whole frame:
//   SEGUE_FLIP_Y        1 when the target's first row is the picture's bottom row (a window)
//   SEGUE_SCALE_INPUTn  how input n is read: 0 same size as the target, 1 stretched to it,
//                       2 scaled to cover it, 3 scaled to be contained in it
// and follows blend_space.glsl (SEGUE_LINEAR_LIGHT): sources are sampled into the blend space,
// intermediates of earlier passes already hold it.

// (width, height, unused, unused) of the target in pixels.
uniform vec4 segue_target;
out vec4 segue_fragColor;

vec2 segue_pixel() {
#if SEGUE_FLIP_Y
    return vec2(gl_FragCoord.x, segue_target.y - gl_FragCoord.y);
#else
    return gl_FragCoord.xy;
#endif
}

// The texel under pixel position `px` of a source of the target's size: read texel for texel
// with no filtering (exact, and about twice as fast as LINEAR on llvmpipe). Positions outside
// clamp to the edge (truncation toward zero is floor for the positions that survive the clamp).
vec4 segue_fetch(sampler2D image, vec2 px) {
    return texelFetch(image, clamp(ivec2(px), ivec2(0), textureSize(image, 0) - 1), 0);
}

// A source of another size than the target is sampled bilinearly, as the gl-transitions runtime
// samples its pictures: the pass binds a LINEAR, clamp-to-edge sampler to its unit, so a picture
// uploaded at its own size is smooth when enlarged whatever the texture's own filter. (Same-size
// sources never come here: they stay texel-exact with segue_fetch.) textureLod at level 0: no
// mipmaps, and fused filters call inputs at computed positions (cell centres), where implicit
// derivatives would be meaningless. In linear light the texels are decoded before they are mixed
// (segue_sample_blend).

// Stretched to the target: each axis on its own.
vec4 segue_sample_stretched(sampler2D image, vec2 px) {
    return segue_sample_blend(image, px / segue_target.xy);
}

// Fitted to the target keeping its aspect ratio, centred: scaled to cover it (the overflow is
// cropped) or to be contained in it (transparent black outside, as gl-transitions' contain).
vec4 segue_sample_fitted(sampler2D image, vec2 px, bool contain) {
    vec2 size = vec2(textureSize(image, 0));
    vec2 perPixel = size / segue_target.xy;  // source pixels per target pixel, per axis
    float scale = contain ? max(perPixel.x, perPixel.y) : min(perPixel.x, perPixel.y);
    vec2 p = (px - 0.5 * segue_target.xy) * scale + 0.5 * size;
    if (contain && (any(lessThan(p, vec2(0.0))) || any(greaterThanEqual(p, size)))) return vec4(0.0);
    return segue_sample_blend(image, p / size);
}
