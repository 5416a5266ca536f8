import SegueEffects
import SegueGL
import SegueImage
import Testing
import SegueTesting
import SegueGLSL

/// Sources of another size than the target, fitted by `ResizeMode` and sampled bilinearly with
/// the edge clamped (gl-transitions' LINEAR + CLAMP_TO_EDGE), whatever the texture's own filter:
/// the textures here are NEAREST, as `Pixels.upload` makes them. The pixel dissolve at progress
/// 0 and 1 shows its source through the fit alone, so every output pixel is compared with the
/// independent CPU host's bilinear lookup at the position the definition picks.
///
/// Tolerance (as in GLTransitionReferenceTests): llvmpipe filters LINEAR with 8-bit fixed-point
/// weights, so a lookup between texels 255 levels apart may land a level off and the stored
/// result rounds once more: 2 levels at most. Noise puts every lookup between very different
/// texels, hence a mean of up to 0.5.
@Suite(.tags(.gl)) struct ResizeModeTests {
    typealias Reference = GLTransitionCPUReference

    /// The source position (pixels, top-left origin) at the centre of target pixel (x, y), or
    /// nil for contain's bars: gl-transitions' cover/contain/stretch, written from the geometry
    /// (centred, aspect kept or not).
    static func position(x: Int, y: Int, source: (w: Int, h: Int), target: (w: Int, h: Int), mode: ResizeMode) -> SIMD2<Double>? {
        let sx = Double(source.w) / Double(target.w), sy = Double(source.h) / Double(target.h)
        let (kx, ky): (Double, Double) = switch mode {
        case .stretch: (sx, sy)
        case .cover: (min(sx, sy), min(sx, sy))
        case .contain: (max(sx, sy), max(sx, sy))
        }
        let u = (Double(x) + 0.5 - Double(target.w) / 2) * kx + Double(source.w) / 2
        let v = (Double(y) + 0.5 - Double(target.h) / 2) * ky + Double(source.h) / 2
        if mode == .contain, u < 0 || v < 0 || u >= Double(source.w) || v >= Double(source.h) { return nil }
        return SIMD2(u, v)
    }

    /// What a frame of `target`'s size fitting `picture` by `mode` must show: the bilinear lookup
    /// at each pixel's position, transparent black on contain's bars.
    static func expected(_ picture: RGBAImage, target: (w: Int, h: Int), mode: ResizeMode) throws -> RGBAImage {
        let sampled = Reference.Picture(image: picture)
        var image = try RGBAImage(width: target.w, height: target.h, fill: .zero)
        for y in 0..<target.h {
            for x in 0..<target.w {
                guard let p = position(x: x, y: y, source: (picture.width, picture.height), target: target, mode: mode) else { continue }
                // The host's uv: origin at the bottom left.
                let c = sampled.sample(SIMD2(Float(p.x) / Float(picture.width), 1 - Float(p.y) / Float(picture.height)))
                image[x, y] = SIMD4<UInt8>(c * 255, rounding: .toNearestOrEven)
            }
        }
        return image
    }

    static func image(_ pixels: Pixels) throws -> RGBAImage { try RGBAImage(width: pixels.width, height: pixels.height, pixels: pixels.bytes) }

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
                    let actual = try output.readImage()
                    let expected = try Self.expected(Self.image(picture), target: target, mode: resize)
                    bars += expected.pixels.indices.filter { $0 % 4 == 3 && expected.pixels[$0] == 0 }.count
                    let (maximum, mean) = (RGBAImage.maxDifference(actual, expected), RGBAImage.meanDifference(actual, expected))
                    #expect(maximum <= 2 && mean < 0.5, "\(resize) \(source)->\(target) p=\(progress): max \(maximum), mean \(mean)")
                }
                effect.release(); output.release(); fromTexture.release(); toTexture.release()
            }
        }
        #expect(resize == .contain ? bars > 500 : bars == 0, "\(bars) bar pixels")
    }

    /// A 3x2 picture at its own size enlarged to 300x200 by both hosts is the smooth bilinear
    /// ramp, not 100x100 blocks (nearest) or anything a CPU pre-scale would have to supply; and
    /// the LINEAR sampler the effects bind for it is unbound again afterwards, so other users of
    /// the texture units see their textures' own filters.
    @Test func aTinyPictureIsEnlargedSmoothlyByBothHosts() throws {
        let tiny = try RGBAImage(width: 3, height: 2, pixels: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            0, 0, 0, 255, 255, 255, 255, 255, 128, 64, 32, 255,
        ])
        let target = (w: 300, h: 200)
        let expected = try Self.expected(tiny, target: target, mode: .stretch)
        try withDevice { device in
            let texture = try device.makeTexture(image: tiny)  // NEAREST: the sampler decides
            let output = try device.makeOffscreenTarget(width: target.w, height: target.h)
            defer { output.release(); texture.release() }
            let source = try GLTransitionSource.parse(#require(GLTransitionLibrary.entry(named: "fade")).source, name: "fade")
            let fade = try GLTransitionEffect(device: device, source: source, from: texture, to: texture, resizeMode: .stretch)
            let dissolve = try PixelDissolve(device: device, from: texture, to: texture, resizeMode: .stretch)
            defer { fade.release(); dissolve.release() }
            let renders: [(String, () throws -> Void)] = [
                ("fade", { try fade.render(into: output) }), ("pixel dissolve", { try dissolve.render(into: output) }),
            ]
            for (name, render) in renders {
                try render()
                let actual = try output.readImage()
                let (maximum, mean) = (RGBAImage.maxDifference(actual, expected), RGBAImage.meanDifference(actual, expected))
                #expect(maximum <= 2 && mean < 0.5, "\(name): max \(maximum), mean \(mean)")
                // A ramp: along the top row, red falls from 255 to 0 between the first two texel
                // centres (x 50 to 150), through many levels.
                let reds = Set((50..<150).map { actual[$0, 10].x })
                #expect(reds.count > 50, "\(name): \(reds.count) levels of red across the ramp")
                for unit in 0..<2 {
                    GL.activeTexture(unit: unit)
                    #expect(GL.getInteger(GL.samplerBinding) == 0, "\(name) left a sampler bound on unit \(unit)")
                }
            }
        }
    }
}
