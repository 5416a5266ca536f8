import Foundation
import SegueEffects
import SegueGL
import SegueImage

/// The command line's side of `PictureFitting` (the library's): the same calls, plus a one-line
/// notice on stderr when a picture had to be reduced to fit this GL's textures. The notice is
/// printed even with `--quiet`: the output has less detail than was given.
extension PictureFitting {
    static func texture(_ picture: RGBAImage, device: GLDevice, label: String) throws -> Texture {
        try device.makeTexture(image: uploadable(picture, device: device, label: label))
    }

    static func uploadable(_ picture: RGBAImage, device: GLDevice, label: String) throws -> RGBAImage {
        let uploaded = try uploadable(picture, device: device)
        noticeIfReduced(picture, uploaded, device: device, label: label)
        return uploaded
    }

    static func noticeIfReduced(_ picture: RGBAImage, _ uploaded: RGBAImage, device: GLDevice, label: String) {
        guard uploaded.width != picture.width || uploaded.height != picture.height else { return }
        printNotice(PictureReduction(
            original: (picture.width, picture.height), reduced: (uploaded.width, uploaded.height), textureLimit: device.maxTextureSize),
            label: label)
    }

    static func printNotice(_ reduction: PictureReduction, label: String) {
        FileHandle.standardError.write(Data(
            "notice: \(label) is \(reduction.original.width)x\(reduction.original.height), more than this GL's \(reduction.textureLimit)-pixel textures hold; reduced to \(reduction.reduced.width)x\(reduction.reduced.height)\n".utf8))
    }
}
