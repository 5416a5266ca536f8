@preconcurrency import CPNG
import CSeguePNG
import Glibc

/// PNG reading (libpng's full API behind a C seam, `CSeguePNG`) and writing (libpng's
/// simplified API); neither lets libpng longjmp through Swift frames.
public enum PNGCodec {
    /// Reads any PNG (gray, gray+alpha, RGB, palette, tRNS, 16-bit, interlaced)
    /// and converts it to RGBA8.
    /// A picture whose decoded pixels would take more than `budget` is refused from its header
    /// (`ImageError.overBudget`) before any pixel is decoded.
    public static func read(path: String, budget: PictureBudget = .standard) throws(ImageError) -> RGBAImage {
        let data = try FileIO.readAll(path: path)
        return try decode(data, name: path, budget: budget)
    }

    /// Like `read(path:budget:)` but from bytes in memory; `name` appears in errors.
    public static func decode(_ data: [UInt8], name: String, budget: PictureBudget = .standard) throws(ImageError) -> RGBAImage {
        guard !data.isEmpty else { throw .corrupt(path: name, reason: "the file is empty") }
        // libpng's own word for a short file that is not a PNG at all is "read beyond end of data".
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .corrupt(path: name, reason: "it is not a PNG file (no PNG signature)")
        }
        let result = data.withUnsafeBytes { buffer in
            decodeResult(buffer, name: name, budget: budget)
        }
        return try result.get()
    }

    /// Writes atomically: the PNG goes to a temporary file in the same
    /// directory which is then renamed over `path`, so readers never see a
    /// partial file and a failure leaves nothing behind.
    public static func write(_ image: RGBAImage, to path: String) throws(ImageError) {
        let bytes: [UInt8]
        do {
            bytes = try encode(image)
        } catch {
            throw .writeFailed(path: path, reason: Self.reason(of: error))
        }
        try FileIO.writeAtomically(bytes, to: path)
    }

    /// The image as the bytes of an 8-bit RGBA PNG file.
    public static func encode(_ image: RGBAImage) throws(ImageError) -> [UInt8] {
        // Generous first guess (raw size plus filter bytes and headers); libpng
        // reports the real size if it does not fit and we retry once.
        var capacity = image.pixels.count + image.height + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var control = makeControl()
            control.width = png_uint_32(image.width)
            control.height = png_uint_32(image.height)
            control.format = rgba8Format
            var written = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                image.pixels.withUnsafeBytes { input in
                    png_image_write_to_memory(&control, out.baseAddress, &written, 0,
                                              input.baseAddress, png_int_32(image.width * 4), nil)
                }
            }
            if ok != 0 {
                output.removeSubrange(Int(written)...)
                return output
            }
            if isFailure(control) || Int(written) <= capacity {
                throw .writeFailed(path: "<memory>", reason: message(of: control, fallback: "PNG encoding failed"))
            }
            capacity = Int(written)
        }
        throw .writeFailed(path: "<memory>", reason: "PNG encoder kept asking for a larger buffer")
    }

    // MARK: - Decoding

    // Decoding goes through libpng's full API (CSeguePNG): the simplified API's reader decodes
    // 16-bit Adam7 files wrong (a known libpng regression; a quarter of the samples off by up to 251).
    private static func decodeResult(_ buffer: UnsafeRawBufferPointer, name: String, budget: PictureBudget) -> Result<RGBAImage, ImageError> {
        let bytes = buffer.bindMemory(to: UInt8.self)
        var info: segue_png_info
        do { info = try checkedHeader(buffer, name: name, budget: budget) } catch { return .failure(error) }
        // Rows are converted to RGBA8 as libpng delivers them, straight into the result: the
        // decode holds 4 bytes per pixel (libpng's own buffers are a few rows).
        let (width, height) = (Int(info.width), Int(info.height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBufferPointer { out in
            segue_png_decode_rgba8(bytes.baseAddress, bytes.count, out.baseAddress, out.count, &info)
        }
        do { try finished(ok != 0, info: info, buffer, name: name) } catch { return .failure(error) }
        return .success(RGBAImage(validWidth: width, height: height, pixels: pixels))
    }

    /// The header, once its size is checked against the budget and against the data that follows
    /// (before the pixel buffer is allocated and zero-filled: a tiny file must not cost its
    /// claimed size in memory). Shared by the whole and the strip decode (`PictureStrips`).
    static func checkedHeader(_ buffer: UnsafeRawBufferPointer, name: String, budget: PictureBudget) throws(ImageError) -> segue_png_info {
        let bytes = buffer.bindMemory(to: UInt8.self)
        var info = segue_png_info()
        guard segue_png_read_info(bytes.baseAddress, bytes.count, &info) != 0 else {
            throw .corrupt(path: name, reason: message(of: info, fallback: "unreadable PNG header"))
        }
        let width = Int(info.width)
        let height = Int(info.height)
        guard width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension else {
            throw .unsupported(path: name,
                reason: "the image is \(width)x\(height), larger than \(RGBAImage.maxDimension) pixels per side")
        }
        if let declared = PNGDeclaredSize(buffer), let problem = declared.implausibility {
            throw .corrupt(path: name, reason: problem)
        }
        try budget.check(width: width, height: height, bytesPerPixel: 4, path: name)
        return info
    }

    /// Throws when the decode failed or the file is damaged all the same: libpng only warns about
    /// some damage (a bad CRC in an ancillary chunk, extra data), and a damaged file must never
    /// look like success. Shared by the whole and the strip decode.
    static func finished(_ decoded: Bool, info: segue_png_info, _ buffer: UnsafeRawBufferPointer, name: String) throws(ImageError) {
        guard decoded else { throw .corrupt(path: name, reason: message(of: info, fallback: "unreadable image data")) }
        let warning = message(of: info, fallback: "")
        if isDamageWarning(warning) { throw .corrupt(path: name, reason: warning) }
        guard hasEndChunk(buffer) else { throw .corrupt(path: name, reason: "the file is truncated (no IEND chunk)") }
    }

    /// Walks the chunk list (length, type, data, CRC) looking for IEND.
    private static func hasEndChunk(_ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 8  // after the signature
        while offset + 8 <= buffer.count {
            let length = buffer[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if buffer[(offset + 4)..<(offset + 8)].elementsEqual("IEND".utf8) {
                return offset + 12 <= buffer.count
            }
            offset += 12 + length
        }
        return false
    }

    /// Warnings that mean the data stream is damaged, as opposed to harmless
    /// ones such as a questionable colour profile.
    private static func isDamageWarning(_ message: String) -> Bool {
        let lowered = message.lowercased()
        let damageWords = ["truncat", "end of", "not enough", "too much", "crc", "idat", "iend", "extra compressed", "damaged", "incomplete"]
        return damageWords.contains { lowered.contains($0) }
    }

    // MARK: - Helpers

    /// PNG_FORMAT_RGBA is a compound macro, which Swift does not import.
    private static let rgba8Format = png_uint_32(PNG_FORMAT_FLAG_COLOR) | png_uint_32(PNG_FORMAT_FLAG_ALPHA)

    private static func makeControl() -> png_image {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        return control
    }

    private static func isFailure(_ control: png_image) -> Bool {
        control.warning_or_error & 3 > 1
    }

    private static func message(of info: segue_png_info, fallback: String) -> String {
        var text = info.message
        let string = withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return string.isEmpty ? fallback : string
    }

    private static func message(of control: png_image, fallback: String) -> String {
        var text = control.message
        let string = withUnsafeBytes(of: &text) { raw in
            // The field is NUL-terminated by libpng, but never trust a fixed array to be.
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return string.isEmpty ? fallback : string
    }

    private static func reason(of error: ImageError) -> String {
        switch error {
        case let .invalidSize(_, _, reason), let .cannotOpen(_, reason), let .corrupt(_, reason),
             let .unsupported(_, reason), let .writeFailed(_, reason), let .damaged(_, _, reason):
            return reason
        case .overBudget:
            return error.description
        case let .notAPicture(_, type):
            return "not a picture (\(type))"
        }
    }
}
