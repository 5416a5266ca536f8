import Foundation
import SegueColor
import SegueEffects
@testable import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueTesting
import Testing

/// A transition between two clips as an edit renders it: the clips' planes through their input
/// stages and the effect (or the effect fused with the input stages, reading the planes itself)
/// into the output stage. 10-bit clips (an HLG edit kept HLG: the input stage passes the signal
/// through) are blended above 8 bits: two 10-bit grey ramps two codes apart, faded half-way,
/// give the code between them; the reference is the arithmetic itself (limited-range grey codes
/// map to R'G'B' linearly, the fade mixes them, the output maps back).
@Suite("Input stage: transitions between clips' planes, fused and not (headless GL)", .tags(.gl))
struct TenBitBlendTests {
    /// A 4:2:0 frame (`yuv420p`, or `yuv420p10le` at 10 bits): luma `luma(x, y)`, chroma `chroma(x, y)`.
    static func frame(width: Int, height: Int, bitDepth: Int, luma: (Int, Int) -> Int, chroma: (Int, Int) -> Int = { _, _ in 512 }) -> [UInt8] {
        var samples: [Int] = []
        for y in 0..<height { for x in 0..<width { samples.append(luma(x, y)) } }
        for _ in 0..<2 { for y in 0..<(height / 2) { for x in 0..<(width / 2) { samples.append(chroma(x, y)) } } }
        return bitDepth == 8 ? samples.map { UInt8($0) } : samples.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// The output stage's codes (dither off) of `effect` between frames `a` and `b` at `progress`,
    /// read through two input stages, or with `fused` by the effect from the planes themselves.
    static func transition(
        _ effect: String, _ a: [UInt8], _ b: [UInt8], width: Int, height: Int, bitDepth: Int, clip: ColorDescription,
        output: ColorDescription, progress: Float, fused: Bool
    ) throws -> [Int] {
        let layout = PlaneLayout(width: width, height: height, chromaShift: (1, 1), bitDepth: bitDepth, hasAlpha: false)
        return try withDevice { device in
            let from = try YCbCrInputStage(device: device, layout: layout, color: clip)
            defer { from.release() }
            let to = try YCbCrInputStage(device: device, layout: layout, color: clip)
            defer { to.release() }
            let planes = try YCbCrOutput(device: device, width: width, height: height, bitDepth: bitDepth, dither: .none, color: output)
            defer { planes.release() }
            let target = try device.makeTarget(width: width, height: height, format: .rgba16f)
            defer { target.release() }
            let unfused = try NamedTransition.named(effect).makeEffect(device: device, from: from.target.texture, to: to.target.texture)
            defer { unfused.release() }
            var drawn: any TransitionEffect = unfused
            if fused {
                let planar = try #require(unfused as? GLTransitionEffect)
                let (fromSide, toSide) = (try #require(from.planarSide), try #require(to.planarSide))
                drawn = try #require(try planar.fused(from: fromSide, to: toSide))
                try a.withUnsafeBytes { try from.upload($0) }
                try b.withUnsafeBytes { try to.upload($0) }
            } else {
                try a.withUnsafeBytes { try from.convert($0) }
                try b.withUnsafeBytes { try to.convert($0) }
            }
            defer { if fused { drawn.release() } }
            drawn.progress = progress
            try drawn.render(into: target)
            var bytes = [UInt8](repeating: 0, count: planes.frameBytes)
            try bytes.withUnsafeMutableBytes { try planes.convert(texture: target.textureName, into: $0) }
            if bitDepth == 8 { return bytes.map(Int.init) }
            return stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
        }
    }

    @Test(arguments: [false, true])
    func aFadeBetweenTenBitRampsTwoCodesApartLandsOnTheCodeBetween(fused: Bool) throws {
        let (width, height) = (256, 16)
        let clip = ColorDescription(primaries: .bt2020, transfer: .bt709, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10)
        let output = ColorDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10)
        // 3 codes a column: 64…829 and 66…831, so every 8-bit step of an RGBA8 intermediate (3.4 codes) is crossed.
        let a = Self.frame(width: width, height: height, bitDepth: 10) { x, _ in 64 + 3 * x }
        let b = Self.frame(width: width, height: height, bitDepth: 10) { x, _ in 66 + 3 * x }
        let codes = try Self.transition("fade", a, b, width: width, height: height, bitDepth: 10, clip: clip, output: output,
                                        progress: 0.5, fused: fused)
        let luma = codes[0..<(width * height)]
        let misses = luma.enumerated().map { index, code in abs(code - (65 + 3 * (index % width))) }
        let off = misses.filter { $0 > 0 }.count
        if fused {
            // Float from the planes to the frame: every sample on the code between.
            #expect(misses.max() == 0, "luma off the code between by up to \(misses.max() ?? -1) codes at \(off) samples")
        } else {
            // Through half-float pictures (11-bit mantissas) a sample is at most one code off, and
            // few are; through RGBA8 pictures 1,664 of these 4,096 samples were (41 %).
            #expect(misses.max() ?? 99 <= 1, "luma off the code between by up to \(misses.max() ?? -1) codes")
            #expect(off * 10 < luma.count, "\(off) of \(luma.count) luma samples off the code between")
        }
        let chroma = codes[(width * height)...]
        #expect(chroma.allSatisfy { $0 == 512 }, "chroma \(Set(chroma).sorted())")
    }

    /// 8-bit BT.709 clips with colour (a hue ramp and moving chroma): the fused pass gives the
    /// planes the unfused passes give (the input stages' RGBA8 pictures, sampled by the effect)
    /// within their one rounding step, for the fade and xfade's hard wipe.
    @Test(arguments: ["fade", "wipeleft"])
    func theFusedPassGivesTheUnfusedPassesPlanes(effect: String) throws {
        let (width, height) = (96, 48)
        let a = Self.frame(width: width, height: height, bitDepth: 8, luma: { x, y in 16 + (2 * x + y) % 220 },
                           chroma: { x, y in 16 + (5 * x + 3 * y) % 224 })
        let b = Self.frame(width: width, height: height, bitDepth: 8, luma: { x, y in 235 - (x + 3 * y) % 219 },
                           chroma: { x, y in 240 - (7 * x + y) % 224 })
        for progress: Float in [0.25, 0.6] {
            let unfused = try Self.transition(effect, a, b, width: width, height: height, bitDepth: 8, clip: .bt709Video, output: .bt709Video,
                                              progress: progress, fused: false)
            let fused = try Self.transition(effect, a, b, width: width, height: height, bitDepth: 8, clip: .bt709Video, output: .bt709Video,
                                            progress: progress, fused: true)
            let differences = zip(unfused, fused).map { abs($0 - $1) }
            #expect(differences.max() ?? 99 <= 1, "\(effect) at \(progress): up to \(differences.max() ?? -1) codes apart")
            #expect(Double(differences.filter { $0 > 0 }.count) / Double(differences.count) < 0.25,
                    "\(effect) at \(progress): \(differences.filter { $0 > 0 }.count) of \(differences.count) samples differ")
        }
    }

    /// Which transitions are fused: those that look their sides up at their own uv alone.
    @Test func onlyTransitionsThatLookUpAtTheirOwnUVAreFused() throws {
        let own = ["fade", "wipeleft"].compactMap { GLTransitionLibrary.entry(named: $0)?.source }
        #expect(own.count == 2)
        for text in own { #expect(PlanarTransitionSide.looksUpOnlyAtOwnUV(text)) }
        let displaced = [
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv + 0.1), getToColor(uv), progress); }",
            "vec4 transition(vec2 uv) { uv.x *= 2.0; return mix(getFromColor(uv), getToColor(uv), progress); }",
            "vec4 transition(vec2 uv) { uv += 0.5; return getFromColor(uv); }",
            "vec4 f(vec2 uv) { return getFromColor(uv); }\nvec4 transition(vec2 uv) { return f(uv * 2.0); }",
            "#define G getFromColor\nvec4 transition(vec2 uv) { return G(uv * 2.0); }",
            "vec4 transition(vec2 p) { return getFromColor(p); }",
        ]
        for text in displaced { #expect(!PlanarTransitionSide.looksUpOnlyAtOwnUV(text), "\(text)") }
    }
}
