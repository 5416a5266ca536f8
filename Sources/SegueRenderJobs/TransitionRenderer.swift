import Foundation
import SegueColor
import SegueEffects
import SegueGL
import SegueHeadless
import SegueImage
import SegueOutput
import SegueUIKit
import SegueStage
import SegueTransitions

/// Renders a transition between two pictures headlessly: an effect (the pixel dissolve, a
/// gl-transition built-in such as `wipeleft`, a `.glsl` file) or one of the seeds' view-controller
/// transitions (`TransitionScenario`), to frames, PNG files or a contact sheet. Each call makes
/// its own EGL context and frees every GPU object before it returns.
///
///     let renderer = try TransitionRenderer(named: "wipeleft", width: 320, height: 180)
///     let frames = try renderer.frames(from: a, to: b, count: 5)
@MainActor
public struct TransitionRenderer {
    public enum Transition {
        case effect(NamedTransition)
        /// A view-controller transition: each picture becomes a screen, the scenario runs in a
        /// headless window and a virtual clock steps through its duration.
        case scenario(TransitionScenario)
        /// Any effect (an effect graph of one's own, say) made on the renderer's device between the
        /// two pictures' textures; the renderer releases it.
        case custom(name: String, make: @MainActor (GLDevice, Texture, Texture) throws -> any TransitionEffect)
    }

    /// One rendered frame: its index, its progress (0...1, index / (count - 1)) and its picture.
    public struct Frame {
        public let index: Int
        public let progress: Double
        public let image: RGBAImage
    }

    public let transition: Transition
    public let width: Int
    public let height: Int
    /// How pictures of another aspect ratio are fitted to a scenario's screens (an effect fits
    /// them by its own `NamedTransition.resize`; `init(named:)` sets both).
    public var resize: ResizeMode
    /// fused (one generated shader) or onePassPerFilter, for effect graphs.
    public var mode: ExecutionMode = .fused
    /// Where an effect mixes the pictures: sRGB-encoded values (the default, gl-transitions' and
    /// xfade's) or linear light. View-controller scenarios composite in sRGB whatever it is.
    public var blendSpace: BlendSpace = .srgb
    /// Told when a picture is larger than the GL's textures and was reduced to fit (`true`: the
    /// from-picture); the frames then have less detail than the picture had.
    public var onReduced: ((_ isFrom: Bool, PictureReduction) -> Void)?

    public var name: String {
        switch transition {
        case .effect(let effect): effect.name
        case .scenario(let scenario): scenario.name
        case .custom(let name, _): name
        }
    }

    public init(_ transition: Transition, width: Int, height: Int, resize: ResizeMode = .cover) throws(TransitionRenderError) {
        guard (1...16_384).contains(width), (1...16_384).contains(height) else { throw .badSize(width: width, height: height) }
        self.transition = transition
        (self.width, self.height, self.resize) = (width, height, resize)
    }

    /// A transition by name in `catalog` (the built-ins unless told): an effect, a gl-transition,
    /// a view-controller scenario, or a `.glsl` file's path. `settings` are `name=value` texts for
    /// a gl-transition's parameters.
    public init(
        named name: String, settings: [String] = [], width: Int = 640, height: Int = 360, resize: ResizeMode = .cover,
        edges: GLTransitionEffect.EdgeMode = .clamp, catalog: TransitionCatalog = .builtIn
    ) throws(TransitionRenderError) {
        let effect: NamedTransition?
        // A user's file is compiled first under the compile budget; a program that installed none gets the default.
        if name.hasSuffix(".glsl") { ShaderCompileProbe.installDefaultIfNeeded() }
        do { effect = try catalog.effect(named: name, settings: settings, resize: resize, edges: edges) } catch {
            throw .effect(error)
        }
        if let effect {
            try self.init(.effect(effect), width: width, height: height, resize: resize)
        } else if let scenario = catalog.entry(named: name)?.scenario {
            try self.init(.scenario(scenario), width: width, height: height, resize: resize)
        } else {
            throw .effect(.unknownName(name, known: catalog.names))
        }
    }

    /// Every name `init(named:)` takes besides `.glsl` files: effects, gl-transitions, scenarios.
    nonisolated public static var builtInNames: [String] { TransitionCatalog.builtIn.names }

    /// `count` frames at progress i / (count - 1), handed one by one to `body` (so long renders
    /// keep one frame in memory). Pictures go to the GPU at their own size and are fitted by
    /// `resize`.
    /// Returns the GL renderer's name (for a caption: which driver drew the frames).
    @discardableResult
    public func render(
        from: RGBAImage, to: RGBAImage, count: Int, _ body: (Frame) throws -> Void
    ) throws -> String {
        try render(from: PictureSource.decoded(from), to: .decoded(to), count: count, body)
    }

    /// As `render(from:to:count:_:)` for pictures not yet decoded (`PictureFitting.source`): a PNG
    /// is decoded a strip at a time into its texture, and its damage is thrown before any frame.
    @discardableResult
    public func render(
        from: PictureSource, to: PictureSource, count: Int, _ body: (Frame) throws -> Void
    ) throws -> String {
        guard (1...100_000).contains(count) else { throw TransitionRenderError.badFrameCount(count) }
        return try render(from: from, to: to, at: (0..<count).map { Self.progress($0, of: count) }, body)
    }

    /// Frames at the given progress points (each 0...1; a scenario's at that fraction of its duration).
    @discardableResult
    public func render(
        from: RGBAImage, to: RGBAImage, at progress: [Double], _ body: (Frame) throws -> Void
    ) throws -> String {
        try render(from: PictureSource.decoded(from), to: .decoded(to), at: progress, body)
    }

    /// As `render(from:to:at:_:)` for pictures not yet decoded (`PictureFitting.source`).
    @discardableResult
    public func render(
        from: PictureSource, to: PictureSource, at progress: [Double], _ body: (Frame) throws -> Void
    ) throws -> String {
        guard (1...100_000).contains(progress.count) else { throw TransitionRenderError.badFrameCount(progress.count) }
        if let bad = progress.first(where: { !(0...1).contains($0) }) { throw TransitionRenderError.badProgress(bad) }
        switch transition {
        case .effect(let effect):
            return try renderEffect(from: from, to: to, at: progress, fit: effect.resize, body) { device, a, b in
                try effect.makeEffect(device: device, from: a, to: b, mode: mode, blendSpace: blendSpace)
            }
        case .custom(_, let make):
            // Its own fit is not known here: its pictures go as they are.
            return try renderEffect(from: from, to: to, at: progress, fit: nil, body, make: make)
        case .scenario(let scenario):
            // Only a scenario needs a window, and so resets the process's animation engine.
            let stage: HeadlessStage
            do { stage = try HeadlessStage(width: width, height: height) } catch { throw TransitionRenderError.stage(error) }
            defer { stage.release() }
            try renderScenario(scenario, from: from, to: to, at: progress, stage: stage, body)
            return stage.device.renderer
        }
    }

    /// `count` frames in memory.
    public func frames(from: RGBAImage, to: RGBAImage, count: Int) throws -> [RGBAImage] {
        var images: [RGBAImage] = []
        try render(from: from, to: to, count: count) { images.append($0.image) }
        return images
    }

    /// Frames at the given progress points, in memory.
    public func frames(from: RGBAImage, to: RGBAImage, at progress: [Double]) throws -> [RGBAImage] {
        var images: [RGBAImage] = []
        try render(from: from, to: to, at: progress) { images.append($0.image) }
        return images
    }

    /// Writes `count` frames as `frame-0000.png`, … into `directory` (made if missing) and returns
    /// their paths. Frames already there are overwritten; for an all-or-nothing folder, render
    /// into a staging folder and move it.
    @discardableResult
    public func writePNGs(from: RGBAImage, to: RGBAImage, count: Int, into directory: String) throws -> [String] {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw TransitionRenderError.cannotWrite(path: directory, reason: error.localizedDescription)
        }
        var paths: [String] = []
        try render(from: from, to: to, count: count) { frame in
            let path = (directory as NSString).appendingPathComponent(Self.frameName(frame.index))
            try PNGCodec.write(frame.image, to: path)
            paths.append(path)
        }
        return paths
    }

    /// `frame-0042.png`: four digits at least, so that names sort in frame order.
    nonisolated public static func frameName(_ index: Int) -> String { OutputDirectory.frameName(index) }

    /// `fit`: how the effect places its pictures, so that one larger than the frame shows it is
    /// reduced to the frame once, area-averaged (`PictureFitting.prefiltered`); nil leaves them as they are.
    private func renderEffect(
        from: PictureSource, to: PictureSource, at progress: [Double], fit: ResizeMode?, _ body: (Frame) throws -> Void,
        make: (GLDevice, Texture, Texture) throws -> any TransitionEffect
    ) throws -> String {
        return try HeadlessEGLContext.withDevice { device in
            // The GPU pipeline is premultiplied (docs/ARCHITECTURE.md): pictures are premultiplied once
            // here, as they are uploaded, and each frame read back is made straight again once, as PNG stores it.
            // Each reduced to the frame where the effect's fit shows it reduced.
            let fromPicture = try PictureFitting.frameTexture(
                try device.makePremultipliedTexture(picture: uploadable(from, isFrom: true, device: device)),
                device: device, width: width, height: height, mode: fit)
            defer { fromPicture.release() }
            let toPicture = try PictureFitting.frameTexture(
                try device.makePremultipliedTexture(picture: uploadable(to, isFrom: false, device: device)),
                device: device, width: width, height: height, mode: fit)
            defer { toPicture.release() }
            let (fromTexture, toTexture) = (fromPicture.texture, toPicture.texture)
            let target = try device.makeOffscreenTarget(width: width, height: height)
            defer { target.release() }
            let transition = try make(device, fromTexture, toTexture)
            defer { transition.release() }
            for (index, value) in progress.enumerated() {
                transition.progress = Float(value)
                try transition.render(into: target)
                try body(Frame(index: index, progress: value, image: try target.readImage().unpremultipliedAlpha()))
            }
            return device.renderer
        }
    }

    private func renderScenario(
        _ scenario: TransitionScenario, from: PictureSource, to: PictureSource, at progress: [Double], stage: HeadlessStage,
        _ body: (Frame) throws -> Void
    ) throws {
        // Each screen shows its picture fitted by the effects' own geometry, on the GPU.
        let (device, width, height) = (stage.device, width, height)
        let fromScreen = try PictureFitting.screen(
            uploadable(from, isFrom: true, device: device).decodedWhole(), device: device, width: width, height: height, mode: resize)
        defer { fromScreen.release() }
        let toScreen = try PictureFitting.screen(
            uploadable(to, isFrom: false, device: device).decodedWhole(), device: device, width: width, height: height, mode: resize)
        defer { toScreen.release() }
        let fromController = ViewController(name: "from")
        fromController.view.content = .texture(fromScreen.texture)
        let toController = ViewController(name: "to")
        toController.view.content = .texture(toScreen.texture)
        stage.window.rootViewController = fromController
        scenario.start(stage.window, fromController, toController)
        for (index, value) in progress.enumerated() {
            try body(Frame(index: index, progress: value, image: try stage.snapshot(at: value * scenario.duration)))
        }
        if let problem = stage.window.diagnostics.messages.first {
            throw TransitionRenderError.scenarioProblem(scenario: scenario.name, message: problem)
        }
    }

    private func uploadable(_ picture: PictureSource, isFrom: Bool, device: GLDevice) throws -> PictureSource {
        try PictureFitting.uploadable(picture, device: device, label: "") { reduction, _ in onReduced?(isFrom, reduction) }
    }

    static func progress(_ index: Int, of count: Int) -> Double { count == 1 ? 0 : Double(index) / Double(count - 1) }
}

/// Why a transition could not be rendered.
public enum TransitionRenderError: Error, Equatable, CustomStringConvertible {
    case badSize(width: Int, height: Int)
    case badFrameCount(Int)
    case badProgress(Double)
    case effect(NamedTransitionError)
    case stage(HeadlessStageError)
    case cannotWrite(path: String, reason: String)
    /// A view-controller transition reported a problem through `TransitionDiagnostics`.
    case scenarioProblem(scenario: String, message: String)

    public var description: String {
        switch self {
        case .badSize(let width, let height): "a frame is 1...16384 pixels on each side, not \(width)x\(height)"
        case .badFrameCount(let count): "frames must be 1...100000, not \(count)"
        case .badProgress(let value): "progress points are 0...1, not \(value)"
        case .effect(let error): error.description
        case .stage(let error): error.description
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        case .scenarioProblem(let scenario, let message): "transition '\(scenario)' reported a problem: \(message)"
        }
    }
}
