import SegueEffects
import SegueGL
import SegueImage

/// The player's pictures on the GPU: the library's fitting, and a word to the embedding app
/// (`onReduced`, with the picture's label) when a picture had to be reduced to fit this GL's
/// textures — the output has less detail than was given, and a library never prints.
extension PictureFitting {
    static func texture(
        _ picture: RGBAImage, device: GLDevice, label: String, onReduced: (PictureReduction, String) -> Void
    ) throws -> Texture {
        try device.makeTexture(image: uploadable(picture, device: device, label: label, onReduced: onReduced))
    }

    static func screen(
        _ picture: RGBAImage, device: GLDevice, width: Int, height: Int, mode: ResizeMode, label: String,
        onReduced: (PictureReduction, String) -> Void
    ) throws -> OffscreenTarget {
        // Reduced here, if at all; the library's own check then passes it through as it is.
        let uploaded = try uploadable(picture, device: device, label: label, onReduced: onReduced)
        return try screen(uploaded, device: device, width: width, height: height, mode: mode)
    }

    private static func uploadable(
        _ picture: RGBAImage, device: GLDevice, label: String, onReduced: (PictureReduction, String) -> Void
    ) throws -> RGBAImage {
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
