import Foundation
import SegueTiming
import SegueAppHost
import SegueColor
import SegueEffects
import SegueGL
import SegueImage
import SegueUIKit
import SegueTransitions

/// The transition player as an app on `WindowHost`: `segue play` and `segue demo` without the
/// argument parsing. It plays one show at a time (N/P switch through `names` in place), takes
/// keys through the responder chain and the pointer through a gesture recognizer, letterboxes
/// the show's stage under the overlay, and draws only while something moves: a paused or
/// finished player that nothing changes draws no frames.
///
/// It never prints: what a script or a user reads (trace lines, a saved screenshot's path, a
/// picture reduced to fit the GL) reaches the caller through `report`.
///
/// ```swift
/// let player = try PlayerWindow(configuration, report: { print($0) })
/// let summary = try player.run()  // until Q, Escape, the close button or `seconds`
/// ```
@MainActor
public final class PlayerWindow {
    /// What to play and how.
    public struct Configuration {
        /// The shows N and P go through (effects and scenarios), in order.
        public var names: [String]
        /// The index in `names` of the show the window opens with.
        public var startIndex: Int
        /// Makes the named transition for a name (`isFirst`: the show the window opened with,
        /// which takes the user's parameters); nil: the name is no effect (a scenario, maybe).
        public var makeTransition: (_ name: String, _ isFirst: Bool) throws -> NamedTransition?
        /// The pictures at their own size (each show fits them to its stage by `resize`).
        public var from: RGBAImage
        public var to: RGBAImage
        /// What the pictures are called in a notice (a path, or "the sample").
        public var labels: (from: String, to: String)
        public var resize: ResizeMode
        /// The window's size in points.
        public var size: (width: Int, height: Int)
        /// Seconds from one picture to the other (nil: 2 for effects, a scenario's own duration).
        public var duration: Double?
        /// The repeat mode (nil: each show's own default); L cycles it.
        public var loop: PlayerTimeline.LoopMode?
        /// Whether the overlay shows at first (H toggles it).
        public var showsOverlay = true
        /// Close after this many seconds of real time (scripted runs); nil: when the user closes it.
        public var seconds: Double?
        /// The folder S saves screenshots into.
        public var screenshotFolder = "."
        /// Wait for the display's refresh between frames (off: draw as fast as the driver goes).
        public var vsync = true
        /// Where effects mix the pictures: sRGB-encoded values (the default) or linear light.
        public var blendSpace: BlendSpace = .srgb
        /// Where display time comes from: real time, or a fixed step per drawn frame (scripted runs).
        public var timeSource = HostClock.real
        /// Where a name that `makeTransition` does not make (a scenario) is looked up.
        public var catalog = TransitionCatalog.builtIn
        /// Makes a show of one's own for a name, asked before `makeTransition` (an edit's
        /// preview, `FrameSequenceShow`); nil, or nil for a name: the transitions' shows.
        public var makeShow: ((_ name: String, _ device: GLDevice, _ size: (width: Int, height: Int), _ trace: @escaping (String) -> Void)
            throws -> (any PlayerShow)?)?

        public init(
            names: [String], startIndex: Int, makeTransition: @escaping (_ name: String, _ isFirst: Bool) throws -> NamedTransition?,
            from: RGBAImage, to: RGBAImage, labels: (from: String, to: String), resize: ResizeMode, size: (width: Int, height: Int)
        ) {
            self.names = names
            self.startIndex = startIndex
            self.makeTransition = makeTransition
            self.from = from
            self.to = to
            self.labels = labels
            self.resize = resize
            self.size = size
        }

        /// Every transition of `catalog` in its order (N/P go through them), opening on `start`
        /// (a registered name or a `.glsl` file's path, which then comes first) with `settings`
        /// (`name=value` texts for a gl-transition).
        public init(
            catalog: TransitionCatalog, start: String, settings: [String] = [], from: RGBAImage, to: RGBAImage,
            labels: (from: String, to: String), resize: ResizeMode, size: (width: Int, height: Int),
            edges: GLTransitionEffect.EdgeMode = .clamp
        ) {
            var names = catalog.names
            if !names.contains(start) { names.insert(start, at: 0) }
            self.init(
                names: names, startIndex: names.firstIndex(of: start) ?? 0,
                makeTransition: { name, isFirst in
                    try catalog.effect(named: name, settings: isFirst ? settings : [], resize: resize, edges: edges)
                },
                from: from, to: to, labels: labels, resize: resize, size: size)
            self.catalog = catalog
        }
    }

    /// What the player tells its caller (the CLI prints these; an app may log them).
    public enum Report: Sendable {
        /// A change made by a key, the pointer or a resize, as one line (`pause 0.25`, `scrub 0.5`,
        /// `effect cube-push`): what `--trace-scrub` prints.
        case trace(String)
        /// S saved the frame on screen to this path.
        case screenshotSaved(path: String)
        /// A picture was larger than this GL's textures and was reduced (its label, and how).
        case pictureReduced(PictureReduction, label: String)
        /// The window drew its `count`-th frame (scripted runs count frames with it: a pointer
        /// resting mid-drag draws none).
        case frameDrawn(count: Int)
    }

    private let host: WindowHost
    private let controller: PlayerController

    /// Opens the window (not shown until `run`) and checks the configuration: `names` must not be
    /// empty and `startIndex` must be one of its indices.
    public init(_ configuration: Configuration, report: @escaping @MainActor (Report) -> Void) throws(PlayerWindowError) {
        guard configuration.names.indices.contains(configuration.startIndex) else {
            throw .noSuchShow(index: configuration.startIndex, count: configuration.names.count)
        }
        let name = configuration.names[configuration.startIndex]
        do {
            host = try WindowHost(
                title: PlayerController.title(name),
                size: Size(width: Double(configuration.size.width), height: Double(configuration.size.height)),
                framesPerSecond: configuration.vsync ? nil : .infinity, vsync: configuration.vsync)
        } catch { throw .window(error) }
        host.timeSource = configuration.timeSource
        controller = PlayerController(configuration: configuration, host: host, report: report)
    }

    /// The GL renderer drawing the window (what the CLI's first line names).
    public var renderer: String { host.device.renderer }

    /// Shows the window and plays until it closes (Q or Escape, the close button, `seconds`, or
    /// the window destroyed by another client); returns the frame-time statistics of the run.
    /// Throws what ended it otherwise: a `PlayerWindowError`, the host's `WindowHostError`, or
    /// the error of a show that could not be made or drawn (`makeTransition`'s, a GL error).
    public func run() throws -> FrameStats.Summary {
        if let seconds = controller.configuration.seconds { host.requestClose(afterSeconds: seconds) }
        host.frameObserver = { [controller] statistics in controller.frameDrawn(statistics) }
        try host.run(rootViewController: controller)  // the controller frees the show in `willRelease`
        if let error = controller.failure { throw error }
        return controller.stats.summary(vsyncRequested: controller.configuration.vsync, refreshHz: controller.refreshRate)
    }
}

/// Why the player could not start or go on.
public enum PlayerWindowError: Error, Equatable, CustomStringConvertible {
    /// A name that is neither an effect nor a built-in scenario.
    case unknownShow(String)
    /// `startIndex` is not an index of `names`.
    case noSuchShow(index: Int, count: Int)
    /// The window could not be opened (no display, a bad size, no GL context).
    case window(WindowHostError)

    public var description: String {
        switch self {
        case .unknownShow(let name): "unknown effect '\(name)'; see `segue render --list`"
        case .noSuchShow(let index, let count): "show \(index) of \(count) names does not exist"
        case .window(let error): error.description
        }
    }
}
