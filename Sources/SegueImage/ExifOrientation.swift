@preconcurrency import CExif

/// The EXIF orientation tag (TIFF tag 274) of phone photos: the sensor's pixels are stored as
/// captured and the tag says how to turn them for display. Values as the EXIF 2.3 standard
/// defines them, by where the stored 0th row and 0th column belong.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case topLeft = 1      // as stored
    case topRight = 2     // mirrored left to right
    case bottomRight = 3  // turned 180°
    case bottomLeft = 4   // mirrored top to bottom
    case leftTop = 5      // mirrored along the top-left to bottom-right diagonal
    case rightTop = 6     // turned 90° clockwise for display
    case rightBottom = 7  // mirrored along the other diagonal
    case leftBottom = 8   // turned 90° counter-clockwise for display

    /// The orientation libexif finds in `exifData` (a JPEG file, or an EXIF block starting
    /// "Exif\0\0"); nil when there is no valid tag.
    static func read(from exifData: [UInt8]) -> ExifOrientation? {
        guard !exifData.isEmpty, exifData.count <= Int(UInt32.max) else { return nil }
        let value = exifData.withUnsafeBufferPointer { segue_exif_orientation($0.baseAddress, UInt32($0.count)) }
        return ExifOrientation(rawValue: Int(value))
    }

    /// Whether display swaps width and height.
    var swapsSides: Bool { rawValue >= 5 }

    /// `needed` (which speaks of the picture as shown) for a decoder of the pixels as stored.
    static func storedNeeded(
        _ needed: ((Int, Int) -> (width: Int, height: Int))?, orientation: ExifOrientation?
    ) -> ((Int, Int) -> (width: Int, height: Int))? {
        guard let needed, orientation?.swapsSides == true else { return needed }
        return { width, height in
            let shown = needed(height, width)
            return (shown.height, shown.width)
        }
    }

    /// The stored pixel shown at display position (x, y) of a stored `width` x `height` picture.
    func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .topLeft: (x, y)
        case .topRight: (width - 1 - x, y)
        case .bottomRight: (width - 1 - x, height - 1 - y)
        case .bottomLeft: (x, height - 1 - y)
        case .leftTop: (y, x)
        case .rightTop: (y, height - 1 - x)
        case .rightBottom: (width - 1 - y, height - 1 - x)
        case .leftBottom: (width - 1 - y, x)
        }
    }
}

extension RGBAImage {
    /// The picture as it is meant to be seen, given the orientation it was stored with.
    public func displayed(_ orientation: ExifOrientation) -> RGBAImage {
        guard orientation != .topLeft else { return self }
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let stored = orientation.storedPosition(x: x, y: y, width: width, height: height)
                        let from = (stored.y * width + stored.x) * 4
                        let to = (y * outWidth + x) * 4
                        for channel in 0..<4 { target[to + channel] = source[from + channel] }
                    }
                }
            }
        }
        return RGBAImage(validWidth: outWidth, height: outHeight, pixels: out)
    }
}
