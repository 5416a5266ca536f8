/// The one way in for pictures: the type is told from the file's first bytes (not its name),
/// the file is decoded by that type's library (libpng, libjpeg-turbo, libwebp, libheif for HEIC
/// and AVIF), an embedded ICC profile (PNG, JPEG, WebP, HEIF) is converted to sRGB by lcms2
/// (`ICCProfile`) and the orientation of photos (EXIF; HEIF's own rotation) is applied, so every caller gets the picture the way a
/// colour-managed photo viewer shows it. Any other file gets an error naming its real type.
public enum PictureDecoder {
    /// Reads and decodes the picture at `path`. Every format answers to one `budget` (see
    /// `PictureBudget`): a picture whose decoded pixels would take more is refused from its header.
    public static func read(path: String, budget: PictureBudget = .standard) throws(ImageError) -> RGBAImage {
        try decode(FileIO.readAll(path: path), name: path, budget: budget)
    }

    /// Like `read(path:)`, for a caller that will shrink the picture: `needed` gets the size the
    /// picture is shown at and returns the smallest size the caller uses. A JPEG larger than that
    /// is decoded at a reduced scale (libjpeg-turbo's DCT scaling, in eighths), so the result
    /// may be smaller than the picture but never smaller than `needed` asks.
    public static func read(
        path: String, budget: PictureBudget = .standard,
        needed: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws(ImageError) -> RGBAImage {
        try decode(FileIO.readAll(path: path), name: path, budget: budget, needed: needed)
    }

    /// Like `read(path:)` but from bytes in memory; `name` appears in errors.
    public static func decode(
        _ data: [UInt8], name: String, budget: PictureBudget = .standard,
        needed: ((_ width: Int, _ height: Int) -> (width: Int, height: Int))? = nil
    ) throws(ImageError) -> RGBAImage {
        switch PictureType.sniff(data) {
        case .png:
            var image = try PNGCodec.decode(data, name: name, budget: budget)
            (ICCProfile.fromPNG(data) ?? ICCProfile.fromPNGChunks(data))?.convertToSRGB(&image)
            return image
        case .jpeg:
            let orientation = ExifOrientation.read(from: data)
            let storedNeeded = ExifOrientation.storedNeeded(needed, orientation: orientation)
            var stored = try JPEGDecoder.decode(data, name: name, needed: storedNeeded, budget: budget)
            ICCProfile.fromJPEG(data)?.convertToSRGB(&stored)
            return orientation.map { stored.displayed($0) } ?? stored
        case .webp:
            var stored = try WebPDecoder.decode(data, name: name, budget: budget)
            ICCProfile.fromWebP(data)?.convertToSRGB(&stored)
            return WebPDecoder.exifBlock(data).flatMap(ExifOrientation.read(from:)).map { stored.displayed($0) } ?? stored
        case .heif, .avif:
            return try HEIFDecoder.decode(data, name: name, type: PictureType.sniff(data).rawValue, budget: budget)
        case let other:
            if data.isEmpty { throw .damaged(path: name, type: "picture", reason: "the file is empty") }
            throw .notAPicture(path: name, type: other.rawValue)
        }
    }

    /// The real type of the file at `path`, from its first bytes. A file that cannot be opened
    /// is an error; an empty one is `.unknown`.
    public static func type(ofFileAt path: String) throws(ImageError) -> PictureType {
        PictureType.sniff(try FileIO.readPrefix(path: path, count: PictureType.sniffLength))
    }
}
