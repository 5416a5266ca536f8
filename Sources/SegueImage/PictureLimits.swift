/// The largest picture Segue decodes, checked from the file's header before any pixel buffer
/// is allocated: a small file claiming a huge picture costs nothing.
public enum PictureLimits {
    /// 100 megapixels (400 MB as RGBA8): beyond any phone or camera photo in common use.
    public static let maxPixels = 100_000_000

    /// Throws `.unsupported` naming the size when `width` x `height` is over a limit (each side at
    /// most `RGBAImage.maxDimension`, the area at most `maxPixels`), `.damaged` when a side is 0.
    /// The one place the decoders check a declared size.
    static func check(width: Int, height: Int, path: String, type: PictureType) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .damaged(path: path, type: type.rawValue, reason: "the header declares a \(width)x\(height) picture")
        }
        guard width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension, width * height <= maxPixels else {
            throw .unsupported(path: path, reason: "the \(type.rawValue) picture is \(width)x\(height); Segue decodes at most "
                + "\(RGBAImage.maxDimension) pixels a side and \(maxPixels / 1_000_000) megapixels")
        }
    }
}
