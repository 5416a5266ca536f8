// An effect graph declared left to right, with a group of our own, rendered headlessly:
//
//     from → sepia → vignette ──────────────────────┐
//                                                   ├→ dissolve(progress) → output
//     to → bloom{ screen(to, gaussian blur(to)) } ──┘
//
// The per-pixel filters fuse into one generated shader; the blur's two neighbourhood passes
// run on targets leased from the device's pool for the frame.
//
//     swift run EffectGraphExample [output-directory]
import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless

/// A group: the picture screened with a blurred copy of itself. Used like one filter, with
/// typed parameters that forward to the filters inside.
final class Bloom: FilterGroup {
    let blur: GaussianBlur
    let screen: BlendFilter

    var radius: Float {
        get { blur.sigma }
        set { blur.sigma = newValue }
    }
    var strength: Float {
        get { screen.opacity }
        set { screen.opacity = newValue }
    }

    init(input: any EffectNode, radius: Float = 6, strength: Float = 0.8) {
        blur = input.gaussianBlur(sigma: radius)
        screen = input.blended(with: blur, mode: .screen, opacity: strength)
        super.init(name: "bloom", inputs: [input], output: screen)
    }
}

let directory = CommandLine.arguments.dropFirst().first ?? "out/effect-graph"
let (width, height) = (320, 180)

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try HeadlessEGLContext.withDevice { device in
        let fromTexture = try device.makeTexture(image: SampleImages.from(width: width, height: height))
        let toTexture = try device.makeTexture(image: SampleImages.to(width: width, height: height))
        let target = try device.makeOffscreenTarget(width: width, height: height)

        // The graph, read left to right; keep the nodes whose parameters change per frame.
        let sepia = ImageSource(fromTexture).sepia(1)
        let bloom = Bloom(input: ImageSource(toTexture))
        let dissolve = sepia.vignette().dissolved(into: bloom, mix: 0)
        let renderer = try EffectRenderer(device: device, output: dissolve)
        let reference = try EffectRenderer(device: device, output: dissolve, mode: .onePassPerFilter)
        print("fused: \(renderer.passCount) passes: \(renderer.passStructures.joined(separator: " -> "))")
        print("one pass per filter: \(reference.passCount) passes")

        for progress in [0, 0.5, 1] as [Float] {
            // Per frame only uniforms change: no recompiles, no new GPU objects.
            dissolve.mix = progress
            sepia.intensity = 1 - progress
            bloom.radius = 2 + 6 * progress
            try renderer.render(into: target)
            let path = "\(directory)/graph-\(Int(progress * 100)).png"
            try PNGCodec.write(target.readImage(), to: path)
            print(path)
        }
        print("intermediate targets in the pool: \(device.targetPool.targetCount) (\(device.targetPool.byteCount) bytes)")

        // GPU objects are released explicitly, on this thread, while the context is current.
        renderer.release()
        reference.release()
        target.release()
        fromTexture.release()
        toTexture.release()
    }
} catch {
    print("error: \(error)")
    exit(1)
}
