@preconcurrency import CFontconfig

/// A font file and the face in it (a .ttc holds several).
struct FontFileReference: Hashable, Sendable {
    let path: String
    let index: Int
}

/// Family names → font files, and a font for a character another font lacks, through fontconfig.
/// Used only under `TextEngine`'s lock.
final class FontLocator {
    private let config: OpaquePointer
    private var fallbackCache: [UInt32: FontFileReference?] = [:]
    /// Families found (or not) before: every layout resolves its font's family, and fontconfig's
    /// match took most of the time of 10,000 short texts.
    private var familyCache: [String: Result<FontFileReference, TextError>] = [:]
    /// Names fontconfig resolves to a configured default rather than a family of that name.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui"]

    init() throws(TextError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    /// The file of `family`. fontconfig always offers its best substitute; a substitute whose
    /// family names do not include the one asked for is reported as not found, so that a typo
    /// is an error instead of a silent change of typeface.
    func locate(family: String) throws(TextError) -> FontFileReference {
        if let known = familyCache[family] { return try known.get() }
        let found: Result<FontFileReference, TextError>
        do { found = .success(try match(family: family)) } catch { found = .failure(error) }
        // Bounded: one entry per distinct family name asked for, up to 1,024.
        if familyCache.count < 1024 { familyCache[family] = found }
        return try found.get()
    }

    private func match(family: String) throws(TextError) -> FontFileReference {
        guard let pattern = FcPatternCreate() else { throw .fontconfigUnavailable }
        defer { FcPatternDestroy(pattern) }
        withFcString(family) { _ = FcPatternAddString(pattern, "family", $0) }
        guard let match = bestMatch(pattern) else { throw .fontNotFound(family: family) }
        defer { FcPatternDestroy(match) }
        let requested = family.lowercased()
        if !Self.genericFamilies.contains(requested) {
            let names = strings(match, "family").map { $0.lowercased() }
            guard names.contains(requested) else { throw .fontNotFound(family: family) }
        }
        guard let file = reference(of: match) else { throw .fontNotFound(family: family) }
        return file
    }

    /// A font that has `scalar` (fontconfig weighs the character set above the family), or nil.
    func fallback(for scalar: Unicode.Scalar) -> FontFileReference? {
        if let cached = fallbackCache[scalar.value] { return cached }
        var found: FontFileReference?
        if let pattern = FcPatternCreate(), let charset = FcCharSetCreate() {
            _ = FcCharSetAddChar(charset, scalar.value)
            _ = FcPatternAddCharSet(pattern, "charset", charset)
            if let match = bestMatch(pattern) {
                var matchSet: OpaquePointer?
                if FcPatternGetCharSet(match, "charset", 0, &matchSet) == FcResultMatch, let matchSet,
                   FcCharSetHasChar(matchSet, scalar.value) != 0 {
                    found = reference(of: match)
                }
                FcPatternDestroy(match)
            }
            FcCharSetDestroy(charset)
            FcPatternDestroy(pattern)
        }
        // Bounded: one entry per distinct missing character of the texts drawn.
        if fallbackCache.count < 65536 { fallbackCache[scalar.value] = found }
        return found
    }

    private func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        return match
    }

    private func reference(of pattern: OpaquePointer) -> FontFileReference? {
        guard let path = strings(pattern, "file").first else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, "index", 0, &index) != FcResultMatch { index = 0 }
        return FontFileReference(path: path, index: Int(index))
    }

    private func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    private func withFcString(_ string: String, _ body: (UnsafePointer<FcChar8>) -> Void) {
        let bytes = Array(string.utf8) + [0]
        bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
