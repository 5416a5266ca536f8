import Foundation
import SegueEffects
import SegueImage
import Testing
import SegueGLSL

/// The gl-transitions corpus's most used names built in (cube, directionalwarp, dreamy, …):
/// Segue's files, rendered on GL, against CPU transcriptions of the official GLSL with its
/// default parameters, sampled the way the official runtime samples (`GLTransitionCPUReference`).
/// A difference in the files' maths (a sign, a default, a constant) moves whole regions and
/// fails; what may differ is a pixel on a hard edge (cube's and doorway's faces) that lands
/// the other side of it, and a level or two of filtering.
@Suite("gl-transitions corpus built-ins against the official maths (headless GL)", .tags(.gl))
struct GLTransitionCorpusTests {
    typealias Reference = GLTransitionCPUReference
    typealias Color = Reference.Color
    typealias UV = Reference.UV
    typealias Shader = (Float, Reference.Picture, Reference.Picture) -> (UV) -> Color

    static let (width, height) = (48, 32)
    static let progresses: [Float] = [0, 0.2, 0.5, 0.8, 1]

    /// `edgeShare`: the share of pixels allowed more than 2 levels off (those on a hard edge).
    func check(_ name: String, edgeShare: Double = 0, mean allowedMean: Double = 0.3, reference: Shader) throws {
        let entry = try #require(GLTransitionLibrary.entry(named: name), "\(name) is built in")
        #expect(entry.isPreset == false && entry.needsSegueHost == false, "\(name) runs in the official runtime as it is")
        let (w, h) = (Self.width, Self.height)
        let fromImage = try SampleImages.from(width: w, height: h), toImage = try SampleImages.to(width: w, height: h)
        let from = Reference.Picture(image: fromImage), to = Reference.Picture(image: toImage)
        try withDevice { device in
            let source = try GLTransitionSource.parse(entry.source, name: name)
            let fromTexture = try device.makeTexture(image: fromImage, filter: .linear)
            let toTexture = try device.makeTexture(image: toImage, filter: .linear)
            let target = try device.makeOffscreenTarget(width: w, height: h)
            let effect = try GLTransitionEffect(device: device, source: source, from: fromTexture, to: toTexture)
            defer { effect.release(); target.release(); fromTexture.release(); toTexture.release() }
            for progress in Self.progresses {
                effect.progress = progress
                try effect.render(into: target)
                let actual = try target.readImage()
                let expected = try Reference.render(width: w, height: h, reference(progress, from, to))
                let mean = RGBAImage.meanDifference(actual, expected)
                let far = Self.pixelsApart(actual, expected, moreThan: 2)
                #expect(Double(far) <= edgeShare * Double(w * h) && mean < allowedMean,
                        "\(name) at \(progress): \(far) pixels more than 2 levels off, mean \(mean)")
            }
        }
    }

    static func pixelsApart(_ a: RGBAImage, _ b: RGBAImage, moreThan levels: Int) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = SIMD4<Int>(truncatingIfNeeded: a[x, y]) &- SIMD4<Int>(truncatingIfNeeded: b[x, y])
                if max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)) > levels { count += 1 }
            }
        }
        return count
    }

    static func inside(_ p: UV) -> Bool { p.x > 0 && p.y > 0 && p.x < 1 && p.y < 1 }

    @Test func cube() throws {
        let (persp, unzoom, reflection, floating): (Float, Float, Float, Float) = (0.7, 0.3, 0.4, 3)
        func xskew(_ p: UV, _ persp: Float, _ center: Float) -> UV {
            let x = Reference.mix(p.x, 1 - p.x, center)
            let d = abs(center - 0.5)
            let v = UV(x, (p.y - 0.5 * (1 - persp) * x) / (1 + (persp - 1) * x)) - UV(0.5 - d, 0)
            return v * UV(0.5 / d * (center < 0.5 ? 1 : -1), 1) + UV(center < 0.5 ? 0 : 1, 0)
        }
        try check("cube", edgeShare: 0.04, mean: 3) { progress, from, to in
            { op in
                let uz = unzoom * 2 * (0.5 - abs(0.5 - progress))
                let p = -uz * 0.5 + (1 + uz) * op
                let fromP = xskew((p - UV(progress, 0)) / UV(1 - progress, 1), 1 - Reference.mix(progress, 0, persp), 0)
                let toP = xskew(p / UV(progress, 1), Reference.mix(pow(progress, 2), 1, persp), 1)
                if Self.inside(fromP) { return from.sample(fromP) }
                if Self.inside(toP) { return to.sample(toP) }
                var c = Color(0, 0, 0, 1)
                let pf = fromP * UV(1, -1.2) + UV(0, -floating / 100)
                if Self.inside(pf) { c += Reference.mix(.zero, from.sample(pf), reflection * Reference.mix(1, 0, pf.y)) }
                let pt = toP * UV(1, -1.2) + UV(0, -floating / 100)
                if Self.inside(pt) { c += Reference.mix(.zero, to.sample(pt), reflection * Reference.mix(1, 0, pt.y)) }
                return c
            }
        }
    }

    @Test func directionalwarp() throws {
        try check("directionalwarp", edgeShare: 0.02) { progress, from, to in
            { uv in
                let smoothness: Float = 0.1
                var v = UV(-1, 1) / (2 as Float).squareRoot()
                v /= abs(v.x) + abs(v.y)
                let d = v.x * 0.5 + v.y * 0.5
                let m = 1 - Reference.smoothstep(-smoothness, 0, v.x * uv.x + v.y * uv.y - (d - 0.5 + progress * (1 + smoothness)))
                return Reference.mix(from.sample((uv - 0.5) * (1 - m) + 0.5), to.sample((uv - 0.5) * m + 0.5), m)
            }
        }
    }

    @Test func dreamy() throws {
        func offset(_ progress: Float, _ x: Float) -> UV { UV(0, 0.03 * progress * cos(10 * (progress + x))) }
        try check("dreamy") { progress, from, to in
            { p in Reference.mix(from.sample(p + offset(progress, p.x)), to.sample(p + offset(1 - progress, p.x)), progress) }
        }
    }

    @Test func doorway() throws {
        let (reflection, perspective, depth): (Float, Float, Float) = (0.4, 0.4, 3)
        let background = Color(0, 0, 0, 1)
        try check("doorway", edgeShare: 0.04, mean: 3) { progress, from, to in
            { p in
                var pfr = UV(-1, -1)
                let middleSlit = 2 * abs(p.x - 0.5) - progress
                if middleSlit > 0 {
                    pfr = p + (p.x > 0.5 ? -1 : 1) * UV(0.5 * progress, 0)
                    let d = 1 / (1 + perspective * progress * (1 - middleSlit))
                    pfr.y = (pfr.y - d / 2) * d + d / 2
                }
                let size = Reference.mix(1, depth, 1 - progress)
                let pto = (p + UV(-0.5, -0.5)) * size + 0.5
                if Self.inside(pfr) { return from.sample(pfr) }
                if Self.inside(pto) { return to.sample(pto) }
                var c = background
                let projected = pto * UV(1, -1.2) + UV(0, -0.02)
                if Self.inside(projected) {
                    c += Reference.mix(background, to.sample(projected), reflection * Reference.mix(1, 0, projected.y))
                }
                return c
            }
        }
    }

    @Test func swirl() throws {
        try check("swirl", edgeShare: 0.01, mean: 0.5) { t, from, to in
            { uvIn in
                var uv = uvIn - 0.5
                let dist = (uv * uv).sum().squareRoot()
                if dist < 1 {
                    let percent = 1 - dist
                    let a = t <= 0.5 ? Reference.mix(0, 1, t / 0.5) : Reference.mix(1, 0, (t - 0.5) / 0.5)
                    let theta = percent * percent * a * 8 * 3.14159
                    let (s, c) = (sin(theta), cos(theta))
                    uv = UV((uv * UV(c, -s)).sum(), (uv * UV(s, c)).sum())
                }
                uv += 0.5
                return Reference.mix(from.sample(uv), to.sample(uv), t)
            }
        }
    }

    @Test func ripple() throws {
        try check("ripple", edgeShare: 0.01, mean: 0.5) { progress, from, to in
            { uv in
                // Segue starts on the first picture itself (the official file is 1/60 zoomed in there).
                if progress == 0 { return from.sample(uv) }
                let dir = uv - 0.5
                let dist = (dir * dir).sum().squareRoot()
                let offset = dir * (sin(progress * dist * 100 - progress * 50) + 0.5) / 30
                return Reference.mix(from.sample(uv + offset), to.sample(uv), Reference.smoothstep(0.2, 1, progress))
            }
        }
    }

    /// The per-pixel jitter is `fract(sin(…) × 43758.5453)`, which no two sine implementations
    /// agree on; it only moves 41 samples along a line within a blur, so the pictures agree
    /// to a few levels.
    @Test func crosszoom() throws {
        func expoInOut(_ t: Float) -> Float {
            if t == 0 { return 0 }
            if t == 1 { return 1 }
            let u = t / 0.5
            return u < 1 ? 0.5 * pow(2, 10 * (u - 1)) : 0.5 * (-pow(2, -10 * (u - 1)) + 2)
        }
        try check("crosszoom", edgeShare: 0.05, mean: 1.5) { progress, from, to in
            { uv in
                let center = UV(0.5 * progress + 0.25, 0.5)
                let dissolve = expoInOut(progress)
                let strength = -0.4 / 2 * (cos(Float.pi * progress / 0.5) - 1)
                let toCenter = center - uv
                let dotted = (uv * UV(12.9898, 78.233)).sum()
                let offset = Reference.fract(sin(dotted) * 43758.5453)
                var (color, total) = (Color.zero, Float(0))
                for t in 0...40 {
                    let percent = (Float(t) + offset) / 40
                    let weight = 4 * (percent - percent * percent)
                    let p = uv + toCenter * percent * strength
                    color += Reference.mix(from.sample(p), to.sample(p), dissolve) * weight
                    total += weight
                }
                return color / total
            }
        }
    }

    @Test func windowslice() throws {
        try check("windowslice", edgeShare: 0.02) { progress, from, to in
            { p in
                let pr = Reference.smoothstep(-0.5, 0, p.x - progress * 1.5)
                let s = Reference.step(pr, Reference.fract(10 * p.x))
                return Reference.mix(from.sample(p), to.sample(p), s)
            }
        }
    }

    @Test func burn() throws {
        let color = Color(0.9, 0.4, 0.2, 0)
        try check("burn") { progress, from, to in
            { uv in
                Reference.mix(from.sample(uv) + progress * color + Color(0, 0, 0, 1), to.sample(uv) + (1 - progress) * color + Color(0, 0, 0, 1), progress)
            }
        }
    }

    @Test func colorphase() throws {
        let (fromStep, toStep) = (Color(0, 0.2, 0.4, 0), Color(0.6, 0.8, 1, 1))
        try check("colorphase") { progress, from, to in
            { uv in
                let a = from.sample(uv), b = to.sample(uv)
                var c = Color.zero
                for i in 0..<4 { c[i] = Reference.mix(a[i], b[i], Reference.smoothstep(fromStep[i], toStep[i], progress)) }
                return c
            }
        }
    }
}
