// One view as a quad: vertex i of a 4-vertex strip is corner (i & 1, i >> 1) of the view's
// size. `segue_mvp` maps view pixels (top-left origin) to clip space with the view's 3D
// transform and perspective; w is kept, so the GPU interpolates perspective-correctly.
uniform mat4 segue_mvp;
uniform vec2 segue_size;
out vec2 segue_local;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    segue_local = corner * segue_size;
    gl_Position = segue_mvp * vec4(segue_local, 0.0, 1.0);
}
