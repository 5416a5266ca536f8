// Author: Segue's tests
// License: MIT
// A user's transition: a circle that grows from a centre, its edge softened by `smoothness`.
uniform float smoothness; // = 0.1
uniform vec2 center; // = vec2(0.5, 0.5)

vec4 transition(vec2 uv) {
  float radius = progress * 1.5;
  float inside = 1.0 - smoothstep(radius - smoothness, radius, distance(uv, center));
  return mix(getFromColor(uv), getToColor(uv), inside);
}
