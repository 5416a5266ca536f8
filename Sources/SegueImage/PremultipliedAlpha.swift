/// The two conversions between straight and premultiplied alpha, in one place (the GPU
/// pipeline is premultiplied, docs/ARCHITECTURE.md): a picture is premultiplied once when it is
/// loaded, and a frame is un-premultiplied once where its format stores straight alpha (PNG
/// frames, the alpha encoders' RGBA input). Both round to nearest; an opaque pixel is unchanged
/// by either, and a fully transparent one becomes (0, 0, 0, 0).
public enum PremultipliedAlpha {
    /// RGBA8 pixels in `buffer` (R G B A, 4 bytes each) from straight to premultiplied alpha.
    public static func premultiply(_ buffer: UnsafeMutableRawBufferPointer) {
        let bytes = buffer.bindMemory(to: UInt8.self)
        var i = 0
        while i + 3 < bytes.count {
            let alpha = UInt32(bytes[i + 3])
            if alpha != 255 {
                for c in 0..<3 { bytes[i + c] = UInt8((UInt32(bytes[i + c]) * alpha + 127) / 255) }
            }
            i += 4
        }
    }

    /// RGBA8 pixels in `buffer` from premultiplied to straight alpha. A colour above its alpha
    /// (not a valid premultiplied value) saturates at 255.
    public static func unpremultiply(_ buffer: UnsafeMutableRawBufferPointer) {
        let bytes = buffer.bindMemory(to: UInt8.self)
        var i = 0
        while i + 3 < bytes.count {
            let alpha = UInt32(bytes[i + 3])
            if alpha == 0 {
                (bytes[i], bytes[i + 1], bytes[i + 2]) = (0, 0, 0)
            } else if alpha != 255 {
                for c in 0..<3 { bytes[i + c] = UInt8(min(255, (UInt32(bytes[i + c]) * 255 + alpha / 2) / alpha)) }
            }
            i += 4
        }
    }

    /// Every pixel's alpha set to 255: a premultiplied frame shown over black (an opaque output).
    public static func flattenOverBlack(_ buffer: UnsafeMutableRawBufferPointer) {
        let bytes = buffer.bindMemory(to: UInt8.self)
        var i = 3
        while i < bytes.count {
            bytes[i] = 255
            i += 4
        }
    }
}

extension RGBAImage {
    /// The image with its colour multiplied by its alpha (`PremultipliedAlpha.premultiply`).
    public func premultipliedAlpha() -> RGBAImage {
        var copy = self
        copy.pixels.withUnsafeMutableBytes { PremultipliedAlpha.premultiply($0) }
        return copy
    }

    /// The image with premultiplied colour divided by its alpha (`PremultipliedAlpha.unpremultiply`).
    public func unpremultipliedAlpha() -> RGBAImage {
        var copy = self
        copy.pixels.withUnsafeMutableBytes { PremultipliedAlpha.unpremultiply($0) }
        return copy
    }
}
