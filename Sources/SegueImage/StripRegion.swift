/// Where a strip of a picture decoded in strips (`PictureStrips`) goes in the picture as shown:
/// rows as stored, or — for a photo turned by its EXIF orientation — the rectangle those rows
/// land on (columns, for a quarter turn), in pixels of the shown picture, top row first.
public struct StripRegion: Sendable, Equatable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension ExifOrientation {
    /// Where stored rows `y ..< y + count` of a stored `width` x `height` picture land when shown
    /// (`storedPosition` is the pixel-by-pixel rule this agrees with).
    func shownRegion(ofStoredRows y: Int, count: Int, width: Int, height: Int) -> StripRegion {
        switch self {
        case .topLeft, .topRight: StripRegion(x: 0, y: y, width: width, height: count)
        case .bottomRight, .bottomLeft: StripRegion(x: 0, y: height - y - count, width: width, height: count)
        case .leftTop, .leftBottom: StripRegion(x: y, y: 0, width: count, height: width)
        case .rightTop, .rightBottom: StripRegion(x: height - y - count, y: 0, width: count, height: width)
        }
    }

    /// Fills `shown` (the region's pixels, RGBA8, top row first) from `stored`, the strip of stored
    /// rows starting at row `y` of a stored `width` x `height` picture, as `displayed` turns the
    /// whole picture.
    func turn(
        strip stored: UnsafeRawBufferPointer, firstRow y: Int, width: Int, height: Int, into shown: UnsafeMutableRawBufferPointer,
        region: StripRegion
    ) {
        for row in 0..<region.height {
            for column in 0..<region.width {
                let from = storedPosition(x: region.x + column, y: region.y + row, width: width, height: height)
                let pixel = stored.loadUnaligned(fromByteOffset: ((from.y - y) * width + from.x) * 4, as: UInt32.self)
                shown.storeBytes(of: pixel, toByteOffset: (row * region.width + column) * 4, as: UInt32.self)
            }
        }
    }
}
