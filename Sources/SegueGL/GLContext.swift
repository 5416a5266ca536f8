/// A GL context that a platform back end made and owns (a headless EGL context, a GLFW
/// window). The renderer never creates one: it is handed one that is current on its thread.
public protocol GLContext: AnyObject {
    /// A short name of the back end and driver, for logs and benchmark reports.
    var backendDescription: String { get }
    /// Makes the context current on the calling thread.
    func makeCurrent() throws(GLError)
    /// Whether this context is current on the calling thread.
    var isCurrent: Bool { get }
    /// The size of the default framebuffer in pixels, or nil when there is none (headless).
    var drawableSize: (width: Int, height: Int)? { get }
    /// Shows the default framebuffer (windows); headless contexts do nothing.
    func present() throws(GLError)
    /// GLSL ES contexts need `#version 300 es`; desktop core contexts `#version 330 core`.
    var shadingLanguage: ShadingLanguage { get }
}

/// The dialect the context compiles; shader bodies are written in the subset common to both.
public enum ShadingLanguage: Sendable {
    case glsl330Core
    case glslES300

    /// The lines put before every shader body.
    public var header: String {
        switch self {
        case .glsl330Core: return "#version 330 core\nprecision highp float;\nprecision highp int;\n"
        // GLSL ES samplers default to low precision; Mesa then reads textures at half precision.
        case .glslES300: return "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
        }
    }
}
