import SegueGL
import SegueShaders

/// Pictures larger than the frame shows them, reduced once before any frame is drawn: sampled
/// bilinearly at the frame's pixels, a picture scaled down aliases (1-pixel lines come and go,
/// fine textures shimmer as a transition moves them). The prefilter is one pass at the frame's
/// size, each pixel the area average of the picture texels it covers; after it every frame reads
/// a frame-sized texture texel for texel, which costs less than reading the large picture.
extension PictureFitting {
    /// Where the frame's pixels fall on a `width` x `height` picture fitted to a `frameWidth` x
    /// `frameHeight` frame by `mode` (centred, as gl-transitions and effect graphs fit it): picture
    /// texels per frame pixel along each axis, and the picture position of the frame's top-left corner.
    public static func placement(
        width: Int, height: Int, frameWidth: Int, frameHeight: Int, mode: ResizeMode
    ) -> (scale: SIMD2<Double>, origin: SIMD2<Double>) {
        let picture = SIMD2(Double(width), Double(height)), frame = SIMD2(Double(frameWidth), Double(frameHeight))
        let perPixel = picture / frame
        let scale: SIMD2<Double> = switch mode {
        case .cover: SIMD2(repeating: perPixel.min())
        case .contain: SIMD2(repeating: perPixel.max())
        case .stretch: perPixel
        }
        return (scale, (picture - frame * scale) / 2)
    }

    /// Whether the frame shows the picture reduced along either axis (more than one picture
    /// texel a frame pixel), so that `prefiltered` reduces it.
    public static func isReduced(width: Int, height: Int, frameWidth: Int, frameHeight: Int, mode: ResizeMode) -> Bool {
        let scale = placement(width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight, mode: mode).scale
        return scale.x > 1 || scale.y > 1
    }

    /// `picture` (a premultiplied texture) as a `width` x `height` frame shows it by `mode`: a new
    /// target of the frame's size whose texture takes the picture's place (any fit of a texture of
    /// the frame's size is that texture), each pixel the area average of the picture texels under
    /// it, and a contained picture's bars transparent; nil when the picture is not reduced
    /// (`isReduced`), to be sampled as it is. The caller releases the target.
    public static func prefiltered(
        _ picture: Texture, device: GLDevice, width: Int, height: Int, mode: ResizeMode
    ) throws(GLError) -> OffscreenTarget? {
        guard isReduced(width: picture.width, height: picture.height, frameWidth: width, frameHeight: height, mode: mode) else {
            return nil
        }
        let (scale, origin) = placement(width: picture.width, height: picture.height, frameWidth: width, frameHeight: height, mode: mode)
        let program = try device.cachedProgram(key: "segue.picturePrefilter") { () throws(GLError) -> ShaderProgram in
            try device.makeFullscreenProgram(fragmentBody: ShaderLibrary.picturePrefilter)
        }
        let target = try device.makeOffscreenTarget(width: width, height: height)
        device.bind(target)
        program.use()
        GL.uniform1i(program.uniformLocation("segue_picture"), 0)
        GL.uniform2f(program.uniformLocation("segue_scale"), Float(scale.x), Float(scale.y))
        GL.uniform2f(program.uniformLocation("segue_origin"), Float(origin.x), Float(origin.y))
        GL.activeTexture(unit: 0)
        GL.bindTexture(picture.name)
        device.drawFullscreen()
        do { try device.checkError("picture prefilter") } catch {
            target.release()
            throw error
        }
        return target
    }

    /// The texture to give an effect for `picture` (just uploaded, premultiplied; this takes it
    /// over): `prefiltered`'s where the frame shows it reduced (the large one released at once,
    /// not held for the frames), else `picture` itself; nil `mode` (a fit not known) keeps it.
    public static func frameTexture(
        _ picture: Texture, device: GLDevice, width: Int, height: Int, mode: ResizeMode?
    ) throws(GLError) -> FrameTexture {
        guard let mode else { return FrameTexture(texture: picture, target: nil) }
        let reduced: OffscreenTarget?
        do { reduced = try prefiltered(picture, device: device, width: width, height: height, mode: mode) } catch {
            picture.release()
            throw error
        }
        guard let reduced else { return FrameTexture(texture: picture, target: nil) }
        picture.release()
        return FrameTexture(texture: reduced.texture, target: reduced)
    }
}

/// A picture's texture as an effect samples it (`PictureFitting.frameTexture`): the upload or its
/// reduction to the frame. `release()` frees it.
public struct FrameTexture {
    public let texture: Texture
    let target: OffscreenTarget?

    public func release() {
        if let target { target.release() } else { texture.release() }
    }
}
