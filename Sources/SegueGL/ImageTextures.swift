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

extension GLDevice {
    /// At most this much of a picture is premultiplied at a time on its way to the GPU.
    public static let uploadStripBytes = 4 << 20

    /// Uploads a picture with straight alpha as the premultiplied texture the pipeline works in
    /// (`PremultipliedAlpha.premultiply`, bit for bit as `makeTexture(image: image.premultipliedAlpha())`),
    /// a strip of rows at a time through a scratch buffer of at most `uploadStripBytes`: no
    /// premultiplied copy of the whole picture is made (484 MB less at the peak of a
    /// 121-megapixel picture's upload).
    public func makePremultipliedTexture(image: RGBAImage, filter: Texture.Filter = .nearest) throws(GLError) -> Texture {
        let texture = try makeTexture(width: image.width, height: image.height, pixels: nil, filter: filter)
        let rowBytes = image.width * 4
        let stripRows = max(1, min(image.height, Self.uploadStripBytes / rowBytes))
        var strip = [UInt8](repeating: 0, count: stripRows * rowBytes)
        GL.bindTexture(texture.name)
        image.pixels.withUnsafeBytes { source in
            strip.withUnsafeMutableBytes { scratch in
                var y = 0
                while y < image.height {
                    let rows = min(stripRows, image.height - y)
                    let part = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<(rows * rowBytes)])
                    part.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[(y * rowBytes)..<((y + rows) * rowBytes)]))
                    PremultipliedAlpha.premultiply(part)
                    GL.texSubImageRGBA8(y: Int32(y), width: Int32(image.width), height: Int32(rows), pixels: scratch.baseAddress!)
                    y += rows
                }
            }
        }
        countUpload()
        do {
            try checkError("glTexSubImage2D \(image.width)x\(image.height)")
        } catch {
            texture.release()
            throw error
        }
        return texture
    }
}

extension GLDevice {
    /// Uploads a picture as the premultiplied texture the pipeline works in, as
    /// `makePremultipliedTexture(image:)` does: a `.strips` picture is decoded straight into
    /// the texture `stripBytes` at a time (at most the strip, not the picture, is held beside the
    /// texture), bit for bit as its whole decode and upload. A damaged file throws its
    /// `ImageError` once the rows it reached are uploaded; the texture is then released, never
    /// returned in part.
    public func makePremultipliedTexture(
        picture: PictureSource, filter: Texture.Filter = .nearest, stripBytes: Int = GLDevice.uploadStripBytes
    ) throws -> Texture {
        guard case .strips(let strips) = picture else { return try makePremultipliedTexture(image: picture.decodedWhole(), filter: filter) }
        let texture = try makeTexture(width: strips.width, height: strips.height, pixels: nil, filter: filter)
        do {
            try strips.decode(stripBytes: stripBytes) { region, pixels in
                PremultipliedAlpha.premultiply(pixels)
                GL.bindTexture(texture.name)
                GL.texSubImageRGBA8(
                    x: Int32(region.x), y: Int32(region.y), width: Int32(region.width), height: Int32(region.height),
                    pixels: pixels.baseAddress!)
            }
            countUpload()
            try checkError("glTexSubImage2D \(strips.width)x\(strips.height)")
        } catch {
            texture.release()
            throw error
        }
        return texture
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
