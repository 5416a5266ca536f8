// Author: Segue tests
// License: MIT
// The first picture zooms out and the second slides in from a corner: their lookups leave
// [0, 1] on every side, so the edge pixels (or transparency) show around them.
uniform float spread; // = 1.6 ; // how far past its edges the first picture's lookups reach
uniform vec2 shift /* = vec2(0.3, -0.2) */;

vec4 transition(vec2 uv) {
  vec2 a = (uv - 0.5) * (1.0 + (spread - 1.0) * progress) + 0.5;
  vec2 b = uv + shift * (1.0 - progress);
  return mix(getFromColor(a), getToColor(b), progress);
}
