import SegueShaders

/// A linked vertex + fragment program. Uniform locations are looked up once, when a caller
/// builds its bindings, never per frame.
public final class ShaderProgram {
    public let name: ProgramName
    /// The fragment source as compiled (with its header), for diagnostics.
    public let fragmentSource: String
    private let device: GLDevice
    public private(set) var isReleased = false

    init(device: GLDevice, name: ProgramName, fragmentSource: String) {
        self.device = device
        self.name = name
        self.fragmentSource = fragmentSource
    }

    /// The location of a uniform, or -1 when the program has no such active uniform
    /// (setting -1 is a no-op in GL, which is what a compiled-out parameter wants).
    public func uniformLocation(_ uniform: String) -> Int32 { GL.uniformLocation(name, uniform) }

    @inline(__always)
    public func use() { GL.useProgram(name) }

    public func release() {
        guard !isReleased else { return }
        isReleased = true
        device.deleteObject(name)
    }
}

extension GLDevice {
    /// Compiles and links a program whose vertex stage is the fullscreen triangle.
    /// `fragmentBody` has no `#version` line; the context's header is prepended.
    public func makeFullscreenProgram(fragmentBody: String) throws(GLError) -> ShaderProgram {
        try makeProgram(vertexBody: ShaderLibrary.fullscreenVertex, fragmentBody: fragmentBody)
    }

    /// Compiles both stages and links them. Failures throw `GLError.shaderCompilation` /
    /// `.programLink` with the stage, the driver's log and the numbered source.
    public func makeProgram(vertexBody: String, fragmentBody: String) throws(GLError) -> ShaderProgram {
        let vertexSource = shaderSource(vertexBody)
        let fragmentSource = shaderSource(fragmentBody)
        let vertex = try compileShader(stage: .vertex, source: vertexSource)
        defer { deleteObject(vertex) }
        let fragment = try compileShader(stage: .fragment, source: fragmentSource)
        defer { deleteObject(fragment) }

        let name = GL.createProgram()
        objectCreated(name)
        let program = ShaderProgram(device: self, name: name, fragmentSource: fragmentSource)
        GL.attachShader(name, vertex)
        GL.attachShader(name, fragment)
        GL.linkProgram(name)
        countLink()
        GL.detachShader(name, vertex)
        GL.detachShader(name, fragment)
        guard GL.programParameter(name, GL.linkStatus) != 0 else {
            let log = GL.programInfoLog(name)
            program.release()
            throw GLError.programLink(ShaderFailure(stage: .program, log: log, source: fragmentSource))
        }
        try checkError("glLinkProgram")
        return program
    }

    private func compileShader(stage: ShaderFailure.Stage, source: String) throws(GLError) -> ShaderName {
        let shader = GL.createShader(stage == .vertex ? GL.vertexShader : GL.fragmentShader)
        objectCreated(shader)
        GL.shaderSource(shader, source)
        GL.compileShader(shader)
        countCompile()
        guard GL.shaderParameter(shader, GL.compileStatus) != 0 else {
            let log = GL.shaderInfoLog(shader)
            deleteObject(shader)
            throw GLError.shaderCompilation(ShaderFailure(stage: stage, log: log, source: source))
        }
        return shader
    }
}
