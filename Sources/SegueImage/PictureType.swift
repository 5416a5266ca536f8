/// A file's real type, told from its first bytes (never from its name): a photo saved as
/// `.png` by a phone's share sheet is often a JPEG, and a clip may be named anything.
public enum PictureType: String, Sendable, CaseIterable {
    // Pictures Segue decodes.
    case png = "PNG", jpeg = "JPEG", webp = "WebP", heif = "HEIF", avif = "AVIF"
    // Still pictures it recognises but does not decode.
    case bmp = "BMP", tiff = "TIFF", jpegXL = "JPEG XL", qoi = "QOI", psd = "Photoshop"
    /// GIF is animation as often as a picture: ffmpeg decodes it as a clip.
    case gif = "GIF"
    // Video containers (never pictures).
    case isoVideo = "MP4/QuickTime video", matroska = "Matroska/WebM video", avi = "AVI video"
    case unknown

    /// Bytes of the file `sniff` looks at; reading more is never needed.
    public static let sniffLength = 64

    /// Whether Segue's `PictureDecoder` turns files of this type into pixels.
    public var isDecodable: Bool { self == .png || self == .jpeg || self == .webp || self == .heif || self == .avif }

    /// Whether the type is a still picture (decodable or not): such a file is refused as a
    /// picture with its type named, never handed to ffmpeg as a one-frame clip.
    public var isStillPicture: Bool {
        switch self {
        case .png, .jpeg, .webp, .bmp, .tiff, .heif, .avif, .jpegXL, .qoi, .psd: true
        case .gif, .isoVideo, .matroska, .avi, .unknown: false
        }
    }

    /// The type the file's first bytes (at least `sniffLength` of them when the file has that
    /// many) announce.
    public static func sniff<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> PictureType {
        let head = Array(prefix.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return .webp }
        if ascii("RIFF") && ascii("AVI ", at: 8) { return .avi }
        if ascii("GIF87a") || ascii("GIF89a") { return .gif }
        if ascii("BM") && head.count >= 14 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return .jpegXL }
        if ascii("qoif") { return .qoi }
        if ascii("8BPS") { return .psd }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if ascii("ftyp", at: 4) { return isoBrand(head) }
        return .unknown
    }

    /// HEIF, AVIF or a video, from an ISO base media file's `ftyp` box: its major brand and
    /// the compatible brands that follow.
    private static func isoBrand(_ head: [UInt8]) -> PictureType {
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(16, boxSize))
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 {  // bytes 12..<16 are the minor version, not a brand
                brands.append(String(decoding: head[offset..<(offset + 4)], as: UTF8.self))
            }
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1"]
        if let major = brands.first, heifBrands.contains(major) { return .heif }
        return .isoVideo
    }
}
