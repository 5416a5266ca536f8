import Foundation
import SegueColor
import SegueEffects
@testable import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueTesting
import Testing

/// Transitions computed in the encoder's own planes (`PlaneBlendTransition`): two clips already in
/// the output's format mixed code by code, Y at full resolution and Cb/Cr at chroma resolution,
/// written straight into the output stage's plane targets. References: ffmpeg's xfade (the same
/// transition and frames, in Y'CbCr as xfade computes it), the arithmetic for 10-bit codes, and
/// the R'G'B' passes (the fused input stage, the effect, the output stage).
@Suite("Output stage: transitions in the encoder's planes (headless GL)", .tags(.gl))
struct PlaneBlendTransitionTests {
    /// The planes (dither off) of `effect` between frames `a` and `b` at `progress`, computed in the
    /// encoder's planes; nil when the transition does not qualify.
    static func planes(
        _ effect: String, _ a: [UInt8], _ b: [UInt8], width: Int, height: Int, bitDepth: Int, color: ColorDescription, progress: Float
    ) throws -> [Int]? {
        let layout = PlaneLayout(width: width, height: height, chromaShift: (1, 1), bitDepth: bitDepth, hasAlpha: false)
        return try withDevice { device -> [Int]? in
            let from = try YCbCrInputStage(device: device, layout: layout, color: color)
            defer { from.release() }
            let to = try YCbCrInputStage(device: device, layout: layout, color: color)
            defer { to.release() }
            let output = try YCbCrOutput(device: device, width: width, height: height, bitDepth: bitDepth, dither: .none, color: color)
            defer { output.release() }
            let effect = try NamedTransition.named(effect).makeEffect(device: device, from: from.target.texture, to: to.target.texture)
            defer { effect.release() }
            guard let gl = effect as? GLTransitionEffect, let fromSide = from.planeBlendSide, let toSide = to.planeBlendSide,
                  let blend = try gl.planeBlend(from: fromSide, to: toSide) else { return nil }
            try a.withUnsafeBytes { try from.upload($0) }
            try b.withUnsafeBytes { try to.upload($0) }
            blend.progress = progress
            var bytes = [UInt8](repeating: 0, count: output.frameBytes)
            try bytes.withUnsafeMutableBytes { try output.convert(planeBlend: blend, into: $0) }
            if bitDepth == 8 { return bytes.map(Int.init) }
            return stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
        }
    }

    /// An 8-bit BT.709 limited-range 4:2:0 frame of the R'G'B' picture `rgb(x, y)` (0…1), chroma
    /// sited left (column 2i, between rows 2j and 2j + 1): colours every path can carry (an
    /// R'G'B' path clamps what lies outside the cube).
    static func frame(width: Int, height: Int, _ rgb: (Double, Double) -> (Double, Double, Double)) -> [UInt8] {
        let conversion = YCbCrConversion(matrix: .bt709, range: .limited)!
        func codes(_ x: Double, _ y: Double) -> (y: Double, cb: Double, cr: Double) {
            let (r, g, b) = rgb(x, y)
            return conversion.codes(red: r, green: g, blue: b)
        }
        var luma: [UInt8] = [], cb: [UInt8] = [], cr: [UInt8] = []
        for y in 0..<height { for x in 0..<width { luma.append(UInt8(codes(Double(x), Double(y)).y.rounded())) } }
        for j in 0..<(height / 2) {
            for i in 0..<(width / 2) {
                let c = codes(Double(2 * i), Double(2 * j) + 0.5)
                cb.append(UInt8(c.cb.rounded()))
                cr.append(UInt8(c.cr.rounded()))
            }
        }
        return luma + cb + cr
    }

    /// Two 8-bit BT.709 frames with colour: smooth hue and brightness ramps, different in each.
    static let (width, height) = (192, 96)
    static let a = frame(width: width, height: height) { x, y in
        (0.5 + 0.45 * sin(x / 9), 0.5 + 0.45 * cos(y / 7), 0.5 + 0.45 * sin((x + y) / 13))
    }
    static let b = frame(width: width, height: height) { x, y in
        (0.5 + 0.45 * cos((x - y) / 11), 0.5 + 0.45 * sin(x / 15 + 1), 0.5 + 0.45 * cos(y / 5))
    }

    /// Largest and mean absolute difference of a plane's samples, and the share more than 2 apart.
    static func compare(_ x: ArraySlice<Int>, _ y: ArraySlice<Int>) -> (max: Int, mean: Double, far: Double) {
        let differences = zip(x, y).map { abs($0 - $1) }
        return (differences.max() ?? 0, Double(differences.reduce(0, +)) / Double(max(1, differences.count)),
                Double(differences.filter { $0 > 2 }.count) / Double(max(1, differences.count)))
    }

    @Test func aTenBitFadeLandsOnTheCodeBetween() throws {
        let (width, height) = (256, 16)
        let hlg = ColorDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10)
        let a = TenBitBlendTests.frame(width: width, height: height, bitDepth: 10, luma: { x, _ in 64 + 3 * x }, chroma: { x, _ in 400 + x })
        let b = TenBitBlendTests.frame(width: width, height: height, bitDepth: 10, luma: { x, _ in 66 + 3 * x }, chroma: { x, _ in 402 + x })
        let codes = try #require(try Self.planes("fade", a, b, width: width, height: height, bitDepth: 10, color: hlg, progress: 0.5))
        let luma = codes[0..<(width * height)]
        let misses = luma.enumerated().map { index, code in abs(code - (65 + 3 * (index % width))) }
        #expect(misses.max() == 0, "luma off the code between by up to \(misses.max() ?? -1) codes at \(misses.filter { $0 > 0 }.count) samples")
        let chroma = Array(codes[(width * height)...])
        let chromaWidth = width / 2
        let chromaMisses = chroma.enumerated().map { index, code in abs(code - (401 + index % chromaWidth)) }
        #expect(chromaMisses.max() == 0, "chroma off the code between by up to \(chromaMisses.max() ?? -1)")
    }

    /// Ends of the transition are the sides themselves, code for code.
    @Test(arguments: ["fade", "wipeleft", "circleopen"])
    func progressZeroAndOneAreTheSides(effect: String) throws {
        let start = try #require(try Self.planes(effect, Self.a, Self.b, width: Self.width, height: Self.height, bitDepth: 8,
                                                 color: .bt709Video, progress: 0))
        let end = try #require(try Self.planes(effect, Self.a, Self.b, width: Self.width, height: Self.height, bitDepth: 8,
                                               color: .bt709Video, progress: 1))
        #expect(start == Self.a.map(Int.init), "\(effect) at 0")
        #expect(end == Self.b.map(Int.init), "\(effect) at 1")
    }

    /// Against the R'G'B' passes (the fused input stage, the effect, the output stage): luma within
    /// the R'G'B' round trip's rounding; chroma differs only where the output stage's filter
    /// spreads a hard edge over its neighbours (the R'G'B' path filters chroma from full-resolution
    /// R'G'B', the planes' path picks a side per chroma sample).
    @Test(arguments: ["fade", "wipeleft", "smoothup", "circleopen", "vertopen", "radial", "hlslice", "wipetr", "diagbl", "horzclose"])
    func thePlanesMatchTheRGBPasses(effect: String) throws {
        let (width, height) = (Self.width, Self.height)
        let lumaCount = width * height
        for progress: Float in [0.25, 0.6] {
            let planes = try #require(try Self.planes(effect, Self.a, Self.b, width: width, height: height, bitDepth: 8,
                                                      color: .bt709Video, progress: progress), "\(effect) does not qualify")
            let rgb = try TenBitBlendTests.transition(effect, Self.a, Self.b, width: width, height: height, bitDepth: 8, clip: .bt709Video,
                                                      output: .bt709Video, progress: progress, fused: true)
            let luma = Self.compare(planes[0..<lumaCount], rgb[0..<lumaCount])
            let chroma = Self.compare(planes[lumaCount...], rgb[lumaCount...])
            // Measured: luma at most 1 apart, mean ≤ 0.26 (the fade's rounding); chroma mean ≤ 1.47, ≤ 6.6 %
            // beyond 2 (hard edges).
            #expect(luma.max <= 1 && luma.mean < 0.4, "\(effect) at \(progress): luma up to \(luma.max) apart, mean \(luma.mean)")
            #expect(chroma.mean < 2 && chroma.far < 0.1, "\(effect) at \(progress): chroma mean \(chroma.mean), \(chroma.far) beyond 2")
        }
    }

    /// Which transitions are computed in the planes: the built-in mixes of the two sides, word for
    /// word; not those with colour math of their own, nor those that move their lookups.
    @Test func onlyBuiltInMixesOfTheTwoSidesQualify() throws {
        let mixes = ["fade", "wipeleft", "smoothleft", "diagbr", "circleclose", "horzopen", "radial", "vuslice"]
        // Colour math of their own, moved lookups, or a weight that changes from pixel to pixel.
        let others = ["fadeblack", "fadegrays", "fadefast", "distance", "circlecrop", "slideleft", "coverup", "zoomin", "squeezeh",
                      "pixelize", "dissolve", "vdwind"]
        for name in mixes {
            let source = try #require(GLTransitionLibrary.entry(named: name)).file
            let text = try GLTransitionSource.parse(try #require(GLTransitionLibrary.entry(named: name)).source, name: source)
            #expect(PlaneBlendTransition.blends(text), "\(name)")
        }
        for name in others {
            let entry = try #require(GLTransitionLibrary.entry(named: name))
            #expect(!PlaneBlendTransition.blends(try GLTransitionSource.parse(entry.source, name: entry.file)), "\(name)")
        }
        // A user's file that takes a built-in's name is not the built-in.
        let impostor = try GLTransitionSource.parse("vec4 transition(vec2 uv) { return getFromColor(uv) * progress; }", name: "fade")
        #expect(!PlaneBlendTransition.blends(impostor))
    }

    /// Clips qualify only in exactly the output's format.
    @Test func onlyClipsInTheOutputsFormatQualify() throws {
        try withDevice { device in
            let settings = ExportSettings(format: .mp4, width: 64, height: 32)
            let input = try EncoderInput(device: device, settings: settings)
            defer { input.release() }
            let layout = PlaneLayout(width: 64, height: 32, chromaShift: (1, 1), bitDepth: 8, hasAlpha: false)
            #expect(input.blendsPlanes(layout, color: settings.outputColor))
            var fullRange = settings.outputColor
            fullRange.range = .full
            #expect(!input.blendsPlanes(layout, color: fullRange))
            var bt601 = settings.outputColor
            bt601.matrix = .bt601
            #expect(!input.blendsPlanes(layout, color: bt601))
            #expect(!input.blendsPlanes(PlaneLayout(width: 64, height: 32, chromaShift: (1, 1), bitDepth: 10, hasAlpha: false),
                                        color: settings.outputColor))
            #expect(!input.blendsPlanes(PlaneLayout(width: 64, height: 32, chromaShift: (1, 0), bitDepth: 8, hasAlpha: false),
                                        color: settings.outputColor))
            #expect(!input.blendsPlanes(PlaneLayout(width: 32, height: 32, chromaShift: (1, 1), bitDepth: 8, hasAlpha: false),
                                        color: settings.outputColor))
        }
    }
}
