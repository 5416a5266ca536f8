@preconcurrency import CWebP

/// Still WebP pictures (lossy and lossless, with alpha) through libwebp's simple API.
enum WebPDecoder {
    /// The pixels as stored (before any EXIF orientation).
    /// `budget` bounds the decoded picture, checked from the header before decoding.
    static func decode(_ data: [UInt8], name: String, budget: PictureBudget = .standard) throws(ImageError) -> RGBAImage {
        let result = data.withUnsafeBufferPointer { buffer -> Result<RGBAImage, ImageError> in
            guard let base = buffer.baseAddress else {
                return .failure(.damaged(path: name, type: "WebP", reason: "the file is empty"))
            }
            var features = WebPBitstreamFeatures()
            guard segue_webp_features(base, buffer.count, &features) != 0 else {
                return .failure(.damaged(path: name, type: "WebP", reason: "unreadable WebP header"))
            }
            do throws(ImageError) {
                try budget.checkHeader(width: Int(features.width), height: Int(features.height), path: name, type: "WebP")
            } catch {
                return .failure(error)
            }
            if features.has_animation != 0 {
                return .failure(.unsupported(path: name, reason: "it is an animated WebP; use a still picture, or convert it to a clip"))
            }
            let (width, height) = (Int(features.width), Int(features.height))
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let decoded = pixels.withUnsafeMutableBufferPointer { out in
                WebPDecodeRGBAInto(base, buffer.count, out.baseAddress, out.count, Int32(width * 4))
            }
            guard decoded != nil else {
                return .failure(.damaged(path: name, type: "WebP", reason: "the image data is damaged or cut short"))
            }
            return .success(RGBAImage(validWidth: width, height: height, pixels: pixels))
        }
        return try result.get()
    }

    /// The payload of the file's EXIF chunk, as libexif reads it ("Exif\0\0" then TIFF data);
    /// nil when there is none.
    static func exifBlock(_ data: [UInt8]) -> [UInt8]? {
        guard let payload = chunk("EXIF", in: data) else { return nil }
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        return payload.starts(with: header) ? payload : header + payload
    }

    /// The payload of the first chunk named `fourcc`; nil when there is none. Walks the RIFF
    /// chunk list (fourcc, little-endian size, data padded to an even length).
    static func chunk(_ fourcc: String, in data: [UInt8]) -> [UInt8]? {
        var offset = 12
        while offset + 8 <= data.count {
            let size = data[(offset + 4)..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 8
            guard size <= data.count - start else { return nil }
            if data[offset..<(offset + 4)].elementsEqual(fourcc.utf8) { return Array(data[start..<(start + size)]) }
            offset = start + size + (size & 1)
        }
        return nil
    }
}
