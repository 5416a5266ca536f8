// Author: Segue's tests
// License: MIT
// A user's transition with a picture of its own: the second picture shows first where `luma`'s
// red channel is dark, with an edge softened by `smoothness` (a luma wipe with any map).
uniform sampler2D luma;
uniform float smoothness; // = 0.1

vec4 transition(vec2 uv) {
  float level = texture(luma, uv).r;
  float shown = smoothstep(level - smoothness, level, progress * (1.0 + smoothness));
  return mix(getFromColor(uv), getToColor(uv), shown);
}
