@preconcurrency import CPNG
import Glibc

/// PNG reading and writing through libpng's simplified API, which reports
/// failures in `png_image.message` instead of longjmp-ing through Swift frames.
public enum PNGCodec {
    /// Reads any PNG (gray, gray+alpha, RGB, palette, tRNS, 16-bit, interlaced)
    /// and converts it to RGBA8.
    public static func read(path: String) throws(ImageError) -> RGBAImage {
        let data = try FileIO.readAll(path: path)
        return try decode(data, name: path)
    }

    /// Like `read(path:)` but from bytes in memory; `name` appears in errors.
    public static func decode(_ data: [UInt8], name: String) throws(ImageError) -> RGBAImage {
        guard !data.isEmpty else { throw .corrupt(path: name, reason: "the file is empty") }
        // libpng keeps a pointer to the input until finish_read, so the whole
        // decode happens inside one buffer-pointer scope.
        let result = data.withUnsafeBytes { buffer in
            decodeResult(buffer, name: name)
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

    private static func decodeResult(_ buffer: UnsafeRawBufferPointer, name: String) -> Result<RGBAImage, ImageError> {
        var control = makeControl()
        guard png_image_begin_read_from_memory(&control, buffer.baseAddress, buffer.count) != 0 else {
            return .failure(.corrupt(path: name, reason: message(of: control, fallback: "unreadable PNG header")))
        }
        let width = Int(control.width)
        let height = Int(control.height)
        guard width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension else {
            png_image_free(&control)
            return .failure(.unsupported(path: name,
                reason: "the image is \(width)x\(height), larger than \(RGBAImage.maxDimension) pixels per side"))
        }
        // The header is checked against the data that follows before the pixel buffer is
        // allocated (and zero-filled): a tiny file must not cost its claimed size in memory.
        if let declared = PNGDeclaredSize(buffer), let problem = declared.implausibility {
            png_image_free(&control)
            return .failure(.corrupt(path: name, reason: problem))
        }
        control.format = rgba8Format
        // 16-bit files without gAMA/sRGB are almost always sRGB-encoded; without
        // this flag libpng would treat them as linear and darken them.
        control.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&control, nil, out.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else {
            return .failure(.corrupt(path: name, reason: message(of: control, fallback: "unreadable image data")))
        }
        // libpng only warns about some damage (e.g. a missing IEND after
        // complete image data); a half-read file must never look like success.
        if control.warning_or_error & 3 == png_uint_32(PNG_IMAGE_WARNING) {
            let warning = message(of: control, fallback: "")
            if isDamageWarning(warning) {
                return .failure(.corrupt(path: name, reason: warning))
            }
        }
        // The simplified reader stops after the image data, so a file cut
        // between the last IDAT and IEND would otherwise pass as valid.
        guard hasEndChunk(buffer) else {
            return .failure(.corrupt(path: name, reason: "the file is truncated (no IEND chunk)"))
        }
        return .success(RGBAImage(validWidth: width, height: height, pixels: pixels))
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
        case let .notAPicture(_, type):
            return "not a picture (\(type))"
        }
    }
}
