// halftone: the second picture appears as polka dots on a grid of `dots` per height whose
// radius grows until they merge (GPUImage's polka dot / halftone look).
// @range(1, 1000)
uniform float dots; // = 20.0

vec4 transition(vec2 uv) {
    vec2 cell = vec2(ratio, 1.0) * dots;
    vec2 inCell = fract(uv * cell) - 0.5;
    vec2 centre = (floor(uv * cell) + 0.5) / cell;
    float r = progress * 0.7072;                   // at 1 the dots cover the whole cell
    bool inDot = length(inCell) < r || progress >= 1.0;
    return inDot ? getToColor(progress >= 1.0 ? uv : centre) : getFromColor(uv);
}
