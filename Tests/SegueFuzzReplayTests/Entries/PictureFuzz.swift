import SegueImage

/// The picture decoders, told apart by the file's first bytes as every caller's are: PNG, JPEG,
/// WebP, HEIC and AVIF, with their EXIF orientation and ICC profiles; both ways in, the whole
/// decode and the strips an upload takes. The budget caps the decoded pixels (ffmpeg's fuzzers
/// cap `max_pixels` the same way): 16 MiB of RGBA, 4 megapixels.
enum PictureFuzz {
    static let budget = PictureBudget(maxBytes: 16 << 20)

    static func run(_ data: [UInt8]) {
        _ = try? PictureDecoder.decode(data, name: "fuzz", budget: budget)
        _ = try? PictureDecoder.decode(data, name: "fuzz", budget: budget) { width, height in (max(1, width / 3), max(1, height / 3)) }
        guard let source = try? PictureDecoder.source(data, name: "fuzz", budget: budget) else { return }
        if case let .strips(strips) = source {
            try? strips.decode(stripBytes: 16 << 10) { _, _ in }
        }
    }
}
