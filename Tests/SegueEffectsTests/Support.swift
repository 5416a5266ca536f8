import SegueEffects
import SegueGL
import SegueHeadless
import Testing

/// Makes a headless context and device, runs `body`, then releases both on this thread.
func withDevice(_ body: (GLDevice) throws -> Void) throws { try HeadlessEGLContext.withDevice(body) }

/// RGBA8 pixels, top row first, with the helpers the comparisons need.
struct Pixels: Equatable {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    func texel(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
        let i = (y * width + x) * 4
        return SIMD4(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// High-frequency pseudo-random pixels: any wrongly chosen texel shows as a large error.
    static func noise(width: Int, height: Int, seed: UInt32) -> Pixels {
        var state = seed &* 2_654_435_761 | 1
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for i in bytes.indices where i % 4 != 3 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            bytes[i] = UInt8(truncatingIfNeeded: state >> 8)
        }
        return Pixels(width: width, height: height, bytes: bytes)
    }

    /// Every pixel distinct: R and G hold x, B and A hold y (y in B; A stays opaque-ish).
    static func coordinates(width: Int, height: Int) -> Pixels {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8(x & 255)
                bytes[i + 1] = UInt8(x >> 8)
                bytes[i + 2] = UInt8(y & 255)
                bytes[i + 3] = 255 - UInt8(y >> 8)
            }
        }
        return Pixels(width: width, height: height, bytes: bytes)
    }

    func upload(_ device: GLDevice) throws -> Texture {
        try bytes.withUnsafeBytes { try device.makeTexture(width: width, height: height, pixels: $0) }
    }

    /// Largest per-channel difference and mean absolute difference.
    func difference(to other: Pixels) -> (max: Int, mean: Double) {
        precondition(width == other.width && height == other.height)
        var maximum = 0
        var total = 0
        for i in bytes.indices {
            let d = abs(Int(bytes[i]) - Int(other.bytes[i]))
            maximum = max(maximum, d)
            total += d
        }
        return (maximum, Double(total) / Double(bytes.count))
    }
}

extension OffscreenTarget {
    func read() throws -> Pixels { Pixels(width: width, height: height, bytes: try readPixels()) }
}

/// The CPU reference of the pixel dissolve, repeating the shader's float steps exactly
/// (pixel centres, cell index by division and floor, clamped texel) so texel choice matches.
enum CPUReference {
    static func pixellateTexel(_ pixel: Int, cellSize: Float, size: Int) -> Int {
        var p = Float(pixel) + 0.5
        if cellSize > 0 { p = ((p / cellSize).rounded(.down) + 0.5) * cellSize }
        return min(max(Int(p.rounded(.down)), 0), size - 1)
    }

    static func pixellate(_ image: Pixels, fraction: Float) -> Pixels {
        let cell = Pixellate.cellSize(fractionalWidthOfAPixel: fraction, frameWidth: image.width)
        var out = image
        for y in 0..<image.height {
            let sy = pixellateTexel(y, cellSize: cell, size: image.height)
            for x in 0..<image.width {
                let sx = pixellateTexel(x, cellSize: cell, size: image.width)
                let t = image.texel(sx, sy)
                let i = (y * image.width + x) * 4
                for c in 0..<4 { out.bytes[i + c] = t[c] }
            }
        }
        return out
    }

    static func pixelDissolve(from: Pixels, to: Pixels, progress: Float) -> Pixels {
        let parameters = PixelDissolve.parameters(progress: progress)
        let a = pixellate(from, fraction: parameters.fromCell)
        let b = pixellate(to, fraction: parameters.toCell)
        var out = a
        for i in out.bytes.indices {
            let x = Float(a.bytes[i]) / 255
            let y = Float(b.bytes[i]) / 255
            let mixed = x * (1 - parameters.mix) + y * parameters.mix
            out.bytes[i] = UInt8((mixed * 255).rounded())
        }
        return out
    }
}
