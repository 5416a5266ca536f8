// cube: the two pictures are two faces of a cube that turns to the left, seen slightly from
// above, with a faint reflection on the floor below.

// The gl-transitions corpus's cube (author: gre, MIT licence), same maths and defaults.
uniform float persp; // = 0.7
uniform float unzoom; // = 0.3
uniform float reflection; // = 0.4
uniform float floating; // = 3.0

// A face's mirror image on the floor, `floating` hundredths below it.
vec2 cubeFloorPoint(vec2 p) {
    return p * vec2(1.0, -1.2) + vec2(0.0, -floating / 100.0);
}

bool cubeInside(vec2 p) {
    return all(lessThan(vec2(0.0), p)) && all(lessThan(p, vec2(1.0)));
}

// Black, with each face's reflection fading towards the floor's far side.
vec4 cubeFloor(vec2 fromPoint, vec2 toPoint) {
    vec4 colour = vec4(0.0, 0.0, 0.0, 1.0);
    vec2 f = cubeFloorPoint(fromPoint);
    if (cubeInside(f)) colour += mix(vec4(0.0), getFromColor(f), reflection * mix(1.0, 0.0, f.y));
    vec2 t = cubeFloorPoint(toPoint);
    if (cubeInside(t)) colour += mix(vec4(0.0), getToColor(t), reflection * mix(1.0, 0.0, t.y));
    return colour;
}

// A face seen in perspective: `depth` is how far its far edge shrinks (1: none); `hinge` is 0
// for a face hinged on its left edge, 1 on its right.
vec2 cubeSkew(vec2 p, float depth, float hinge) {
    float x = mix(p.x, 1.0 - p.x, hinge);
    float offCentre = distance(hinge, 0.5);
    vec2 skewed = vec2(x, (p.y - 0.5 * (1.0 - depth) * x) / (1.0 + (depth - 1.0) * x));
    vec2 scale = vec2(0.5 / offCentre * (hinge < 0.5 ? 1.0 : -1.0), 1.0);
    return (skewed - vec2(0.5 - offCentre, 0.0)) * scale + vec2(hinge < 0.5 ? 0.0 : 1.0, 0.0);
}

vec4 transition(vec2 uv) {
    // Backs away from the cube half way through, by `unzoom`.
    float away = unzoom * 2.0 * (0.5 - distance(0.5, progress));
    vec2 p = -away * 0.5 + (1.0 + away) * uv;
    vec2 fromPoint = cubeSkew((p - vec2(progress, 0.0)) / vec2(1.0 - progress, 1.0), 1.0 - mix(progress, 0.0, persp), 0.0);
    vec2 toPoint = cubeSkew(p / vec2(progress, 1.0), mix(pow(progress, 2.0), 1.0, persp), 1.0);
    if (cubeInside(fromPoint)) return getFromColor(fromPoint);
    if (cubeInside(toPoint)) return getToColor(toPoint);
    return cubeFloor(fromPoint, toPoint);
}
