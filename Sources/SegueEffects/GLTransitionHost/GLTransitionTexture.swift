import Foundation
import SegueImage
import SegueGLSL

/// What a sampler2D parameter (`uniform sampler2D luma;`) is given on the command line: a PNG
/// file, or the name of a built-in luma map (`LumaMap`, generated at the frame's size). A value
/// ending in `.png` or naming an existing file is a file; anything else must be a map's name.
public enum GLTransitionTexture: Sendable, Equatable {
    case file(path: String, image: RGBAImage)
    case lumaMap(LumaMap)

    /// Reads the file now, so a missing or corrupt PNG fails before anything is rendered.
    public static func resolve(_ value: String, parameter: String, file: String) throws(GLTransitionError) -> GLTransitionTexture {
        let isFile = value.lowercased().hasSuffix(".png") || value.contains("/") || FileManager.default.fileExists(atPath: value)
        guard isFile else {
            guard let map = LumaMap(rawValue: value) else {
                throw .badTexture(
                    file: file, parameter: parameter,
                    reason: "`\(value)` is neither a PNG file nor a built-in luma map ("
                        + LumaMap.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            return .lumaMap(map)
        }
        do {
            return .file(path: value, image: try PictureDecoder.read(path: value))
        } catch {
            throw .badTexture(file: file, parameter: parameter, reason: "\(error)")
        }
    }

    /// The picture to upload; a map is made at `width`×`height` (the frame's size).
    public func image(width: Int, height: Int) throws(ImageError) -> RGBAImage {
        switch self {
        case .file(_, let image): image
        case .lumaMap(let map): try map.image(width: width, height: height)
        }
    }

    /// Built-in maps used when a file gives a sampler2D no texture (validation only).
    public static let validationDefault = GLTransitionTexture.lumaMap(.conicalAsym)
}
