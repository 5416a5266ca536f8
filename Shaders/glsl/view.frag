// One view: background colour, then content over it (premultiplied), rounded corners,
// multiplied by the view's alpha. Mode 1 draws only the view's shape into the stencil.
uniform vec2 segue_size;
uniform vec4 segue_background;     // premultiplied
uniform float segue_alpha;         // the product of the view's and its ancestors' alpha
uniform float segue_cornerRadius;
uniform int segue_hasContent;
uniform int segue_clipContent;     // clipsToBounds: the corners clip the content too
uniform int segue_mode;            // 0 = colour, 1 = stencil shape
uniform sampler2D segue_content;   // straight alpha, unless segue_contentPremultiplied
uniform int segue_contentPremultiplied;  // a flattened group (rendered, so premultiplied)
in vec2 segue_local;
out vec4 segue_color;

// Coverage of the rounded rectangle at this pixel, antialiased over one pixel.
float segue_shapeCoverage() {
    float radius = min(segue_cornerRadius, 0.5 * min(segue_size.x, segue_size.y));
    if (radius <= 0.0) return 1.0;
    vec2 halfSize = 0.5 * segue_size;
    vec2 q = abs(segue_local - halfSize) - (halfSize - vec2(radius));
    float distance = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
    return clamp(0.5 - distance, 0.0, 1.0);
}

void main() {
    float coverage = segue_shapeCoverage();
    if (segue_mode == 1) {
        if (coverage < 0.5) discard;
        segue_color = vec4(0.0);
        return;
    }
    vec4 color = segue_background * coverage;
    if (segue_hasContent != 0) {
        vec4 texel = texture(segue_content, segue_local / segue_size);
        if (segue_contentPremultiplied == 0) texel.rgb *= texel.a;
        if (segue_clipContent != 0) texel *= coverage;
        color = texel + color * (1.0 - texel.a);
    }
    segue_color = color * segue_alpha;
}
