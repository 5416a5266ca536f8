// swirl: both pictures twist around the centre while they cross-fade, most at half way.

// The gl-transitions corpus's Swirl (author: Sergey Kosarevsky, ported by gre; MIT licence),
// same maths.
vec4 transition(vec2 uv) {
    vec2 p = uv - 0.5;
    float dist = length(p);
    if (dist < 1.0) {
        // Strongest at the centre, and at progress 0.5: four turns there.
        float nearness = 1.0 - dist;
        float rise = progress <= 0.5 ? mix(0.0, 1.0, progress / 0.5) : mix(1.0, 0.0, (progress - 0.5) / 0.5);
        float angle = nearness * nearness * rise * 8.0 * 3.14159;
        float s = sin(angle), c = cos(angle);
        p = vec2(dot(p, vec2(c, -s)), dot(p, vec2(s, c)));
    }
    p += 0.5;
    return mix(getFromColor(p), getToColor(p), progress);
}
