import SegueEffects
import SegueGL
import SegueImage

/// How `segue render` prepares a picture for `--resize` before it goes to the GPU.
///
/// The picture is resampled once on the CPU to the scale the mode gives it (area-averaged
/// when shrinking, bilinear when enlarging), which the effects cannot do as well: their inputs
/// are read texel for texel (nearest) so that same-size pictures stay exact. `cover` crops the
/// centre there, `stretch` scales each axis to the frame, and `contain` keeps the whole picture
/// at its aspect ratio, smaller than the frame on one axis: the effect's own resize mode then
/// places it in the frame with transparent bars (gl-transitions' `contain`).
enum PictureFitting {
    static func forEffect(_ picture: RGBAImage, frame: FrameSize, mode: ResizeMode) throws -> RGBAImage {
        switch mode {
        case .cover: return try picture.scaledToCover(width: frame.width, height: frame.height)
        case .stretch: return try picture.scaled(toWidth: frame.width, height: frame.height)
        case .contain:
            let scale = min(Double(frame.width) / Double(picture.width), Double(frame.height) / Double(picture.height))
            // The axis that fills the frame is exact; the other is rounded, at least one pixel.
            let width = picture.width * frame.height >= picture.height * frame.width
                ? frame.width : max(1, min(frame.width, Int((Double(picture.width) * scale).rounded())))
            let height = width == frame.width
                ? max(1, min(frame.height, Int((Double(picture.height) * scale).rounded()))) : frame.height
            return try picture.scaled(toWidth: width, height: height)
        }
    }

    /// The picture as a whole frame, for the view-controller transitions whose screens show it:
    /// `contain` puts it on black (a screen is opaque, so its bars are black, not transparent).
    static func asScreen(_ picture: RGBAImage, frame: FrameSize, mode: ResizeMode) throws -> RGBAImage {
        let fitted = try forEffect(picture, frame: frame, mode: mode)
        return try fitted.centred(onWidth: frame.width, height: frame.height, fill: SIMD4(0, 0, 0, 255))
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
