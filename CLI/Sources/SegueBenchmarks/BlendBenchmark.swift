import Foundation
import SegueTiming
import SegueColor
import SegueEffects
import SegueGL
import SegueImage

/// `segue bench --sections blend`: what linear-light blending costs per frame against the sRGB
/// default. Each effect is made twice on one device, once per `BlendSpace`, and the two render
/// the same progress points in alternating runs (glFinish after each frame), with the machine's
/// load printed beside each run. The effects: `fade` (a gl-transition: two lookups a pixel),
/// `pixel-dissolve` (an effect graph: two sources) and `zoomin` (a gl-transition that samples
/// between texels, where linear light fetches and decodes four texels per lookup).
struct BlendBenchmark {
    let size: FrameSize
    let frames: Int
    let runs: Int
    static let effects = ["fade", "pixel-dissolve", "zoomin"]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let (width, height) = (size.width, size.height)
        let from = try device.makeTexture(image: SampleImages.from(width: width, height: height))
        defer { from.release() }
        let to = try device.makeTexture(image: SampleImages.to(width: width, height: height))
        defer { to.release() }
        let target = try device.makeOffscreenTarget(width: width, height: height)
        defer { target.release() }
        table.line("\nblend: sRGB (default) against linear light, \(size), \(frames) frames per run, glFinish per frame")
        var measurements: [ReportRow] = []
        for name in Self.effects {
            let transition = try NamedTransition.named(name)
            let effects = try BlendSpace.allCases.map {
                try transition.makeEffect(device: device, from: from, to: to, blendSpace: $0)
            }
            defer { for effect in effects { effect.release() } }
            func milliseconds(_ effect: any TransitionEffect) throws -> Double {
                let start = Date()
                for i in 0..<frames {
                    effect.progress = Float(i) / Float(max(frames - 1, 1))
                    try effect.render(into: target)
                    device.finish()
                }
                return Date().timeIntervalSince(start) * 1000 / Double(frames)
            }
            // Warmed up first (programs compiled, caches filled); which goes first alternates, so
            // drift in the machine's speed falls on both.
            let measured = try Rounds(count: runs, warmUp: true, alternatesOrder: true).run(effects, afterEachRound: { round, samples, load in
                table.line(String(format: "  %@ run %d: sRGB %.2f ms/frame, linear %.2f ms/frame  (load %.2f)",
                                  name, round + 1, samples[0].value, samples[1].value, load))
            }, milliseconds)
            let (srgb, linear) = (median(measured.values(0)), median(measured.values(1)))
            measurements.append(ReportRow([
                "effect": name, "srgbMilliseconds": srgb, "linearMilliseconds": linear, "linearOverSRGB": linear / srgb,
                // Per run: sRGB ms, linear ms, the one-minute load average when the run started.
                "runs": measured.roundLoads.indices.map { [measured.values(0)[$0], measured.values(1)[$0], measured.roundLoads[$0]] },
            ]))
            table.line(String(format: "  %@ median: sRGB %.2f ms, linear %.2f ms: %.2f x  (loads %@)", name, srgb, linear, linear / srgb,
                              measured.roundLoads.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        }
        return ReportRow(["size": "\(size)", "frames": frames, "measurements": measurements])
    }
}
