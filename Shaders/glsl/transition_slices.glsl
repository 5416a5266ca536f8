// slices: the picture is cut into `count` bands across `direction`; each band wipes along
// `direction`, starting a little after the one before (ffmpeg's hlslice, hrslice, vuslice,
// vdslice are (-1,0), (1,0), (0,1), (0,-1)).
uniform vec2 direction; // = vec2(-1.0, 0.0)
uniform int count; // = 10
uniform float stagger; // = 0.5

vec4 transition(vec2 uv) {
    vec2 d = normalize(direction);
    float along = dot(uv - 0.5, d) + 0.5;          // 0 where the wipe starts, 1 where it ends
    float across = abs(d.x) > 0.5 ? uv.y : uv.x;
    float band = floor(across * float(count)) / float(max(count - 1, 1));
    float local = clamp(progress * (1.0 + stagger) - band * stagger, 0.0, 1.0);
    return along < local ? getToColor(uv) : getFromColor(uv);
}
