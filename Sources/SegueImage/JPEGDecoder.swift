@preconcurrency import CTurboJPEG

/// JPEG decoding through TurboJPEG (libjpeg-turbo), which reports failures as return codes:
/// nothing longjmps through Swift frames and nothing is printed.
enum JPEGDecoder {
    /// The pixels as stored (before any EXIF orientation).
    static func decode(_ data: [UInt8], name: String) throws(ImageError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw .unsupported(path: name, reason: "TurboJPEG could not start a decoder")
        }
        defer { tjDestroy(handle) }
        let result = data.withUnsafeBufferPointer { buffer in decode(buffer, handle: handle, name: name) }
        return try result.get()
    }

    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, handle: tjhandle, name: String
    ) -> Result<RGBAImage, ImageError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return .failure(.damaged(path: name, type: "JPEG", reason: "the file is empty"))
        }
        var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        guard tjDecompressHeader3(handle, base, UInt(buffer.count), &width, &height, &subsampling, &colorspace) == 0 else {
            return .failure(.damaged(path: name, type: "JPEG", reason: errorText(handle)))
        }
        do {
            try PictureLimits.check(width: Int(width), height: Int(height), path: name, type: .jpeg)
        } catch {
            return .failure(error)
        }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return .failure(.unsupported(path: name, reason: "it is a CMYK JPEG (print separations); save it as RGB"))
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            tjDecompress2(handle, base, UInt(buffer.count), out.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), 0)
        }
        // Warnings count too: a file cut short decodes "successfully" with grey rows at the
        // bottom, which must not pass for the picture. Stray bytes between segments (some
        // cameras write them) damage nothing and are let through.
        if status != 0 {
            let text = errorText(handle)
            let harmless = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) && text.contains("extraneous bytes")
            if !harmless { return .failure(.damaged(path: name, type: "JPEG", reason: text)) }
        }
        return .success(RGBAImage(validWidth: Int(width), height: Int(height), pixels: pixels))
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unreadable JPEG data" }
        let message = String(cString: text)
        return message.isEmpty ? "unreadable JPEG data" : message
    }
}
