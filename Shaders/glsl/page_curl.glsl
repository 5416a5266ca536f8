// pagecurl: the first picture is a page that curls up from its bottom edge, the bottom-right
// corner first, rolling over a cylinder and off the top to show the second picture beneath; the
// page's back shows the first picture mirrored and pale. UIKit's transitionCurlUp; its
// transitionCurlDown is this one played backwards with the pictures swapped (no branch on a mode).

// Segue's own (not from the gl-transitions corpus). Distances are in units of the frame's height.
uniform float radius; // = 0.12
uniform float slant; // = 0.3

const float pageCurlPi = 3.14159265;

bool pageCurlOnPage(vec2 q) {
    return all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(ratio, 1.0)));
}

// The page's point at q (aspect-corrected: x in 0...ratio) as a picture uv.
vec2 pageCurlUV(vec2 q) { return q / vec2(ratio, 1.0); }

vec4 transition(vec2 uv) {
    vec2 q = uv * vec2(ratio, 1.0);
    // The roll travels along d: up, leaning left, so the bottom-right corner lifts first.
    vec2 d = normalize(vec2(-slant, 1.0));
    float first = dot(vec2(ratio, 0.0), d);   // the bottom-right corner
    float last = dot(vec2(0.0, 1.0), d);      // the top-left corner
    // The line where the page leaves the floor; at 1 the roll and its shadow are past the page.
    float line = mix(first, last + 1.5 * radius, progress);
    float s = dot(q, d);
    // The second picture, in the roll's shadow just behind it.
    vec4 colour = getToColor(uv);
    float shadow = clamp(1.0 - (line - radius - s) / (0.5 * radius), 0.0, 1.0);
    colour.rgb *= 1.0 - 0.35 * shadow;
    // The flat page, not lifted yet.
    if (s >= line) colour = getFromColor(uv);
    // The roll: a page point lifted by arc a from the line lies at s = line - radius * sin(a / radius).
    float across = clamp((line - s) / radius, 0.0, 1.0);
    bool onRoll = s >= line - radius && s <= line;
    float lowAngle = asin(across);
    vec2 front = q - (radius * lowAngle - (line - s)) * d;
    if (onRoll && pageCurlOnPage(front)) {
        colour = getFromColor(pageCurlUV(front));
        colour.rgb *= 1.0 - 0.3 * across * across;
    }
    // Topmost: the back of the page, over the roll's upper half, then lying flat beyond the line.
    float arc = s <= line ? radius * (pageCurlPi - lowAngle) : radius * pageCurlPi + (s - line);
    vec2 back = q - (arc - (line - s)) * d;
    if (s >= line - radius && pageCurlOnPage(back)) {
        vec4 page = getFromColor(pageCurlUV(back));
        colour = vec4(mix(page.rgb, vec3(page.a), 0.7), page.a);  // pale (premultiplied white)
    }
    return colour;
}
