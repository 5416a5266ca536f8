// Author: Segue tests
// License: MIT
// A luma wipe: a pixel switches to the second picture once progress passes its grey level in
// the `luma` map (kept strictly inside (0, 1) so both ends show one picture whole).
uniform sampler2D luma;
uniform bool reverse; // = 0

vec4 transition(vec2 uv) {
  float level = texture(luma, uv).r * 0.998 + 0.001;
  if (reverse) level = 1.0 - level;
  return mix(getToColor(uv), getFromColor(uv), step(progress, level));
}
