import Foundation
import SegueEffects

extension PictureFitting {
    /// The one-line notice on stderr when a picture had to be reduced to fit this GL's textures
    /// (the library's `onReduced`). Printed even with `--quiet`: the output has less detail than
    /// was given.
    static func printNotice(_ reduction: PictureReduction, label: String) {
        FileHandle.standardError.write(Data(
            "notice: \(label) is \(reduction.original.width)x\(reduction.original.height), more than this GL's \(reduction.textureLimit)-pixel textures hold; reduced to \(reduction.reduced.width)x\(reduction.reduced.height)\n".utf8))
    }
}
