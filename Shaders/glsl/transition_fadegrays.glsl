// fadegrays: both pictures lose their colour towards the middle, where they cross.
uniform float intensity; // = 0.3

vec3 grayscale(vec3 c) { return vec3(dot(c, vec3(0.299, 0.587, 0.114))); }

vec4 transition(vec2 uv) {
    vec4 a = getFromColor(uv);
    vec4 b = getToColor(uv);
    float amount = intensity * sin(progress * 3.14159265);
    vec3 ga = mix(a.rgb, grayscale(a.rgb), min(1.0, 2.0 * progress + amount));
    vec3 gb = mix(b.rgb, grayscale(b.rgb), min(1.0, 2.0 * (1.0 - progress) + amount));
    return vec4(mix(ga, gb, progress), mix(a.a, b.a, progress));
}
