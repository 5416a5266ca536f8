@preconcurrency import CTurboJPEG

/// JPEG decoding through TurboJPEG (libjpeg-turbo), which reports failures as return codes:
/// nothing longjmps through Swift frames and nothing is printed.
enum JPEGDecoder {
    /// The pixels as stored (before any EXIF orientation). `needed`, given the stored size,
    /// returns the smallest size the caller will use: a larger picture is then decoded at the
    /// smallest of libjpeg-turbo's DCT scales (k/8) that still covers it, far faster than
    /// decoding it whole and shrinking it afterwards.
    /// `budget` bounds the decoded (scaled) picture, checked from the header before decoding.
    static func decode(
        _ data: [UInt8], name: String, needed: ((Int, Int) -> (width: Int, height: Int))? = nil,
        budget: PictureBudget = .standard
    ) throws(ImageError) -> RGBAImage {
        guard let handle = tjInitDecompress() else {
            throw .unsupported(path: name, reason: "TurboJPEG could not start a decoder")
        }
        defer { tjDestroy(handle) }
        let result = data.withUnsafeBufferPointer { buffer in decode(buffer, handle: handle, name: name, needed: needed, budget: budget) }
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

    /// The size a JPEG decodes to at its full size, when its header passes every check the
    /// whole decode makes and `needed` asks for no DCT scaling; nil otherwise (the whole decode
    /// then gives the picture or the error). For a decode in strips (`PictureStrips`).
    static func fullSizeForStrips(
        _ data: [UInt8], name: String, needed: ((Int, Int) -> (width: Int, height: Int))?, budget: PictureBudget
    ) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return data.withUnsafeBufferPointer { buffer in
            guard case let .success(size) = checkedSize(buffer, handle: handle, name: name, needed: needed, budget: budget),
                  let base = buffer.baseAddress else { return nil }
            var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            guard tjDecompressHeader3(handle, base, UInt(buffer.count), &width, &height, &subsampling, &colorspace) == 0,
                  (Int(width), Int(height)) == size else { return nil }
            return size
        }
    }

    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, handle: tjhandle, name: String, needed: ((Int, Int) -> (width: Int, height: Int))?,
        budget: PictureBudget
    ) -> Result<RGBAImage, ImageError> {
        switch checkedSize(buffer, handle: handle, name: name, needed: needed, budget: budget) {
        case .failure(let error): return .failure(error)
        case .success(let (width, height)):
            // checkedSize refuses an empty buffer.
            return decodePixels(buffer.baseAddress!, count: buffer.count, handle: handle, width: Int32(width), height: Int32(height), name: name)
        }
    }

    /// The size the picture decodes to (DCT-scaled as `needed` allows) once the header passes:
    /// readable, not CMYK, within the budget.
    private static func checkedSize(
        _ buffer: UnsafeBufferPointer<UInt8>, handle: tjhandle, name: String, needed: ((Int, Int) -> (width: Int, height: Int))?,
        budget: PictureBudget
    ) -> Result<(Int, Int), ImageError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return .failure(.damaged(path: name, type: "JPEG", reason: "the file is empty"))
        }
        var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        guard tjDecompressHeader3(handle, base, UInt(buffer.count), &width, &height, &subsampling, &colorspace) == 0 else {
            return .failure(.damaged(path: name, type: "JPEG", reason: errorText(handle)))
        }
        guard width > 0, height > 0 else {
            return .failure(.damaged(path: name, type: "JPEG", reason: "the header declares a \(width)x\(height) picture"))
        }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return .failure(.unsupported(path: name, reason: "it is a CMYK JPEG (print separations); save it as RGB"))
        }
        if let needed {
            let scaled = scaledSize(width: Int(width), height: Int(height), needed: needed(Int(width), Int(height)))
            (width, height) = (Int32(scaled.0), Int32(scaled.1))
        }
        // What is held is the scaled picture: a huge photo shown small decodes within the budget.
        do {
            try budget.checkHeader(width: Int(width), height: Int(height), path: name, type: "JPEG")
        } catch {
            return .failure(error)
        }
        return .success((Int(width), Int(height)))
    }

    /// Whether TurboJPEG's status and message after a decode mean damage: a file cut short decodes
    /// "successfully" with grey rows at the bottom, which must not pass for the picture, so
    /// warnings count too. Stray bytes between segments (some cameras write them) damage nothing
    /// and are let through. Shared by the whole decode and the strips' (`segue_jpeg`).
    static func damage(failed: Bool, warned: Bool, message: String) -> String? {
        guard failed || warned else { return nil }
        let text = message.isEmpty ? "unreadable JPEG data" : message
        // As TurboJPEG tells them: an error after a warning still reads as a warning.
        let harmless = warned && text.contains("extraneous bytes")
        return harmless ? nil : text
    }

    private static func decodePixels(
        _ base: UnsafePointer<UInt8>, count: Int, handle: tjhandle, width: Int32, height: Int32, name: String
    ) -> Result<RGBAImage, ImageError> {
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            tjDecompress2(handle, base, UInt(count), out.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), 0)
        }
        let warned = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
        if status != 0, let reason = damage(failed: !warned, warned: warned, message: errorText(handle)) {
            return .failure(.damaged(path: name, type: "JPEG", reason: reason))
        }
        return .success(RGBAImage(validWidth: Int(width), height: Int(height), pixels: pixels))
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unreadable JPEG data" }
        let message = String(cString: text)
        return message.isEmpty ? "unreadable JPEG data" : message
    }
}
