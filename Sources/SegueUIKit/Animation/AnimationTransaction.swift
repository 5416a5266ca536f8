/// What `View.animate` and `PropertyAnimator` are recording right now — CATransaction's role.
///
/// Not an animation store: every stack here is empty again when the closure that pushed onto it
/// returns, so it holds nothing between frames and two windows never share anything through it.
/// Tracks, groups, time domains and display links live in the `AnimationEngine` of the window
/// whose views they animate (`Window.animationEngine`).
@MainActor
enum AnimationTransaction {
    /// The groups being recorded, innermost last (an animation block may start another).
    private(set) static var recording: [AnimationGroup] = []
    /// Above 0 inside `View.performWithoutAnimation` and model updates made by the engine.
    private(set) static var suppressRecording = 0
    /// While set, new `View.animate` groups run on this domain's local time.
    private(set) static var captureDomain: AnimationTimeDomain?
    /// The engines whose work is running (a frame's completions and display links, a window's
    /// transition starting its animator), innermost last.
    private static var enginesInCharge: [AnimationEngine] = []

    /// The engine for work that names no window: an animation of views in no window, a
    /// completion-only block. The innermost engine in charge, else the process default.
    static var engineInCharge: AnimationEngine { enginesInCharge.last ?? .main }

    static var currentGroup: AnimationGroup? { suppressRecording == 0 ? recording.last : nil }

    static func record(_ group: AnimationGroup, _ body: () -> Void) {
        recording.append(group)
        body()
        recording.removeLast()
    }

    static func withoutRecording(_ body: () -> Void) {
        suppressRecording += 1
        body()
        suppressRecording -= 1
    }

    static func withTimeDomain(_ domain: AnimationTimeDomain, _ body: () -> Void) {
        let previous = captureDomain
        captureDomain = domain
        body()
        captureDomain = previous
    }

    static func inCharge<Result, Failure: Error>(
        _ engine: AnimationEngine, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        enginesInCharge.append(engine)
        defer { enginesInCharge.removeLast() }
        return try body()
    }
}

extension View {
    /// The engine that runs this view's animations: its window's (`Window.animationEngine`);
    /// for a view in no window, the engine in charge of the code running now (the window whose
    /// frame or transition it is), else the process default `AnimationEngine.main`.
    public var animationEngine: AnimationEngine {
        Window.containing(self)?.animationEngine ?? AnimationTransaction.engineInCharge
    }

    /// The diagnostics of this view's window; `TransitionDiagnostics.shared` for a view in no window.
    public var transitionDiagnostics: TransitionDiagnostics {
        Window.containing(self)?.diagnostics ?? .shared
    }
}
