/// A picture on its way to the GPU: decoded whole, or — a PNG that is not interlaced — still in
/// its file, to be decoded a strip of rows at a time straight into its texture (`PNGStrips`), so
/// that the decoded picture is never held beside the texture. Either way its header has been
/// checked against the picture budget.
public enum PictureSource: Sendable {
    case decoded(RGBAImage)
    case pngStrips(PNGStrips)

    public var width: Int {
        switch self {
        case .decoded(let image): image.width
        case .pngStrips(let strips): strips.width
        }
    }

    public var height: Int {
        switch self {
        case .decoded(let image): image.height
        case .pngStrips(let strips): strips.height
        }
    }

    /// The picture whole, for a caller that needs it so (one that resamples it on the CPU).
    public func decodedWhole() throws(ImageError) -> RGBAImage {
        switch self {
        case .decoded(let image): image
        case .pngStrips(let strips): try strips.decodedWhole()
        }
    }
}

extension PictureDecoder {
    /// The picture at `path` for an upload, as `read(path:budget:needed:)` reads it: a PNG that is
    /// not interlaced as strips to decode into its texture, any other picture decoded whole
    /// (JPEG at the DCT scale `needed` allows; WebP, HEIC and AVIF through their libraries'
    /// whole-picture decoders). Errors in the header (the budget, the type) come now; a PNG's
    /// damaged data only as its strips are decoded.
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
        if PictureType.sniff(data) == .png, let strips = try PNGStrips.make(data, name: name, budget: budget) {
            return .pngStrips(strips)
        }
        return .decoded(try decode(data, name: name, budget: budget, needed: needed))
    }
}
