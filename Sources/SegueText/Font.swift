import Logging

/// A typeface at a point size, like UIFont. Made from a family name (found through fontconfig)
/// or a font file; `systemFont(ofSize:)` is DejaVu Sans, which `make` installs.
public struct Font: Hashable, Sendable {
    /// The family asked for (or the file's path for a font made from a file).
    public let familyName: String
    public let pointSize: Double
    let file: FontFileReference?
    /// The default font: when DejaVu Sans is not installed it falls back to fontconfig's
    /// `sans-serif`, logged once as a warning, instead of failing.
    let isSystemDefault: Bool

    /// The default family.
    public static let defaultFamily = "DejaVu Sans"

    /// The font of `family` at `size` points. Throws `TextError.fontNotFound` when no font of
    /// that family is installed (fontconfig's substitute for an unknown name is not taken) and
    /// `TextError.invalidFontSize` for a size that is not finite and positive.
    public init(name family: String, size: Double) throws(TextError) {
        try Self.validate(size)
        let file = try TextEngine.shared.withLock { () throws(TextError) in
            try TextEngine.shared.locator().locate(family: family)
        }
        // Opening it now reports a damaged file here, not at the first frame.
        _ = try TextEngine.shared.withLock { () throws(TextError) in try TextEngine.shared.face(file) }
        self.init(familyName: family, pointSize: size, file: file, isSystemDefault: false)
    }

    /// The font in the file at `path` (face `index` of a collection) at `size` points. Throws
    /// `TextError.unreadableFont` for a missing, damaged or bitmap-only file.
    public init(fileAt path: String, index: Int = 0, size: Double) throws(TextError) {
        try Self.validate(size)
        let file = FontFileReference(path: path, index: index)
        _ = try TextEngine.shared.withLock { () throws(TextError) in try TextEngine.shared.face(file) }
        self.init(familyName: path, pointSize: size, file: file, isSystemDefault: false)
    }

    /// DejaVu Sans at `size` points (UIFont.systemFont(ofSize:)'s role). Never throws: a size
    /// that is not positive and finite is reported when the text is drawn.
    public static func systemFont(ofSize size: Double) -> Font {
        Font(familyName: defaultFamily, pointSize: size, file: nil, isSystemDefault: true)
    }

    /// The same typeface at another size.
    public func withSize(_ size: Double) -> Font {
        Font(familyName: familyName, pointSize: size, file: file, isSystemDefault: isSystemDefault)
    }

    private init(familyName: String, pointSize: Double, file: FontFileReference?, isSystemDefault: Bool) {
        self.familyName = familyName
        self.pointSize = pointSize
        self.file = file
        self.isSystemDefault = isSystemDefault
    }

    static func validate(_ size: Double) throws(TextError) {
        guard size.isFinite, size > 0, size <= TextLimits.maxPixelSize else { throw .invalidFontSize(size) }
    }

    /// The face to draw with. Only under the engine's lock.
    func resolveFace(in engine: TextEngine) throws(TextError) -> FontFace {
        if let file { return try engine.face(file) }
        let locator = try engine.locator()
        do {
            return try engine.face(try locator.locate(family: familyName))
        } catch {
            guard isSystemDefault else { throw error }
            Self.warnAboutDefaultOnce(error)
            return try engine.face(try locator.locate(family: "sans-serif"))
        }
    }

    nonisolated(unsafe) private static var warned = false  // written under the engine's lock
    private static func warnAboutDefaultOnce(_ error: TextError) {
        guard !warned else { return }
        warned = true
        Logger(label: "segue.text").warning(
            "default font \(defaultFamily) unavailable (\(error)); using fontconfig's sans-serif (install fonts-dejavu-core)")
    }
}
