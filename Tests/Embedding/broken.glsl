// A transition the driver refuses: `undeclared` is not declared.
vec4 transition(vec2 uv) {
  return mix(getFromColor(uv), getToColor(uv), undeclared);
}
