import SegueGL
import SegueImage

/// How pictures go to the GPU for a transition: at their own size. The effect's resize mode
/// places each one in the frame (gl-transitions' cover/contain/stretch) and samples it bilinearly
/// when it is enlarged, as the gl-transitions runtime does; a picture of the frame's size is read
/// texel for texel. A picture the frame shows reduced is first reduced to the frame on the GPU,
/// area-averaged, as the fit places it (`prefiltered`; `TransitionRenderer`, `TransitionVideo`
/// and `screen` do it), so that its fine detail does not alias. Nothing is resampled on the CPU but
/// a picture larger than the GL can hold.
public enum PictureFitting {
    /// `picture` as it is uploaded: itself, or reduced (area-averaged, aspect ratio kept) when a
    /// side exceeds the device's GL_MAX_TEXTURE_SIZE. Reduced rather than refused: the frame is
    /// itself a texture of at most that size, so the reduced picture still has as many pixels
    /// along its longer side as any frame can show. Compare the sizes to tell a user it happened.
    public static func uploadable(_ picture: RGBAImage, device: GLDevice) throws(PictureFittingError) -> RGBAImage {
        do { return try picture.reduced(toFitSide: device.maxTextureSize) } catch { throw .image(error) }
    }

    /// Reads the picture at `path` for a `frameWidth` x `frameHeight` frame: a JPEG larger than the
    /// frame shows it is decoded at the least of libjpeg-turbo's DCT scales (k/8) that still
    /// covers that size, so it is never sampled from fewer pixels than the frame shows, and its
    /// memory (decoded, then its copy on the GPU) is that of the shown picture: a 121-megapixel
    /// photo took 1.07 GB in a 640x360 render (issue 32 defect 10). Other types decode whole,
    /// under the picture budget.
    public static func read(path: String, frameWidth: Int, frameHeight: Int, mode: ResizeMode) throws(ImageError) -> RGBAImage {
        try PictureDecoder.read(path: path) { mode.neededSize(width: $0, height: $1, frameWidth: frameWidth, frameHeight: frameHeight) }
    }

    /// Uploads `picture` at its own size (reduced as `uploadable` says). The texture's filter stays
    /// NEAREST: effect graphs read a same-size picture with it and bind a LINEAR sampler over it
    /// only for a picture of another size than the frame; gl-transitions always read their
    /// pictures through one. The caller releases the texture.
    public static func texture(_ picture: RGBAImage, device: GLDevice) throws(PictureFittingError) -> Texture {
        let image = try uploadable(picture, device: device)
        do { return try device.makeTexture(image: image) } catch { throw .gl(error) }
    }

    /// The picture as a whole `width`×`height` screen, for view-controller transitions whose
    /// screens show it: placed by the same fit as the effects, over opaque black (a screen is
    /// opaque, so contain's bars are black). A new target the caller releases; its texture
    /// samples linearly (transitions scale and turn the screens) and a view shows it as
    /// `.texture`, so nothing is read back or uploaded again.
    public static func screen(
        _ picture: RGBAImage, device: GLDevice, width: Int, height: Int, mode: ResizeMode
    ) throws(PictureFittingError) -> OffscreenTarget {
        let uploaded = try texture(picture, device: device)
        defer { uploaded.release() }
        // A picture larger than the screen shows it is reduced to the screen first, area-averaged.
        let reduced: OffscreenTarget?
        do { reduced = try prefiltered(uploaded, device: device, width: width, height: height, mode: mode) } catch { throw .gl(error) }
        defer { reduced?.release() }
        let texture = reduced?.texture ?? uploaded
        let target: OffscreenTarget
        do { target = try device.makeOffscreenTarget(width: width, height: height) } catch { throw .gl(error) }
        do {
            let renderer = try EffectRenderer(device: device, output: ImageSource(texture, resize: mode))
            defer { renderer.release() }
            device.bind(target)
            GL.clearColor(0, 0, 0, 1)
            GL.clear(GL.colorBufferBit)
            // The graph's colour is straight alpha: blended over black it becomes colour × alpha,
            // and the screen's alpha stays 1.
            GL.enable(GL.blend)
            GL.blendFuncSeparate(color: GL.sourceAlpha, GL.oneMinusSourceAlpha, alpha: GL.zero, GL.one)
            defer { GL.disable(GL.blend) }
            try renderer.render(into: target)
        } catch {
            target.release()
            throw .gl(error)
        }
        target.texture.setFilter(.linear)
        return target
    }
}

/// A picture reduced to fit the GL's textures (see `PictureFitting.uploadable`): sizes in pixels.
public struct PictureReduction: Sendable {
    public let original: (width: Int, height: Int)
    public let reduced: (width: Int, height: Int)
    /// GL_MAX_TEXTURE_SIZE of the device.
    public let textureLimit: Int

    public init(original: (width: Int, height: Int), reduced: (width: Int, height: Int), textureLimit: Int) {
        (self.original, self.reduced, self.textureLimit) = (original, reduced, textureLimit)
    }
}

/// Why a picture could not be put on the GPU.
public enum PictureFittingError: Error, Equatable, CustomStringConvertible {
    case image(ImageError)
    case gl(GLError)

    public var description: String {
        switch self {
        case .image(let error): "\(error)"
        case .gl(let error): "\(error)"
        }
    }
}
