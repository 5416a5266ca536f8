@preconcurrency import CTurboJPEG

/// JPEG decoding through TurboJPEG (libjpeg-turbo), which reports failures as return codes:
/// nothing longjmps through Swift frames and nothing is printed.
enum JPEGDecoder {
    /// The pixels as stored (before any EXIF orientation). `needed`, given the stored size,
    /// returns the smallest size the caller will use: a larger picture is then decoded at the
    /// smallest of libjpeg-turbo's DCT scales (k/8) that still covers it, far faster than
    /// decoding it whole and shrinking it afterwards.
    static func decode(
        _ data: [UInt8], name: String, needed: ((Int, Int) -> (width: Int, height: Int))? = nil
    ) throws(ImageError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw .unsupported(path: name, reason: "TurboJPEG could not start a decoder")
        }
        defer { tjDestroy(handle) }
        let result = data.withUnsafeBufferPointer { buffer in decode(buffer, handle: handle, name: name, needed: needed) }
        return try result.get()
    }

    /// The stored size scaled by the smallest k/8 whose result is at least `needed` on both sides.
    static func scaledSize(width: Int, height: Int, needed: (width: Int, height: Int)) -> (Int, Int) {
        for eighths in 1...8 {
            // TurboJPEG's TJSCALED: rounded up.
            let (scaledWidth, scaledHeight) = ((width * eighths + 7) / 8, (height * eighths + 7) / 8)
            if scaledWidth >= needed.width && scaledHeight >= needed.height { return (scaledWidth, scaledHeight) }
        }
        return (width, height)
    }

    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, handle: tjhandle, name: String, needed: ((Int, Int) -> (width: Int, height: Int))?
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
        if let needed {
            let scaled = scaledSize(width: Int(width), height: Int(height), needed: needed(Int(width), Int(height)))
            (width, height) = (Int32(scaled.0), Int32(scaled.1))
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
