// GPUImage's pixellate: square cells `cellSize` pixels wide (fractionalWidthOfAPixel times the
// frame width); every pixel of a cell shows the input at the cell's centre. 0 passes through.
vec2 segue_pixellate(vec2 px, float cellSize) {
    if (cellSize <= 0.0) return px;
    return (floor(px / cellSize) + 0.5) * cellSize;
}
