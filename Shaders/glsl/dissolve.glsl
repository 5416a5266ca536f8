// GPUImage's dissolve blend: the overlay mixed over the base by mixturePercent (0...1).
vec4 segue_dissolve(vec4 base, vec4 overlay, float mixturePercent) {
    return mix(base, overlay, mixturePercent);
}
