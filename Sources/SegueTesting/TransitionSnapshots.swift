import SegueEffects
import SegueGL
import SegueHeadless
import SegueImage
import SegueRenderJobs
import SegueUIKit
import SegueStage
import SegueTransitions

/// Pictures of a transition at chosen points, rendered headlessly (EGL; Mesa llvmpipe where there
/// is no GPU), for `GoldenStore.check(_:named:)`. Each call makes its own stage and frees it.
///
///     let pictures = try TransitionSnapshots.presentation(of: detail, from: list, animator: MyAnimator(), width: 160, height: 240)
///     goldens.check(pictures, named: "my-animator")
@MainActor
public enum TransitionSnapshots {
    /// Progress 0, ¼, ½, ¾ and 1.
    public static let quarters: [Double] = [0, 0.25, 0.5, 0.75, 1]

    // MARK: - Effects

    /// A transition by name (a gl-transitions built-in such as `wipeleft`, the pixel dissolve, a
    /// `.glsl` file, a seeds' scenario) between two pictures, at `progress`.
    public static func transition(
        named name: String, settings: [String] = [], from: RGBAImage, to: RGBAImage, width: Int, height: Int,
        resize: ResizeMode = .cover, at progress: [Double] = quarters
    ) throws -> [RGBAImage] {
        try TransitionRenderer(named: name, settings: settings, width: width, height: height, resize: resize)
            .frames(from: from, to: to, at: progress)
    }

    /// An effect of one's own (an effect graph, say) made on the stage's device between the
    /// pictures' textures, at `progress`. The effect is released afterwards.
    public static func effect(
        named name: String = "effect", from: RGBAImage, to: RGBAImage, width: Int, height: Int, at progress: [Double] = quarters,
        make: @escaping @MainActor (GLDevice, Texture, Texture) throws -> any TransitionEffect
    ) throws -> [RGBAImage] {
        try TransitionRenderer(.custom(name: name, make: make), width: width, height: height).frames(from: from, to: to, at: progress)
    }

    // MARK: - View-controller transitions

    /// Presents `presented` from `presenting` (the window's root) with `delegate`'s animator, and
    /// pictures the window at each `progress` (increasing) of the animator's duration. The clock moves frame by
    /// frame at 60 frames a second in between, as a display would. `settle` runs before the first
    /// frame (lay out, set colours), with the stage.
    public static func presentation(
        of presented: ViewController, from presenting: ViewController, delegate: any ViewControllerTransitioningDelegate,
        width: Int, height: Int, at progress: [Double] = quarters, settle: (HeadlessStage) throws -> Void = { _ in }
    ) throws -> [RGBAImage] {
        try checkProgress(progress)
        return try HeadlessStage.run(width: width, height: height) { stage in
            stage.window.rootViewController = presenting
            try settle(stage)
            try stage.snapshot()
            presented.transitioningDelegate = delegate  // weak: `delegate` is kept alive by this call
            let duration = delegate.animationController(forPresented: presented, presenting: presenting, source: presenting)?
                .transitionDuration(using: nil) ?? 0
            let start = stage.now
            presenting.present(presented, animated: true)
            var pictures: [RGBAImage] = []
            for value in progress { pictures.append(try stage.advance(to: start + value * duration)) }
            try checkDiagnostics(stage.window)
            return withExtendedLifetime(delegate) { pictures }
        }
    }

    /// As `presentation(of:from:delegate:…)` with an animator (wrapped in a fixed delegate).
    public static func presentation(
        of presented: ViewController, from presenting: ViewController, animator: any ViewControllerAnimatedTransitioning,
        width: Int, height: Int, at progress: [Double] = quarters, settle: (HeadlessStage) throws -> Void = { _ in }
    ) throws -> [RGBAImage] {
        try presentation(
            of: presented, from: presenting, delegate: FixedTransitioningDelegate(present: animator),
            width: width, height: height, at: progress, settle: settle)
    }

    /// An interactive presentation driven by a percent-driven interaction controller: the window
    /// at each `percent` given to `update(_:)` (the gesture's position), one frame after it.
    public static func interactivePresentation(
        of presented: ViewController, from presenting: ViewController, animator: any ViewControllerAnimatedTransitioning,
        width: Int, height: Int, percents: [Double] = quarters, settle: (HeadlessStage) throws -> Void = { _ in }
    ) throws -> [RGBAImage] {
        try checkProgress(percents)
        let interaction = PercentDrivenInteractiveTransition()
        let delegate = FixedTransitioningDelegate(present: animator)
        delegate.presentInteraction = interaction
        return try HeadlessStage.run(width: width, height: height) { stage in
            stage.window.rootViewController = presenting
            try settle(stage)
            try stage.snapshot()
            presented.transitioningDelegate = delegate
            presenting.present(presented, animated: true)
            var pictures: [RGBAImage] = []
            for percent in percents {
                interaction.update(percent)
                pictures.append(try stage.step())
            }
            // Finish, so the transition ends before the stage goes (its views are released with it).
            interaction.finish()
            try stage.play(animator.transitionDuration(using: nil) + 2 * stage.frameStep)
            try checkDiagnostics(stage.window)
            return withExtendedLifetime(delegate) { pictures }
        }
    }

    private static func checkProgress(_ progress: [Double]) throws(TransitionRenderError) {
        guard (1...10_000).contains(progress.count) else { throw .badFrameCount(progress.count) }
        if let bad = progress.first(where: { !(0...1).contains($0) }) { throw .badProgress(bad) }
    }

    /// A transition that reported a problem (a missing `completeTransition`, say) fails the snapshot.
    private static func checkDiagnostics(_ window: Window) throws(TransitionRenderError) {
        if let problem = window.diagnostics.messages.first {
            throw .scenarioProblem(scenario: "presentation", message: problem)
        }
    }
}
