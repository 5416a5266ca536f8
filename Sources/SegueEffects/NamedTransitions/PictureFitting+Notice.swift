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
}
