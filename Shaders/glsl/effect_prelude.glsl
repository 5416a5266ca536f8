// Shared by every generated effect program. Effects work in image pixels with a top-left
// origin (pixel centres at +0.5), which keeps texel choice exact and identical to the CPU
// references in the tests.

// (width, height, flip, unused): flip = 1 when the target's first row is the image's bottom
// row (a window), 0 for offscreen targets, whose first row is the image's top row.
uniform vec4 segue_target;
out vec4 segue_fragColor;

vec2 segue_pixel() {
    vec2 p = gl_FragCoord.xy;
    if (segue_target.z > 0.5) p.y = segue_target.y - p.y;
    return p;
}

// The texel under pixel position `px` of the target. A source of the target's size is read
// texel for texel (no filtering: exact, and about twice as fast as LINEAR on llvmpipe); a
// source of another size is scaled nearest-neighbour. Positions outside clamp to the edge.
vec4 segue_fetch(sampler2D image, vec2 px) {
    ivec2 size = textureSize(image, 0);
    vec2 texel = px;
    if (vec2(size) != segue_target.xy) texel = px * vec2(size) / segue_target.xy;
    return texelFetch(image, clamp(ivec2(floor(texel)), ivec2(0), size - ivec2(1)), 0);
}
