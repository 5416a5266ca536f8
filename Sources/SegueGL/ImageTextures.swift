import SegueImage

extension GLDevice {
    /// Uploads an image once (its top row becomes texture row 0, as effects expect).
    public func makeTexture(image: RGBAImage, filter: Texture.Filter = .nearest) throws(GLError) -> Texture {
        let result: Result<Texture, GLError> = image.pixels.withUnsafeBytes { bytes in
            do throws(GLError) {
                return .success(try makeTexture(width: image.width, height: image.height, pixels: bytes, filter: filter))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension OffscreenTarget {
    /// Reads the target back as an image, top row first.
    public func readImage() throws(GLError) -> RGBAImage {
        let pixels = try readPixels()
        do {
            return try RGBAImage(width: width, height: height, pixels: pixels)
        } catch {
            // Cannot happen for a valid target: the size was checked when it was made.
            throw GLError.invalidPixelData(expectedBytes: width * height * 4, actualBytes: pixels.count)
        }
    }
}
