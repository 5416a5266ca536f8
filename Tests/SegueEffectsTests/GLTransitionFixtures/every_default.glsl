// Author: Segue tests
// License: MIT
// A soft wipe that uses a parameter of every default form the format allows.
uniform vec2 direction; // = vec2(-1.0, 0.0)
uniform float smoothness /* = 0.25 */;
uniform float tint; // = 0.3; // a note after the default
uniform float shade; // = 0.4 ; // a note after a spaced semicolon
uniform vec2 lo /* = vec2(0.1) */, hi /* = vec2(0.9, 0.8) */;
uniform float gainA, gainB; // = 0.5
uniform int bands; // = 3
uniform bool flipX; // = 1
uniform bool flipY; // = 0
uniform bool darken; // = true
uniform bvec2 mirror; /* = bvec2(false, true) */

vec4 transition(vec2 uv) {
  vec2 p = uv;
  if (flipX) p.x = 1.0 - p.x;
  if (flipY) p.y = 1.0 - p.y;
  float along = dot(p - 0.5, normalize(direction)) + 0.5;
  float m = smoothstep(0.0, 1.0, clamp((progress * (1.0 + smoothness) - along) / smoothness, 0.0, 1.0));
  float band = fract(along * float(bands));
  vec2 box = step(lo, uv) * step(uv, hi);
  float glow = 4.0 * m * (1.0 - m);
  float w = glow * (gainA * box.x * box.y + gainB * band * shade);
  if (mirror.y) w *= 0.5;
  if (mirror.x) w = 0.0;
  vec3 tone = darken ? vec3(tint) : vec3(1.0 - tint);
  vec4 c = mix(getFromColor(uv), getToColor(uv), m);
  return vec4(mix(c.rgb, tone, w), c.a);
}
