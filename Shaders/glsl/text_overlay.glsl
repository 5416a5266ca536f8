// Text over a frame (an edit's titles, captions and subtitles): the text's picture (straight
// alpha: FreeType's coverage, in the text's colour) at a whole-pixel origin, texel for texel, so
// it stays as crisp as it was rasterised at the output size; weighted by the animation's opacity
// and composited "over" the premultiplied frame. Targets hold the top row first, as the frame and
// the text's picture were uploaded, so a fragment's row is their row.
uniform sampler2D segue_frame;
uniform sampler2D segue_text;
uniform ivec2 segue_textOrigin;
uniform float segue_opacity;
out vec4 segue_fragColor;

void main() {
    ivec2 position = ivec2(gl_FragCoord.xy);
    vec4 frame = texelFetch(segue_frame, position, 0);
    ivec2 texel = position - segue_textOrigin;
    if (any(lessThan(texel, ivec2(0))) || any(greaterThanEqual(texel, textureSize(segue_text, 0)))) {
        segue_fragColor = frame;
        return;
    }
    vec4 text = texelFetch(segue_text, texel, 0);
    float alpha = text.a * segue_opacity;
    segue_fragColor = vec4(text.rgb * alpha + frame.rgb * (1.0 - alpha), alpha + frame.a * (1.0 - alpha));
}
