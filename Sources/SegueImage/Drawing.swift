/// Small internal drawing helpers shared by the font, contact sheet and samples.
extension RGBAImage {
    /// Composites `color` (straight alpha) over the pixel; ignores points outside.
    mutating func blend(x: Int, y: Int, color: SIMD4<UInt8>) {
        guard x >= 0, x < width, y >= 0, y < height, color.w > 0 else { return }
        let i = (y * width + x) * 4
        if color.w == 255 {
            pixels[i] = color.x; pixels[i + 1] = color.y; pixels[i + 2] = color.z; pixels[i + 3] = 255
            return
        }
        let sourceAlpha = Double(color.w) / 255
        let targetAlpha = Double(pixels[i + 3]) / 255
        let outAlpha = sourceAlpha + targetAlpha * (1 - sourceAlpha)
        for c in 0..<3 {
            let mixed = (Double(color[c]) * sourceAlpha + Double(pixels[i + c]) * targetAlpha * (1 - sourceAlpha)) / outAlpha
            pixels[i + c] = UInt8(min(max(mixed.rounded(), 0), 255))
        }
        pixels[i + 3] = UInt8(min(max((outAlpha * 255).rounded(), 0), 255))
    }

    /// Blends a rectangle, clipped to the image.
    mutating func fillRect(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: SIMD4<UInt8>) {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + rectWidth, width), y1 = min(y + rectHeight, height)
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 { blend(x: px, y: py, color: color) }
        }
    }

    /// Composites a whole image at (x, y), clipped to this image.
    mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        for sy in 0..<image.height {
            for sx in 0..<image.width { blend(x: x + sx, y: y + sy, color: image[sx, sy]) }
        }
    }
}
