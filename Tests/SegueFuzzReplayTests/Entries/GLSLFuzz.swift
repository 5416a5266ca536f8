import SegueGLSL

/// The GLSL front end without a GL context: the gl-transition parser (uniforms, defaults,
/// ranges), the macro budget and the compile budget (`GLTransitionSource.parse`).
enum GLSLFuzz {
    static func run(_ data: [UInt8]) {
        guard let source = try? GLTransitionSource.parse(String(decoding: data, as: UTF8.self), name: "fuzz") else { return }
        // A source that passed: every parameter's default goes back through the value parser.
        for parameter in source.parameters {
            _ = try? source.value(for: parameter.name, from: parameter.defaultValue.description)
        }
    }
}
