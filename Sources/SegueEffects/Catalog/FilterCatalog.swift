/// The effect-graph filters as `segue filters` shows them and `segue render --list` lists them:
/// each with its Swift parameters and defaults, and a graph that shows it on a picture, so a
/// gallery of the filter library is one loop over `entries`.
public enum FilterCatalog {
    /// One filter (or small graph) of the library.
    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        /// "name: meaning = default" lines.
        public let parameters: [String]
        /// The graph shown in the gallery: the filter on `picture` with visible settings.
        public let build: @Sendable (_ picture: ImageSource) -> any EffectNode
    }

    /// Every filter of the library, then two graphs that combine them.
    public static let entries: [Entry] = [
        .init(name: "brightness", summary: "adds to red, green and blue", parameters: ["brightness: -1...1 = 0"]) { $0.brightness(0.25) },
        .init(name: "contrast", summary: "away from or toward mid-grey", parameters: ["contrast: 0...4 = 1"]) { $0.contrast(1.8) },
        .init(name: "saturation", summary: "between luminance and colour", parameters: ["saturation: 0...2 = 1"]) { $0.saturation(0.2) },
        .init(name: "exposure", summary: "x 2^exposure", parameters: ["exposure: stops, -10...10 = 0"]) { $0.exposure(-1) },
        .init(name: "gamma", summary: "each channel to a power", parameters: ["gamma: 0...3 = 1"]) { $0.gamma(2.2) },
        .init(name: "sepia", summary: "GPUImage's sepia matrix", parameters: ["intensity: 0...1 = 1"]) { $0.sepia() },
        .init(name: "opacity", summary: "multiplies alpha", parameters: ["opacity: 0...1 = 1"]) { $0.opacity(0.5) },
        .init(name: "invert", summary: "1 - colour", parameters: []) { $0.inverted() },
        .init(name: "grayscale", summary: "luminance (Rec. 709)", parameters: []) { $0.grayscale() },
        .init(
            name: "vignette", summary: "fades toward a colour away from a centre",
            parameters: ["center = (0.5, 0.5)", "start = 0.3", "end = 0.75", "color = (0, 0, 0)"]
        ) { $0.vignette() },
        .init(name: "pixellate", summary: "square cells showing their centre", parameters: ["fractionalWidthOfAPixel = 0.05"]) {
            $0.pixellated(0.04)
        },
        .init(
            name: "gaussian-blur", summary: "group: two separable neighbourhood passes",
            parameters: ["sigma: pixels = 2 (taps up to 32 a side)"]
        ) { $0.gaussianBlur(sigma: 4) },
        .init(
            name: "unsharp-mask", summary: "group: blur passes + a per-pixel combine",
            parameters: ["sigma = 4", "intensity = 1 (above 1 sharpens)"]
        ) { $0.unsharpMask(sigma: 4, intensity: 3) },
        .init(name: "sharpen", summary: "3x3 neighbourhood pass", parameters: ["sharpness: -4...4 = 0"]) { $0.sharpened(1.5) },
        .init(name: "sobel-edges", summary: "Sobel gradient of luminance, 3x3 pass", parameters: ["edgeStrength = 1"]) {
            $0.sobelEdges()
        },
        .init(
            name: "glow", summary: "a graph: screen(picture, blur(picture)) — one source read twice",
            parameters: ["screen opacity = 1", "sigma = 6"]
        ) { $0.blended(with: $0.gaussianBlur(sigma: 6), mode: .screen) },
        .init(
            name: "edge-overlay", summary: "a graph: multiply(picture, invert(sobel(picture))) with a vignette",
            parameters: []
        ) { $0.blended(with: $0.sobelEdges(strength: 2).inverted(), mode: .multiply).vignette() },
    ]

    /// `--list` lines: the filters of effect graphs (Swift API and `segue filters`).
    public static var listing: String {
        (["Filters for effect graphs (Swift API; `segue filters` renders each):"] + entries.map { entry in
            (["\(entry.name)  \(entry.summary)"] + entry.parameters.map { "    " + $0 }).joined(separator: "\n")
        }).joined(separator: "\n")
    }
}
