/// Everything that can go wrong when creating, reading or writing an image.
///
/// Every case names the file (or the size) involved, so a message printed to a
/// person is enough to find the problem without a debugger.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int, reason: String)
    /// The file could not be read at all: missing, a directory, no permission...
    case cannotOpen(path: String, reason: String)
    /// The bytes are not a valid PNG: wrong signature, truncated, bad CRC...
    case corrupt(path: String, reason: String)
    /// A valid PNG this module refuses, e.g. larger than `RGBAImage.maxDimension`.
    case unsupported(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// Decoding the picture would take `bytes` of memory, more than the `budget` allowed (see
    /// `PictureBudget`); nothing was decoded.
    case overBudget(path: String, width: Int, height: Int, bytes: Int, budget: Int)
    /// A picture of a type Segue reads (`type`: "JPEG", "WebP"...) whose data is damaged or cut short.
    case damaged(path: String, type: String, reason: String)
    /// A file whose real type (found from its first bytes, whatever its name says) is not a
    /// picture Segue decodes: `type` is "HEIF", "MP4/QuickTime video", "unknown"...
    case notAPicture(path: String, type: String)

    public var description: String {
        switch self {
        case let .invalidSize(width, height, reason):
            return "Invalid image size \(width)x\(height): \(reason)."
        case let .cannotOpen(path, reason):
            return "Cannot open '\(path)': \(reason)."
        case let .corrupt(path, reason):
            return "'\(path)' is not a valid PNG: \(reason)."
        case let .unsupported(path, reason):
            return "'\(path)' is not supported: \(reason)."
        case let .writeFailed(path, reason):
            return "Cannot write '\(path)': \(reason)."
        case let .overBudget(path, width, height, bytes, budget):
            let cost = bytes == Int.max ? "more memory than can be counted" : PictureBudget.text(bytes: bytes)
            return "'\(path)' is too large to decode: \(width)x\(height) pixels would take \(cost), "
                + "over the picture memory budget of \(PictureBudget.text(bytes: budget))."
        case let .damaged(path, type, reason):
            return "'\(path)' is a damaged \(type) file: \(reason)."
        case let .notAPicture(path, type):
            let what = type == "unknown" ? "its first bytes match no known format" : "it holds \(type) data"
            return "'\(path)' cannot be read as a picture: \(what) (Segue reads PNG, JPEG, WebP, HEIC and AVIF)."
        }
    }
}
