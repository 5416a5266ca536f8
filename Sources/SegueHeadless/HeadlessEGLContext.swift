@preconcurrency import CEpoxy
import SegueGL
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A GL context with no window and no surface, for tests, benchmarks and offline rendering.
/// It renders into framebuffer objects only.
///
/// The display is chosen in this order: an EGL device that is a real GPU
/// (EGL_EXT_platform_device), Mesa's surfaceless platform (llvmpipe on machines without a
/// GPU), then the default display. `SEGUE_EGL_PLATFORM=device|surfaceless|default` forces one.
/// It asks for desktop GL 3.3 core and falls back to OpenGL ES 3.0.
public final class HeadlessEGLContext: GLContext {
    public let backendDescription: String
    public let shadingLanguage: ShadingLanguage
    private let display: EGLDisplay
    private var context: EGLContext?

    /// Which client API to ask for.
    public enum API: Sendable {
        /// Desktop GL 3.3 core, falling back to OpenGL ES 3.0.
        case automatic
        /// OpenGL ES 3.0 only (checks that shaders stay GLSL ES 3.00-compatible).
        case openGLES3
    }

    public init(api: API = .automatic) throws(GLError) {
        let (display, platform) = try EGLDisplayRegistry.shared()
        self.display = display
        let extensions = EGLDisplayRegistry.extensions(display)
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            throw GLError.contextCreation(
                backend: "EGL \(platform)", reason: "EGL_KHR_surfaceless_context is not supported")
        }
        let config = try Self.config(display: display, extensions: extensions, platform: platform)
        if api == .automatic, let context = Self.createContext(display, config, api: EGLenum(EGL_OPENGL_API), attributes: [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]) {
            self.context = context
            shadingLanguage = .glsl330Core
        } else if let context = Self.createContext(display, config, api: EGLenum(EGL_OPENGL_ES_API), attributes: [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE,
        ]) {
            self.context = context
            shadingLanguage = .glslES300
        } else {
            throw GLError.contextCreation(
                backend: "EGL \(platform)",
                reason: "neither OpenGL 3.3 core nor OpenGL ES 3.0 is available (\(EGLDisplayRegistry.lastError()))")
        }
        backendDescription = "EGL \(platform), " + (shadingLanguage == .glsl330Core ? "GL 3.3 core" : "GLES 3.0")
        try makeCurrent()
    }

    public func makeCurrent() throws(GLError) {
        guard let context else { throw GLError.released(object: "HeadlessEGLContext") }
        guard epoxy_eglMakeCurrent(display, nil, nil, context) != 0 else {
            throw GLError.contextCreation(
                backend: backendDescription, reason: "eglMakeCurrent failed (\(EGLDisplayRegistry.lastError()))")
        }
    }

    public var isCurrent: Bool { context != nil && epoxy_eglGetCurrentContext() == context }
    public var drawableSize: (width: Int, height: Int)? { nil }
    public func present() throws(GLError) {}

    /// Destroys the context; call on the thread it is current on, after the GLDevice's release.
    public func release() {
        guard let context else { return }
        if isCurrent { _ = epoxy_eglMakeCurrent(display, nil, nil, nil) }
        _ = epoxy_eglDestroyContext(display, context)
        self.context = nil
    }

    private static func config(
        display: EGLDisplay, extensions: String, platform: String
    ) throws(GLError) -> EGLConfig? {
        // Configless contexts need no pixel format at all: nothing is ever drawn to a surface.
        if extensions.contains("EGL_KHR_no_config_context") { return nil }
        let attributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE]
        var config: EGLConfig?
        var count: EGLint = 0
        guard epoxy_eglChooseConfig(display, attributes, &config, 1, &count) != 0, count > 0 else {
            throw GLError.contextCreation(backend: "EGL \(platform)", reason: "no EGL config (\(EGLDisplayRegistry.lastError()))")
        }
        return config
    }

    private static func createContext(
        _ display: EGLDisplay, _ config: EGLConfig?, api: EGLenum, attributes: [EGLint]
    ) -> EGLContext? {
        guard epoxy_eglBindAPI(api) != 0 else { return nil }
        return epoxy_eglCreateContext(display, config, nil, attributes)
    }
}

/// The process's one initialized EGL display, shared by every headless context.
enum EGLDisplayRegistry {
    private static let state = Mutex<(display: UInt, platform: String)?>(nil)

    static func shared() throws(GLError) -> (EGLDisplay, String) {
        let result: Result<(UInt, String), GLError> = state.withLock { state in
            if let state { return .success((state.display, state.platform)) }
            do throws(GLError) {
                let (display, platform) = try open()
                state = (UInt(bitPattern: display), platform)
                return .success((UInt(bitPattern: display), platform))
            } catch {
                return .failure(error)
            }
        }
        let (bits, platform) = try result.get()
        guard let display = EGLDisplay(bitPattern: bits) else {
            throw GLError.contextCreation(backend: "EGL", reason: "no display")
        }
        return (display, platform)
    }

    static func extensions(_ display: EGLDisplay?) -> String {
        guard let p = epoxy_eglQueryString(display, EGL_EXTENSIONS) else { return "" }
        return String(cString: p)
    }

    static func lastError() -> String { "EGL error 0x" + String(epoxy_eglGetError(), radix: 16) }

    private static func open() throws(GLError) -> (EGLDisplay, String) {
        let clientExtensions = extensions(nil)
        let forced = getenvString("SEGUE_EGL_PLATFORM")
        var candidates: [(String, () -> EGLDisplay?)] = []
        if clientExtensions.contains("EGL_EXT_platform_device") {
            candidates.append(("device", { gpuDeviceDisplay() }))
        }
        if clientExtensions.contains("EGL_MESA_platform_surfaceless") {
            candidates.append(("surfaceless", {
                epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
            }))
        }
        candidates.append(("default", { epoxy_eglGetDisplay(nil) }))
        if let forced { candidates = candidates.filter { $0.0 == forced } }
        var reasons: [String] = []
        for (platform, make) in candidates {
            guard let display = make() else { reasons.append("\(platform): no display"); continue }
            var major: EGLint = 0
            var minor: EGLint = 0
            if epoxy_eglInitialize(display, &major, &minor) != 0 {
                return (display, "\(platform) \(major).\(minor)")
            }
            reasons.append("\(platform): eglInitialize failed (\(lastError()))")
        }
        if candidates.isEmpty { reasons.append("SEGUE_EGL_PLATFORM=\(forced ?? "") names no available platform") }
        throw GLError.contextCreation(
            backend: "EGL", reason: "no usable EGL display: " + reasons.joined(separator: "; ")
                + ". Is Mesa's libegl-mesa0 (or a GPU driver's EGL) installed?")
    }

    /// The first EGL device that is not a software renderer, as a display.
    private static func gpuDeviceDisplay() -> EGLDisplay? {
        var count: EGLint = 0
        guard epoxy_eglQueryDevicesEXT(0, nil, &count) != 0, count > 0 else { return nil }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard epoxy_eglQueryDevicesEXT(count, &devices, &count) != 0 else { return nil }
        for device in devices.prefix(Int(count)) {
            guard let device else { continue }
            let deviceExtensions = epoxy_eglQueryDeviceStringEXT(device, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
            if deviceExtensions.contains("EGL_MESA_device_software") { continue }
            if let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil) {
                return display
            }
        }
        return nil
    }

    private static func getenvString(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let s = String(cString: value)
        return s.isEmpty ? nil : s
    }
}
