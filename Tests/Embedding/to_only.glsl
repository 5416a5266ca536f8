// Author: Segue's tests
// License: MIT
// Shows the second picture at every progress: what comes out is the Y'CbCr conversions' round trip alone.
vec4 transition(vec2 uv) {
  return getToColor(uv);
}
