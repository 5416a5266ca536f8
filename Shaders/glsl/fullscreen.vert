// One triangle that covers the whole viewport, with no vertex buffer: vertex 0, 1, 2 become
// (-1,-1), (3,-1), (-1,3). One triangle instead of two avoids shading the diagonal twice.
void main() {
    vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
    gl_Position = vec4(corner, 0.0, 1.0);
}
