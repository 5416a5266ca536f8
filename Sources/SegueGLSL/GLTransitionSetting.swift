/// One parameter setting of a gl-transition: a parameter's name and its typed value. A sampler2D
/// parameter's value is `.texture(text)`, the text being a PNG path or a built-in luma map's name
/// (see `GLTransitionTexture.resolve`).
public struct GLTransitionSetting: Sendable, Equatable {
    public let name: String
    public let value: GLTransitionValue

    public init(_ name: String, _ value: GLTransitionValue) {
        self.name = name
        self.value = value
    }

    /// Parses `name=value` as written on a command line ("steps=30", "center=0.5,0.5",
    /// "luma=spiral-1"), checking the name, type, arity and range against `source`.
    public static func parse(_ text: String, for source: GLTransitionSource) throws(GLTransitionError) -> GLTransitionSetting {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { throw .notASetting(file: source.name, text: text) }
        return GLTransitionSetting(parts[0], try source.value(for: parts[0], from: parts[1]))
    }
}
