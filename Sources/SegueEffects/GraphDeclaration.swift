/// Graphs read left to right, sources → filters → blends → output:
///
///     let from = ImageSource(fromTexture), to = ImageSource(toTexture)
///     let blur = to.gaussianBlur(sigma: 3)                 // keep what you animate
///     let output = from.sepia(0.8).vignette()
///         .blended(with: blur, mode: .screen, opacity: 0.5)
///     let renderer = try EffectRenderer(device: device, output: output)
///     blur.sigma = 5                                       // per frame: a uniform, no recompile
///
/// Each call makes the filter of the same name with this node as its (first) input and returns
/// it typed, so its parameters stay reachable.
extension EffectNode {
    public func pixellated(_ fractionalWidthOfAPixel: Float = 0.05) -> Pixellate {
        Pixellate(input: self, fractionalWidthOfAPixel: fractionalWidthOfAPixel)
    }
    public func brightness(_ brightness: Float) -> Brightness { Brightness(input: self, brightness: brightness) }
    public func contrast(_ contrast: Float) -> Contrast { Contrast(input: self, contrast: contrast) }
    public func saturation(_ saturation: Float) -> Saturation { Saturation(input: self, saturation: saturation) }
    public func exposure(_ exposure: Float) -> Exposure { Exposure(input: self, exposure: exposure) }
    public func gamma(_ gamma: Float) -> Gamma { Gamma(input: self, gamma: gamma) }
    public func sepia(_ intensity: Float = 1) -> Sepia { Sepia(input: self, intensity: intensity) }
    public func opacity(_ opacity: Float) -> Opacity { Opacity(input: self, opacity: opacity) }
    public func inverted() -> ColorInvert { ColorInvert(input: self) }
    public func grayscale() -> Grayscale { Grayscale(input: self) }
    public func vignette(start: Float = 0.3, end: Float = 0.75) -> Vignette { Vignette(input: self, start: start, end: end) }

    public func gaussianBlur(sigma: Float) -> GaussianBlur { GaussianBlur(input: self, sigma: sigma) }
    public func unsharpMask(sigma: Float = 4, intensity: Float) -> UnsharpMask {
        UnsharpMask(input: self, sigma: sigma, intensity: intensity)
    }
    public func sharpened(_ sharpness: Float) -> Sharpen { Sharpen(input: self, sharpness: sharpness) }
    public func sobelEdges(strength: Float = 1) -> SobelEdgeDetection { SobelEdgeDetection(input: self, edgeStrength: strength) }

    /// `overlay` blended onto this node.
    public func blended(with overlay: any EffectNode, mode: BlendFilter.Mode, opacity: Float = 1) -> BlendFilter {
        BlendFilter(mode: mode, base: self, overlay: overlay, opacity: opacity)
    }
    /// This node dissolving into `other` by `mix` (0 shows this node).
    public func dissolved(into other: any EffectNode, mix: Float) -> DissolveBlend {
        DissolveBlend(base: self, overlay: other, mix: mix)
    }
}
