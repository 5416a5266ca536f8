// crosszoom: a fast zoom blur that rushes across the picture while it cross-fades: an energetic
// cut for action and travel footage.

// The gl-transitions corpus's CrossZoom (author: rectalogic, after glfx.js's zoom blur; MIT
// licence), same maths and default: 41 samples along the line to the blur's centre.
uniform float strength; // = 0.4

float crossZoomExpoInOut(float t) {
    if (t == 0.0) return 0.0;
    if (t == 1.0) return 1.0;
    t *= 2.0;
    if (t < 1.0) return 0.5 * pow(2.0, 10.0 * (t - 1.0));
    return 0.5 * (-pow(2.0, -10.0 * (t - 1.0)) + 2.0);
}

// Jitters where each pixel's samples fall, so their fixed count does not show as bands.
float crossZoomNoise(vec2 p) {
    return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

vec4 transition(vec2 uv) {
    vec2 centre = vec2(0.25 + 0.5 * progress, 0.5);
    float dissolve = crossZoomExpoInOut(progress);
    // Up to `strength` half way, back to none at the end.
    float blur = -strength / 2.0 * (cos(3.141592653589793 * progress / 0.5) - 1.0);
    vec2 toCentre = centre - uv;
    float jitter = crossZoomNoise(uv);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (float i = 0.0; i <= 40.0; i++) {
        float along = (i + jitter) / 40.0;
        float weight = 4.0 * (along - along * along);
        vec2 p = uv + toCentre * along * blur;
        sum += mix(getFromColor(p), getToColor(p), dissolve) * weight;
        total += weight;
    }
    return sum / total;
}
