@preconcurrency import CLCMS2
import CSeguePNG

/// A photo's embedded ICC profile (a phone's Display P3, a camera's Adobe RGB…), found in the
/// file's own container and applied by Little CMS (lcms2): the decoded pixels are converted to
/// sRGB, the space every picture in Segue's pipeline is taken to be in. A profile lcms2 cannot
/// read, or one that is not RGB, is ignored (the pixels are shown as sRGB, as browsers do).
public struct ICCProfile: Sendable, Equatable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Converts `image` (straight alpha, kept) from this profile to sRGB in place. Returns false
    /// when lcms2 cannot use the profile, leaving the pixels as they were.
    @discardableResult
    public func convertToSRGB(_ image: inout RGBAImage) -> Bool {
        image.pixels.withUnsafeMutableBytes { convertToSRGB(rgba8: $0) }
    }

    /// As `convertToSRGB(_:)` on RGBA8 pixels in memory (a strip of a picture: each pixel is
    /// converted on its own, so strips convert as the whole picture does).
    @discardableResult
    public func convertToSRGB(rgba8 pixels: UnsafeMutableRawBufferPointer) -> Bool {
        let count = pixels.count / 4
        guard count > 0, !bytes.isEmpty else { return false }
        let status = bytes.withUnsafeBytes { profile in
            segue_icc_rgba8_to_srgb(profile.baseAddress, cmsUInt32Number(profile.count), pixels.baseAddress, cmsUInt32Number(count))
        }
        return status == 0
    }

    /// The profile JPEG carries in APP2 `ICC_PROFILE` segments (ICC.1 B.4: numbered chunks, in
    /// order of their sequence numbers); nil when there is none or the chunks are incomplete.
    public static func fromJPEG(_ data: [UInt8]) -> ICCProfile? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        var offset = 2  // after SOI
        while offset + 4 <= data.count, data[offset] == 0xFF {
            let marker = data[offset + 1]
            if marker == 0xD9 || marker == 0xDA { break }  // end of image, start of scan: no more headers
            if marker == 0xFF || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += marker == 0xFF ? 1 : 2
                continue
            }
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            let start = offset + 4, end = offset + 2 + length
            guard length >= 2, end <= data.count else { break }
            if marker == 0xE2, end - start > signature.count + 2, data[start..<(start + signature.count)].elementsEqual(signature) {
                let sequence = Int(data[start + signature.count]), count = Int(data[start + signature.count + 1])
                if sequence >= 1, sequence <= count {
                    expected = count
                    chunks[sequence] = data[(start + signature.count + 2)..<end]
                }
            }
            offset = end
        }
        guard expected > 0, chunks.count == expected else { return nil }
        return ICCProfile(bytes: (1...expected).flatMap { chunks[$0] ?? [] })
    }

    /// The profile in a PNG's `iCCP` chunk, inflated by libpng; nil when there is none.
    public static func fromPNG(_ data: [UInt8]) -> ICCProfile? {
        let size = data.withUnsafeBufferPointer { segue_png_icc($0.baseAddress, $0.count, nil, 0) }
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let copied = data.withUnsafeBufferPointer { input in
            bytes.withUnsafeMutableBufferPointer { segue_png_icc(input.baseAddress, input.count, $0.baseAddress, size) }
        }
        return copied == size ? ICCProfile(bytes: bytes) : nil
    }

    /// The profile in a WebP file's `ICCP` chunk (extended format); nil when there is none.
    public static func fromWebP(_ data: [UInt8]) -> ICCProfile? {
        WebPDecoder.chunk("ICCP", in: data).map(ICCProfile.init(bytes:))
    }
}
