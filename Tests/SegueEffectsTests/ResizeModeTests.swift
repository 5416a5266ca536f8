import SegueEffects
import SegueGL
import Testing

/// Effect-graph sources of another size than the target, fitted by `ResizeMode`. The pixel
/// dissolve at progress 0 and 1 shows its source through the fit alone, so every output pixel
/// can be compared with the texel the definition picks (nearest, pixel centres).
@Suite struct ResizeModeTests {
    /// The source texel shown at target pixel (x, y), or nil for contain's bars: gl-transitions'
    /// cover/contain/stretch, written from the geometry (centred, aspect kept or not).
    static func texel(x: Int, y: Int, source: (w: Int, h: Int), target: (w: Int, h: Int), mode: ResizeMode) -> (Int, Int)? {
        let sx = Double(source.w) / Double(target.w), sy = Double(source.h) / Double(target.h)
        let (kx, ky): (Double, Double) = switch mode {
        case .stretch: (sx, sy)
        case .cover: (min(sx, sy), min(sx, sy))
        case .contain: (max(sx, sy), max(sx, sy))
        }
        let u = (Double(x) + 0.5 - Double(target.w) / 2) * kx + Double(source.w) / 2
        let v = (Double(y) + 0.5 - Double(target.h) / 2) * ky + Double(source.h) / 2
        if u < 0 || v < 0 || u >= Double(source.w) || v >= Double(source.h) { return mode == .contain ? nil : (min(max(Int(u), 0), source.w - 1), min(max(Int(v), 0), source.h - 1)) }
        return (Int(u), Int(v))
    }

    // Shrinking and enlarging, wider and taller than the target, odd margins.
    static let cases: [(source: (w: Int, h: Int), target: (w: Int, h: Int))] = [
        ((20, 10), (40, 40)), ((10, 30), (40, 40)), ((90, 50), (32, 18)), ((33, 17), (64, 36)),
    ]

    @Test(arguments: ResizeMode.all, ExecutionMode.allCases)
    func pixelDissolveEndsShowTheFittedPictures(resize: ResizeMode, mode: ExecutionMode) throws {
        var bars = 0  // contain leaves bars in most cases, the other modes never
        try withDevice { device in
            for (source, target) in Self.cases {
                let from = Pixels.noise(width: source.w, height: source.h, seed: 3)
                let to = Pixels.noise(width: source.h, height: source.w, seed: 4)  // the other orientation
                let (fromTexture, toTexture) = (try from.upload(device), try to.upload(device))
                let output = try device.makeOffscreenTarget(width: target.w, height: target.h)
                let effect = try PixelDissolve(device: device, from: fromTexture, to: toTexture, mode: mode, resizeMode: resize)
                for (progress, picture) in [(Float(0), from), (1, to)] {
                    effect.progress = progress
                    try effect.render(into: output)
                    let actual = try output.read()
                    var wrong = 0
                    for y in 0..<target.h {
                        for x in 0..<target.w {
                            let expected = Self.texel(x: x, y: y, source: (picture.width, picture.height), target: target, mode: resize)
                                .map { picture.texel($0.0, $0.1) } ?? SIMD4(0, 0, 0, 0)
                            if expected == SIMD4(0, 0, 0, 0) { bars += 1 }
                            if actual.texel(x, y) != expected { wrong += 1 }
                        }
                    }
                    #expect(wrong == 0, "\(resize) \(source)->\(target) p=\(progress): \(wrong) pixels differ")
                }
                effect.release(); output.release(); fromTexture.release(); toTexture.release()
            }
        }
        #expect(resize == .contain ? bars > 500 : bars == 0, "\(bars) bar pixels")
    }
}
