/// The one way in for pictures: the type is told from the file's first bytes (not its name),
/// the file is decoded by that type's library (libpng, libjpeg-turbo, libwebp), and the EXIF
/// orientation of JPEG and WebP photos is applied, so every caller gets the picture the way a
/// photo viewer shows it. Any other file gets an error naming its real type.
public enum PictureDecoder {
    /// Reads and decodes the picture at `path`.
    public static func read(path: String) throws(ImageError) -> RGBAImage {
        try decode(FileIO.readAll(path: path), name: path)
    }

    /// Like `read(path:)` but from bytes in memory; `name` appears in errors.
    public static func decode(_ data: [UInt8], name: String) throws(ImageError) -> RGBAImage {
        switch PictureType.sniff(data) {
        case .png:
            return try PNGCodec.decode(data, name: name)
        case .jpeg:
            let stored = try JPEGDecoder.decode(data, name: name)
            return ExifOrientation.read(from: data).map { stored.displayed($0) } ?? stored
        case .webp:
            let stored = try WebPDecoder.decode(data, name: name)
            return WebPDecoder.exifBlock(data).flatMap(ExifOrientation.read(from:)).map { stored.displayed($0) } ?? stored
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
