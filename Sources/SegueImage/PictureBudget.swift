/// The memory a decoded picture may take, checked from its header before anything is decoded.
///
/// Compressed formats amplify: a 249 KB PNG of 16000x16000 flat pixels decodes to 1 GB of RGBA.
/// Decoders ask `check` with the header's size and the bytes per pixel they will hold in memory
/// at once (4 for the RGBA8 result, more where a decoder keeps a wider copy) and refuse the file
/// before allocating. The default, `standard`, is 512 MiB: a 100-megapixel photo passes, a
/// 16000x16000 picture (1 GB) does not.
public struct PictureBudget: Sendable, Equatable, CustomStringConvertible {
    /// Bytes a picture's decoded pixels may take.
    public let maxBytes: Int

    public init(maxBytes: Int) {
        self.maxBytes = max(0, maxBytes)
    }

    /// 512 MiB.
    public static let standard = PictureBudget(maxBytes: 512 << 20)

    /// `width` × `height` × `bytesPerPixel`, or nil when that does not fit in an Int (or a side is
    /// negative).
    public static func cost(width: Int, height: Int, bytesPerPixel: Int) -> Int? {
        guard width >= 0, height >= 0, bytesPerPixel >= 0 else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        return overflow || overflow2 ? nil : bytes
    }

    /// Throws `ImageError.overBudget` (naming `path`, the size, the cost and the budget) when
    /// decoding a `width` × `height` picture at `bytesPerPixel` would take more than `maxBytes`.
    public func check(width: Int, height: Int, bytesPerPixel: Int, path: String) throws(ImageError) {
        let cost = Self.cost(width: width, height: height, bytesPerPixel: bytesPerPixel) ?? Int.max
        guard cost <= maxBytes else {
            throw .overBudget(path: path, width: width, height: height, bytes: cost, budget: maxBytes)
        }
    }

    /// The decoders' one check of a header's size (PNG has its own wording for the same rules):
    /// a zero side is damage, a side over `RGBAImage.maxDimension` is unsupported, and the RGBA8
    /// result must fit the budget. `type` names the format in messages ("JPEG").
    func checkHeader(width: Int, height: Int, path: String, type: String) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .damaged(path: path, type: type, reason: "the header declares a \(width)x\(height) picture")
        }
        guard width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension else {
            throw .unsupported(path: path, reason: "the \(type) picture is \(width)x\(height); Segue decodes at most "
                + "\(RGBAImage.maxDimension) pixels a side")
        }
        try check(width: width, height: height, bytesPerPixel: 4, path: path)
    }

    public var description: String { Self.text(bytes: maxBytes) }

    /// "512 MiB", "1.5 GiB", "300 KiB", "12 bytes".
    static func text(bytes: Int) -> String {
        let units: [(Int, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
