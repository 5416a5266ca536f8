/// A picture on its way to the GPU: decoded whole, or — a PNG that is not interlaced, a lossy
/// WebP, a JPEG at its full size — still in its file, to be decoded a strip of rows at a time
/// straight into its texture (`PictureStrips`), so that the decoded picture is never held beside
/// the texture. Either way its header has been checked against the picture budget.
public enum PictureSource: Sendable {
    case decoded(RGBAImage)
    case strips(PictureStrips)

    public var width: Int {
        switch self {
        case .decoded(let image): image.width
        case .strips(let strips): strips.width
        }
    }

    public var height: Int {
        switch self {
        case .decoded(let image): image.height
        case .strips(let strips): strips.height
        }
    }

    /// The picture whole, for a caller that needs it so (one that resamples it on the CPU).
    public func decodedWhole() throws(ImageError) -> RGBAImage {
        switch self {
        case .decoded(let image): image
        case .strips(let strips): try strips.decodedWhole()
        }
    }
}

extension PictureDecoder {
    /// The picture at `path` for an upload, as `read(path:budget:needed:)` reads it: a PNG that is
    /// not interlaced, a lossy WebP, or a JPEG not DCT-scaled for `needed`, as strips to decode
    /// into its texture; any other picture decoded whole (a lossless WebP, HEIC and AVIF through
    /// their libraries' whole-picture decoders). Errors in the header (the
    /// budget, the type) come now; damaged data in strips only as they are decoded.
    public static func source(
        path: String, budget: PictureBudget = .standard,
        needed: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws(ImageError) -> PictureSource {
        try source(FileIO.readAll(path: path), name: path, budget: budget, needed: needed)
    }

    /// Like `source(path:budget:needed:)` but from bytes in memory; `name` appears in errors.
    public static func source(
        _ data: [UInt8], name: String, budget: PictureBudget = .standard,
        needed: ((_ width: Int, _ height: Int) -> (width: Int, height: Int))? = nil
    ) throws(ImageError) -> PictureSource {
        switch PictureType.sniff(data) {
        case .png: if let strips = try PictureStrips.png(data, name: name, budget: budget) { return .strips(strips) }
        case .jpeg: if let strips = PictureStrips.jpeg(data, name: name, budget: budget, needed: needed) { return .strips(strips) }
        case .webp: if let strips = PictureStrips.webp(data, name: name, budget: budget) { return .strips(strips) }
        default: break
        }
        return .decoded(try decode(data, name: name, budget: budget, needed: needed))
    }
}
