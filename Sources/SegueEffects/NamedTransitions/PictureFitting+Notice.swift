import SegueGL
import SegueImage

/// Pictures on the GPU with a word to the caller (`onReduced`, with the picture's label) when a
/// picture had to be reduced to fit this GL's textures: the output then has less detail than was
/// given, which a program should tell its user, and a library never prints.
extension PictureFitting {
    /// As `texture(_:device:)`, telling `onReduced` when the picture was reduced.
    public static func texture(
        _ picture: RGBAImage, device: GLDevice, label: String, onReduced: (PictureReduction, String) -> Void
    ) throws(PictureFittingError) -> Texture {
        let image = try uploadable(picture, device: device, label: label, onReduced: onReduced)
        do { return try device.makeTexture(image: image) } catch { throw .gl(error) }
    }

    /// As `screen(_:device:width:height:mode:)`, telling `onReduced` when the picture was reduced.
    public static func screen(
        _ picture: RGBAImage, device: GLDevice, width: Int, height: Int, mode: ResizeMode, label: String,
        onReduced: (PictureReduction, String) -> Void
    ) throws(PictureFittingError) -> OffscreenTarget {
        // Reduced here, if at all; the library's own check then passes it through as it is.
        let uploaded = try uploadable(picture, device: device, label: label, onReduced: onReduced)
        return try screen(uploaded, device: device, width: width, height: height, mode: mode)
    }

    /// As `uploadable(_:device:)`, telling `onReduced` when the picture was reduced.
    public static func uploadable(
        _ picture: RGBAImage, device: GLDevice, label: String, onReduced: (PictureReduction, String) -> Void
    ) throws(PictureFittingError) -> RGBAImage {
        let uploaded = try uploadable(picture, device: device)
        if uploaded.width != picture.width || uploaded.height != picture.height {
            onReduced(
                PictureReduction(
                    original: (picture.width, picture.height), reduced: (uploaded.width, uploaded.height),
                    textureLimit: device.maxTextureSize),
                label)
        }
        return uploaded
    }

    /// As `uploadable(_:device:label:onReduced:)` for a picture not yet decoded: one within this
    /// GL's textures stays as it is (a PNG's strips go straight into its texture); a larger one is
    /// decoded whole and reduced.
    public static func uploadable(
        _ picture: PictureSource, device: GLDevice, label: String, onReduced: (PictureReduction, String) -> Void
    ) throws -> PictureSource {
        if picture.width <= device.maxTextureSize, picture.height <= device.maxTextureSize { return picture }
        return .decoded(try uploadable(picture.decodedWhole(), device: device, label: label, onReduced: onReduced))
    }

    /// As `read(path:frameWidth:frameHeight:mode:)`, but a PNG that is not interlaced is left to be
    /// decoded a strip at a time into its texture (`PictureSource`), its header checked now.
    public static func source(path: String, frameWidth: Int, frameHeight: Int, mode: ResizeMode) throws(ImageError) -> PictureSource {
        try PictureDecoder.source(path: path) { mode.neededSize(width: $0, height: $1, frameWidth: frameWidth, frameHeight: frameHeight) }
    }
}
