import Foundation
import SegueEffects
import SegueGL
import Testing
import SegueTesting

/// CPU references of the neighbourhood filters, tap for tap as the shaders (edge clamped).
enum NeighbourhoodReference {
    static func channel(_ image: Pixels, _ x: Int, _ y: Int, _ c: Int) -> Float {
        let t = image.texel(min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1))
        return Float(t[c]) / 255
    }

    static func quantize(_ v: Float) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }

    /// One direction of the blur over RGBA values (0...1, edge clamped), unrounded.
    static func blur(_ values: [Float], width: Int, height: Int, sigma: Float, horizontal: Bool) -> [Float] {
        let radius = sigma <= 0 ? 0 : min(Int((3 * sigma).rounded(.up)), 32)
        func value(_ x: Int, _ y: Int, _ c: Int) -> Float { values[(min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4 + c] }
        var out = values
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    var sum = value(x, y, c)
                    var total: Float = 1
                    for i in stride(from: 1, through: radius, by: 1) {
                        let w = exp(-Float(i * i) / (2 * sigma * sigma))
                        let (dx, dy) = horizontal ? (i, 0) : (0, i)
                        sum += w * (value(x - dx, y - dy, c) + value(x + dx, y + dy, c))
                        total += 2 * w
                    }
                    out[(y * width + x) * 4 + c] = sum / total
                }
            }
        }
        return out
    }

    /// Both directions; the first pass's result kept as the RGBA16F intermediate keeps it (a
    /// half float), only the output rounded to 8 bits.
    static func gaussian(_ image: Pixels, sigma: Float) -> Pixels {
        let values = image.bytes.map { Float($0) / 255 }
        let across = blur(values, width: image.width, height: image.height, sigma: sigma, horizontal: true).map { Float(Float16($0)) }
        let down = blur(across, width: image.width, height: image.height, sigma: sigma, horizontal: false)
        return Pixels(width: image.width, height: image.height, bytes: down.map(quantize))
    }

    static func sobel(_ image: Pixels, strength: Float) -> Pixels {
        var out = image
        func l(_ x: Int, _ y: Int) -> Float {
            channel(image, x, y, 0) * 0.2125 + channel(image, x, y, 1) * 0.7154 + channel(image, x, y, 2) * 0.0721
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                let h = -l(x - 1, y - 1) - 2 * l(x, y - 1) - l(x + 1, y - 1) + l(x - 1, y + 1) + 2 * l(x, y + 1) + l(x + 1, y + 1)
                let v = -l(x - 1, y + 1) - 2 * l(x - 1, y) - l(x - 1, y - 1) + l(x + 1, y + 1) + 2 * l(x + 1, y) + l(x + 1, y - 1)
                let m = quantize((h * h + v * v).squareRoot() * strength)
                let i = (y * image.width + x) * 4
                out.bytes[i] = m; out.bytes[i + 1] = m; out.bytes[i + 2] = m; out.bytes[i + 3] = 255
            }
        }
        return out
    }

    static func sharpen(_ image: Pixels, sharpness s: Float) -> Pixels {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<3 {
                    let around = channel(image, x - 1, y, c) + channel(image, x + 1, y, c)
                        + channel(image, x, y - 1, c) + channel(image, x, y + 1, c)
                    out.bytes[(y * image.width + x) * 4 + c] = quantize(channel(image, x, y, c) * (1 + 4 * s) - around * s)
                }
            }
        }
        return out
    }
}

@Suite("Neighbourhood filters (headless GL)", .tags(.gl))
struct NeighbourhoodFilterTests {
    static let (width, height) = (53, 41)

    /// Renders `make(source)` for a noise picture and compares with `reference`.
    func check(
        _ name: String, tolerance: Int, mean: Double, passes: Int,
        make: (ImageSource) -> any EffectNode, reference: (Pixels) -> Pixels
    ) throws {
        try withDevice { device in
            let image = Pixels.noise(width: Self.width, height: Self.height, seed: 3)
            let texture = try image.upload(device)
            let target = try device.makeOffscreenTarget(width: Self.width, height: Self.height)
            let output = make(ImageSource(texture))
            for mode in ExecutionMode.allCases {
                let renderer = try EffectRenderer(device: device, output: output, mode: mode)
                #expect(renderer.passCount == passes, "\(name) \(mode): \(renderer.passStructures)")
                try renderer.render(into: target)
                let difference = try target.read().difference(to: reference(image))
                #expect(difference.max <= tolerance, "\(name) \(mode): max \(difference.max)")
                #expect(difference.mean <= mean, "\(name) \(mode): mean \(difference.mean)")
            }
            target.release(); texture.release()
        }
    }

    // The GPU's exp and its sums of up to 2 × 32 + 1 taps differ from the CPU's in the last
    // bits: values near a rounding boundary go either way (the half-float intermediate is
    // modelled, so only the output's rounding is left to differ).
    @Test(arguments: [Float(0.8), 2, 5.5])
    func gaussianBlurMatchesTheCPUReference(sigma: Float) throws {
        try check("gaussian σ \(sigma)", tolerance: 2, mean: 0.1, passes: 2, make: { $0.gaussianBlur(sigma: sigma) }) {
            NeighbourhoodReference.gaussian($0, sigma: sigma)
        }
    }

    @Test func gaussianBlurOfZeroIsTheInputExactly() throws {
        try check("gaussian σ 0", tolerance: 0, mean: 0, passes: 2, make: { $0.gaussianBlur(sigma: 0) }) { $0 }
    }

    // sqrt and the nine-tap sums in the last bits (1); strength 1.5 stretches that by half (2).
    @Test func sobelMatchesTheCPUReference() throws {
        try check("sobel", tolerance: 2, mean: 0.05, passes: 1, make: { $0.sobelEdges(strength: 1.5) }) {
            NeighbourhoodReference.sobel($0, strength: 1.5)
        }
    }

    // (1 + 4s)·c − s·Σ in floats on both sides; the GPU's fused multiply-adds can cross a
    // rounding boundary (1).
    @Test func sharpenMatchesTheCPUReference() throws {
        try check("sharpen", tolerance: 1, mean: 0.05, passes: 1, make: { $0.sharpened(0.6) }) {
            NeighbourhoodReference.sharpen($0, sharpness: 0.6)
        }
        try check("sharpen 0", tolerance: 0, mean: 0, passes: 1, make: { $0.sharpened(0) }) { $0 }
    }
}
