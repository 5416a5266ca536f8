import Foundation
import SegueEffects
import SegueGL
import SegueImage

/// How the CLI hands pictures to the GPU for `--resize`: at their own size. The effect's resize
/// mode places each one in the frame (gl-transitions' cover/contain/stretch) and samples it
/// bilinearly when its size differs from the frame's, as the gl-transitions runtime does; a
/// picture of the frame's size is read texel for texel. Nothing is resampled on the CPU but a
/// picture larger than the GL can hold.
enum PictureFitting {
    /// Uploads `picture` at its own size.
    ///
    /// A side beyond the device's GL_MAX_TEXTURE_SIZE is reduced on the CPU (area-averaged,
    /// aspect ratio kept) with a one-line notice on stderr, not refused with an error: the frame
    /// is itself a texture of at most that size, so the reduced picture still has at least as
    /// many pixels along its longer side as any frame can show (only `cover` of an extreme
    /// panorama crops into it), and a photo from a camera that outgrows a small GPU should render.
    /// The notice is printed even with `--quiet`: the output has less detail than was given.
    static func texture(_ picture: RGBAImage, device: GLDevice, label: String) throws -> Texture {
        // The texture's own filter stays NEAREST: effect graphs read a same-size picture with it
        // and bind a LINEAR sampler over it only for a picture of another size than the frame;
        // gl-transitions always read their pictures through one (GLDevice.bindLinearSampler).
        try device.makeTexture(image: uploadable(picture, device: device, label: label))
    }

    /// `picture` as it is uploaded: itself, or reduced when a side exceeds GL_MAX_TEXTURE_SIZE.
    static func uploadable(_ picture: RGBAImage, device: GLDevice, label: String) throws -> RGBAImage {
        let limit = device.maxTextureSize
        guard picture.width > limit || picture.height > limit else { return picture }
        let reduced = try picture.reduced(toFitSide: limit)
        FileHandle.standardError.write(Data(
            "notice: \(label) is \(picture.width)x\(picture.height), more than this GL's \(limit)-pixel textures hold; reduced to \(reduced.width)x\(reduced.height)\n".utf8))
        return reduced
    }

    /// The picture as a whole frame-sized screen, for the view-controller transitions whose
    /// screens show it: placed on the GPU by the same fit as the effects (the picture at its own
    /// size, fitted by an effect-graph source with `mode`), over opaque black, since a screen is
    /// opaque (contain's bars are black, not transparent). A new target the caller releases; its
    /// texture samples linearly (the transitions scale and turn the screens) and a view shows it
    /// as `.texture`, so nothing is read back or uploaded again.
    static func screen(_ picture: RGBAImage, device: GLDevice, frame: FrameSize, mode: ResizeMode, label: String) throws -> OffscreenTarget {
        let texture = try texture(picture, device: device, label: label)
        defer { texture.release() }
        let target = try device.makeOffscreenTarget(width: frame.width, height: frame.height)
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
            throw error
        }
        target.texture.setFilter(.linear)
        return target
    }
}

extension EffectCatalog {
    /// The entry named `name`, making effects that fit their pictures with `resize`.
    static func entry(named name: String, resize: ResizeMode) -> Entry? {
        guard let entry = entry(named: name) else { return nil }
        return Entry(name: entry.name, summary: entry.summary, parameters: entry.parameters,
                     make: { (device, from, to, mode) throws(GLError) in
                         let effect = try entry.make(device, from, to, mode)
                         (effect as? any PictureResizing)?.resizeMode = resize
                         return effect
                     })
    }
}
