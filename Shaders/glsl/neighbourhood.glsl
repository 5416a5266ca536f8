// Helpers of the neighbourhood filters (blur, edges, sharpen). Their taps read the input
// through the pass's texture functions, which clamp positions to the edge.

const vec3 segue_edge_luminance = vec3(0.2125, 0.7154, 0.0721);

// The weight of a Gaussian tap `i` pixels from the centre.
float segue_gaussian_weight(float i, float sigma) {
    return exp(-(i * i) / (2.0 * sigma * sigma));
}

// The tap count on each side for `sigma`: three standard deviations, at most 32.
int segue_gaussian_radius(float sigma) {
    return sigma <= 0.0 ? 0 : min(int(ceil(3.0 * sigma)), 32);
}
