import Foundation
import SegueEffects
import SegueGL
import SegueImage
import Testing
import SegueTesting
import SegueGLSL

/// Transitions written in the community's gl-transitions format (GLTransitionFixtures/*.glsl:
/// lookups past the edges, every default form, bool defaults, a sampler2D parameter), rendered by
/// Segue on GL and compared with `GLTransitionCPUReference`, which computes the same math on the
/// CPU the way the official runtime samples.
@Suite("gl-transitions format against an independent CPU host (headless GL)", .tags(.gl))
struct GLTransitionReferenceTests {
    typealias Reference = GLTransitionCPUReference
    typealias Color = Reference.Color
    typealias UV = Reference.UV

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GLTransitionFixtures")
    static let (width, height) = (48, 32)
    static let progresses: [Float] = [0, 0.25, 0.5, 0.75, 1]

    static func source(_ name: String) throws -> GLTransitionSource {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name + ".glsl"), encoding: .utf8)
        return try GLTransitionSource.parse(text, name: name)
    }

    /// Renders the fixture at each progress and checks it against `reference(progress, from, to)`.
    /// Tolerance: llvmpipe filters LINEAR with 8-bit fixed-point weights, so a bilinear lookup
    /// between texels 255 levels apart may land one level off, and the stored result rounds once
    /// more: 2 levels at most. Where every lookup falls between texels (a zoom) about one channel
    /// in six is a level off, hence a mean of up to 0.3. Progress 0 and 1 must be the pictures
    /// themselves, bit for bit.
    /// `filter` is the pictures' textures' own: the effect samples them LINEAR either way.
    /// `pictures` (straight, the sample pictures by default) go to the reference as they are, and
    /// to Segue premultiplied, as the pipeline loads them; the reference's straight result is
    /// premultiplied where it enters Segue's pipeline (`Reference.renderPremultiplied`).
    func check(
        _ name: String, edges: GLTransitionEffect.EdgeMode = .clamp, filter: Texture.Filter = .linear,
        pictures: (from: RGBAImage, to: RGBAImage)? = nil,
        configure: (GLTransitionEffect, GLTransitionSource) throws -> Void = { _, _ in },
        reference: (Float, Reference.Picture, Reference.Picture) -> (UV) -> Color
    ) throws {
        let (w, h) = (Self.width, Self.height)
        let fromImage = try pictures?.from ?? SampleImages.from(width: w, height: h)
        let toImage = try pictures?.to ?? SampleImages.to(width: w, height: h)
        let transparent = edges == .transparent
        let from = Reference.Picture(image: fromImage, transparentOutside: transparent)
        let to = Reference.Picture(image: toImage, transparentOutside: transparent)
        try withDevice { device in
            let source = try Self.source(name)
            let fromTexture = try device.makeTexture(image: fromImage.premultipliedAlpha(), filter: filter)
            let toTexture = try device.makeTexture(image: toImage.premultipliedAlpha(), filter: filter)
            let target = try device.makeOffscreenTarget(width: w, height: h)
            defer { target.release(); fromTexture.release(); toTexture.release() }
            let effect = try GLTransitionEffect(device: device, source: source, from: fromTexture, to: toTexture, edges: edges)
            defer { effect.release() }
            try configure(effect, source)
            for progress in Self.progresses {
                effect.progress = progress
                try effect.render(into: target)
                let actual = try target.readImage()
                let expected = try Reference.renderPremultiplied(width: w, height: h, reference(progress, from, to))
                let (maximum, mean) = (RGBAImage.maxDifference(actual, expected), RGBAImage.meanDifference(actual, expected))
                #expect(maximum <= 2 && mean < 0.3, "\(name) at \(progress): max \(maximum), mean \(mean)")
                if progress == 0 { #expect(actual == fromImage.premultipliedAlpha(), "\(name): progress 0 is the first picture exactly") }
                if progress == 1 { #expect(actual == toImage.premultipliedAlpha(), "\(name): progress 1 is the second picture exactly") }
            }
        }
    }

    static func edgeZoom(spread: Float, shift: UV) -> (Float, Reference.Picture, Reference.Picture) -> (UV) -> Color {
        { progress, from, to in
            { uv in
                let a = (uv - 0.5) * (1 + (spread - 1) * progress) + 0.5
                let b = uv + shift * (1 - progress)
                return Reference.mix(from.sample(a), to.sample(b), progress)
            }
        }
    }

    @Test func lookupsPastTheEdgesRepeatTheEdgePixels() throws {
        try check("edge_zoom", reference: Self.edgeZoom(spread: 1.6, shift: UV(0.3, -0.2)))
    }

    /// A library user's textures made with the default NEAREST filter: the zoom and shift still
    /// read between texels LINEAR, as the official runtime does.
    @Test func defaultNearestTexturesAreSampledLinearly() throws {
        try check("edge_zoom", filter: .nearest, reference: Self.edgeZoom(spread: 1.6, shift: UV(0.3, -0.2)))
    }

    @Test func transparentEdgesOnRequest() throws {
        try check("edge_zoom", edges: .transparent, reference: Self.edgeZoom(spread: 1.6, shift: UV(0.3, -0.2)))
    }

    @Test func clampAndTransparentDifferWhereLookupsLeaveThePicture() throws {
        // The corner at progress 0.5 reads past two edges: opaque edge colour, or nothing.
        try withDevice { device in
            let image = try RGBAImage(width: 8, height: 8, fill: SIMD4(200, 40, 10, 255))
            let picture = try device.makeTexture(image: image, filter: .linear)
            let target = try device.makeOffscreenTarget(width: 8, height: 8)
            defer { target.release(); picture.release() }
            let effect = try GLTransitionEffect(device: device, source: try Self.source("edge_zoom"), from: picture, to: picture)
            effect.progress = 0.5
            try effect.render(into: target)
            #expect(try target.readImage()[0, 0] == SIMD4(200, 40, 10, 255))
            effect.edges = .transparent
            try effect.render(into: target)
            let corner = try target.readImage()[0, 0]
            #expect(corner.w < 255 && corner.x < 200, "\(corner)")
        }
    }

    @Test func edgeModesWithEachResizeMode() throws {
        // A square picture, red above and blue below, in a 2:1 frame; the lookup reads far above it.
        try withDevice { device in
            var image = try RGBAImage(width: 16, height: 16, fill: SIMD4(0, 0, 255, 255))
            for y in 0..<8 { for x in 0..<16 { image[x, y] = SIMD4(255, 0, 0, 255) } }
            let picture = try device.makeTexture(image: image, filter: .linear)
            let target = try device.makeOffscreenTarget(width: 64, height: 32)
            defer { target.release(); picture.release() }
            let source = try GLTransitionSource.parse("vec4 transition(vec2 uv) { return getFromColor(uv + vec2(0.0, 2.0)); }\n", name: "up")
            let effect = try GLTransitionEffect(device: device, source: source, from: picture, to: picture)
            let (red, clear) = (SIMD4<UInt8>(255, 0, 0, 255), SIMD4<UInt8>(0, 0, 0, 0))
            let expected: [(GLTransitionEffect.ResizeMode, GLTransitionEffect.EdgeMode, centre: SIMD4<UInt8>, side: SIMD4<UInt8>)] = [
                (.cover, .clamp, red, red), (.stretch, .clamp, red, red),
                (.contain, .clamp, red, clear),  // the picture's top row above it; its bars stay bars
                (.cover, .transparent, clear, clear), (.contain, .transparent, clear, clear),
            ]
            for (resize, edges, centre, side) in expected {
                effect.resizeMode = resize
                effect.edges = edges
                try effect.render(into: target)
                let frame = try target.readImage()
                #expect(frame[32, 16] == centre && frame[2, 16] == side, "\(resize) \(edges): \(frame[32, 16]) \(frame[2, 16])")
            }
        }
    }

    @Test func everyDefaultFormIsReadAndUsed() throws {
        let source = try Self.source("every_default")
        let defaults = Dictionary(uniqueKeysWithValues: source.parameters.map { ($0.name, $0.defaultValue) })
        #expect(defaults == [
            "direction": .floats([-1, 0]), "smoothness": .floats([0.25]), "tint": .floats([0.3]), "shade": .floats([0.4]),
            "lo": .floats([0.1, 0.1]), "hi": .floats([0.9, 0.8]), "gainA": .floats([0.5]), "gainB": .floats([0.5]),
            "bands": .ints([3]), "flipX": .bools([true]), "flipY": .bools([false]), "darken": .bools([true]),
            "mirror": .bools([false, true]),
        ])
        try check("every_default") { progress, from, to in
            { uv in
                let smoothness: Float = 0.25, tint: Float = 0.3, shade: Float = 0.4, gain: Float = 0.5
                let (lo, hi) = (UV(0.1, 0.1), UV(0.9, 0.8))
                let p = UV(1 - uv.x, uv.y)  // flipX = 1, flipY = 0
                let along = -(p.x - 0.5) + 0.5  // direction (-1, 0)
                let m = Reference.smoothstep(0, 1, Reference.clamp((progress * (1 + smoothness) - along) / smoothness, 0, 1))
                let band = Reference.fract(along * 3)
                let inside = Reference.step(lo.x, uv.x) * Reference.step(lo.y, uv.y) * Reference.step(uv.x, hi.x) * Reference.step(uv.y, hi.y)
                let glow = 4 * m * (1 - m)
                let w = glow * (gain * inside + gain * band * shade) * 0.5  // mirror = (false, true)
                let c = Reference.mix(from.sample(uv), to.sample(uv), m)
                let tone = Color(tint, tint, tint, c.w)  // darken = true
                return Color(Reference.mix(c.x, tone.x, w), Reference.mix(c.y, tone.y, w), Reference.mix(c.z, tone.z, w), c.w)
            }
        }
    }

    static func lumaReveal(_ map: RGBAImage, reverse: Bool) -> (Float, Reference.Picture, Reference.Picture) -> (UV) -> Color {
        let luma = Reference.Picture(image: map)
        return { progress, from, to in
            { uv in
                var level = luma.sample(uv).x * 0.998 + 0.001
                if reverse { level = 1 - level }
                return Reference.mix(to.sample(uv), from.sample(uv), Reference.step(progress, level))
            }
        }
    }

    @Test(arguments: LumaMap.allCases)
    func builtInLumaMapsDriveASamplerParameter(map: LumaMap) throws {
        let texture = try GLTransitionTexture.resolve(map.rawValue, parameter: "luma", file: "luma_reveal")
        let image = try texture.image(width: Self.width, height: Self.height)
        try check("luma_reveal", configure: { effect, _ in try effect.setTexture("luma", image: image) },
                  reference: Self.lumaReveal(image, reverse: false))
    }

    /// A built-in map given by name is made at the frame's size, whatever the pictures' sizes and
    /// aspect, and made again when the frame's size changes: a clock's angles and a spiral stay
    /// true on the frame. The pictures are plain colours, so how they are fitted does not matter;
    /// the map is read at its texel centres, so the frame must match the reference exactly.
    @Test(arguments: LumaMap.allCases)
    func builtInLumaMapsAreMadeAtTheFramesSize(map: LumaMap) throws {
        let red = SIMD4<UInt8>(255, 0, 0, 255), blue = SIMD4<UInt8>(0, 0, 255, 255)
        try withDevice { device in
            let source = try Self.source("luma_reveal")
            let from = try device.makeTexture(image: RGBAImage(width: 30, height: 40, fill: red))
            let to = try device.makeTexture(image: RGBAImage(width: 30, height: 40, fill: blue))
            defer { from.release(); to.release() }
            let effect = try GLTransitionEffect(device: device, source: source, from: from, to: to)
            defer { effect.release() }
            try effect.setTexture("luma", GLTransitionTexture.resolve(map.rawValue, parameter: "luma", file: "luma_reveal"))
            for (width, height) in [(Self.width, Self.height), (64, 24)] {
                let target = try device.makeOffscreenTarget(width: width, height: height)
                defer { target.release() }
                let reveal = Self.lumaReveal(try map.image(width: width, height: height), reverse: false)
                let fromPicture = Reference.Picture(image: try RGBAImage(width: width, height: height, fill: red))
                let toPicture = Reference.Picture(image: try RGBAImage(width: width, height: height, fill: blue))
                for progress: Float in [0.25, 0.5, 0.75] {
                    effect.progress = progress
                    try effect.render(into: target)
                    let expected = try Reference.render(width: width, height: height, reveal(progress, fromPicture, toPicture))
                    let actual = try target.readImage()
                    #expect(RGBAImage.maxDifference(actual, expected) == 0,
                            "\(map) at \(width)x\(height), \(progress): mean \(RGBAImage.meanDifference(actual, expected))")
                }
            }
        }
    }

    @Test func aPNGFileDrivesASamplerParameterTheRightWayUp() throws {
        // A gradient that is dark at the top: a flipped upload would reveal bottom-first instead.
        // Frame-sized, so every lookup is at a texel centre: a LINEAR lookup between texels can
        // land on the other side of the step than the CPU's and flip a pixel whole.
        var gradient = try RGBAImage(width: Self.width, height: Self.height, fill: SIMD4(0, 0, 0, 255))
        for y in 0..<Self.height { for x in 0..<Self.width { gradient[x, y] = SIMD4(UInt8(y * 8 + x / 6), 0, 0, 255) } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-luma-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGCodec.write(gradient, to: path)
        let texture = try GLTransitionTexture.resolve(path, parameter: "luma", file: "luma_reveal")
        #expect(texture == .file(path: path, image: gradient))
        try check("luma_reveal", configure: { effect, source in
            try effect.setTexture("luma", image: texture.image(width: 1, height: 1))
            try effect.setParameter("reverse", source.value(for: "reverse", from: "1"))
        }, reference: Self.lumaReveal(gradient, reverse: true))
    }

    @Test func missingAndCorruptTexturesAreTypedErrors() throws {
        #expect(throws: GLTransitionError.self) { try GLTransitionTexture.resolve("/nonexistent/luma.png", parameter: "luma", file: "t") }
        #expect(throws: GLTransitionError.self) { try GLTransitionTexture.resolve("spiral-9", parameter: "luma", file: "t") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-corrupt-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try GLTransitionTexture.resolve(path, parameter: "luma", file: "t")
            Issue.record("a corrupt PNG was accepted")
        } catch {
            #expect(error.description.hasPrefix("t: the texture for parameter `luma` cannot be used:") && error.description.contains("cannot be read as a picture"), "\(error)")
        }
    }
}
