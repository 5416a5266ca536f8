@preconcurrency import CHeif

/// HEIC and AVIF photos (the default photo formats of iPhones and many Android phones) through
/// libheif: the primary image as 8-bit RGBA, under the picture budget (checked from the header),
/// its ICC profile (or nclx colour: primaries and transfer) converted to sRGB by lcms2, and its orientation applied: the file's own
/// rotation and mirror boxes (irot, imir) by libheif, else the EXIF orientation, which encoders
/// such as libheif's `heif-enc` keep from a camera's JPEG without turning the pixels.
enum HEIFDecoder {
    static func decode(_ data: [UInt8], name: String, type: String, budget: PictureBudget) throws(ImageError) -> RGBAImage {
        let result = data.withUnsafeBufferPointer { buffer -> Result<RGBAImage, ImageError> in
            var reader = segue_heif()
            defer { segue_heif_close(&reader) }
            guard segue_heif_open(buffer.baseAddress, buffer.count, &reader) == 0 else {
                return .failure(.damaged(path: name, type: type, reason: "libheif cannot read its primary image"))
            }
            let (width, height) = (Int(reader.width), Int(reader.height))
            do throws(ImageError) {
                try budget.checkHeader(width: width, height: height, path: name, type: type)
            } catch {
                return .failure(error)
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let status = pixels.withUnsafeMutableBufferPointer { segue_heif_decode_rgba(&reader, $0.baseAddress, $0.count) }
            guard status == 0 else {
                return .failure(.damaged(path: name, type: type, reason: "libheif could not decode its image data"))
            }
            var image = RGBAImage(validWidth: width, height: height, pixels: pixels)
            let iccSize = segue_heif_icc_size(&reader)
            if iccSize > 0 {
                var icc = [UInt8](repeating: 0, count: iccSize)
                if icc.withUnsafeMutableBytes({ segue_heif_icc(&reader, $0.baseAddress) }) == 0 {
                    ICCProfile(bytes: icc).convertToSRGB(&image)
                }
            } else {
                nclxProfile(&reader)?.convertToSRGB(&image)
            }
            if !hasOwnTransform(data), let orientation = exifOrientation(&reader) { image = image.displayed(orientation) }
            return .success(image)
        }
        return try result.get()
    }

    /// A profile for the image's nclx colour when it is not sRGB's: other primaries (Display P3,
    /// BT.2020) or another SDR curve; nil for sRGB, and for PQ and HLG (not converted).
    private static func nclxProfile(_ reader: inout segue_heif) -> ICCProfile? {
        var xy = [Double](repeating: 0, count: 8)
        var (primaries, transfer): (Int32, Int32) = (0, 0)
        guard segue_heif_nclx(&reader, &xy, &primaries, &transfer) == 1,
            let curve = ICCProfile.curve(h273Transfer: Int(transfer))
        else { return nil }
        // BT.709 primaries (1) or unspecified (2) with an sRGB-like curve: already sRGB.
        if [1, 2].contains(primaries), curve == .sRGB { return nil }
        return ICCProfile.rgb(white: (xy[0], xy[1]), red: (xy[2], xy[3]), green: (xy[4], xy[5]), blue: (xy[6], xy[7]), curve: curve)
    }

    /// The EXIF orientation of the image's Exif block (a 4-byte offset to the TIFF header first).
    private static func exifOrientation(_ reader: inout segue_heif) -> ExifOrientation? {
        let size = segue_heif_exif_size(&reader)
        guard size > 4 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard block.withUnsafeMutableBytes({ segue_heif_exif(&reader, $0.baseAddress) }) == 0 else { return nil }
        let offset = block.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard offset >= 0, 4 + offset < size else { return nil }
        return ExifOrientation.read(from: Array("Exif".utf8) + [0, 0] + block[(4 + offset)...])
    }

    /// Whether the file's `meta` box holds a rotation or mirror property (`irot`, `imir`), which
    /// libheif applies and which then overrides the EXIF orientation (HEIF's rule).
    static func hasOwnTransform(_ data: [UInt8]) -> Bool {
        var offset = 0
        while offset + 8 <= data.count {
            var size = data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if size == 0 { size = data.count - offset }
            guard size >= 8, size <= data.count - offset else { return false }
            if data[(offset + 4)..<(offset + 8)].elementsEqual("meta".utf8) {
                let meta = data[offset..<(offset + size)]
                return contains(meta, "irot") || contains(meta, "imir")
            }
            offset += size
        }
        return false
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ fourcc: String) -> Bool {
        let needle = Array(fourcc.utf8)
        guard bytes.count >= 4 else { return false }
        var index = bytes.startIndex
        while index + 4 <= bytes.endIndex {
            if bytes[index] == needle[0], bytes[index..<(index + 4)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
