// doorway: the first picture opens in the middle like two doors swinging away, and the second
// comes forward through the doorway, reflected on the floor.

// The gl-transitions corpus's doorway (author: gre, MIT licence), same maths and defaults.
uniform float reflection; // = 0.4
uniform float perspective; // = 0.4
uniform float depth; // = 3.0

bool doorwayInside(vec2 p) {
    return all(lessThan(vec2(0.0), p)) && all(lessThan(p, vec2(1.0)));
}

// Black, with the second picture's reflection on the floor below it.
vec4 doorwayFloor(vec2 toPoint) {
    vec4 colour = vec4(0.0, 0.0, 0.0, 1.0);
    vec2 mirrored = toPoint * vec2(1.0, -1.2) + vec2(0.0, -0.02);
    if (doorwayInside(mirrored)) {
        colour += mix(vec4(0.0, 0.0, 0.0, 1.0), getToColor(mirrored), reflection * mix(1.0, 0.0, mirrored.y));
    }
    return colour;
}

vec4 transition(vec2 uv) {
    vec2 fromPoint = vec2(-1.0);
    // Outside the opening slit: a door, pushed aside and foreshortened towards its inner edge.
    float door = 2.0 * abs(uv.x - 0.5) - progress;
    if (door > 0.0) {
        fromPoint = uv + (uv.x > 0.5 ? -1.0 : 1.0) * vec2(0.5 * progress, 0.0);
        float shrink = 1.0 / (1.0 + perspective * progress * (1.0 - door));
        fromPoint.y = (fromPoint.y - shrink / 2.0) * shrink + shrink / 2.0;
    }
    float size = mix(1.0, depth, 1.0 - progress);
    vec2 toPoint = (uv - 0.5) * size + 0.5;
    if (doorwayInside(fromPoint)) return getFromColor(fromPoint);
    if (doorwayInside(toPoint)) return getToColor(toPoint);
    return doorwayFloor(toPoint);
}
