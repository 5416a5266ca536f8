import Foundation
import SegueTiming
import SegueGL
import SegueUIKit
import SegueStage
import SegueTransitions

/// A long session in a box: thousands of mixed transitions in one window, each finished,
/// cancelled or interrupted, and the counts that must stay flat sampled as it goes — time
/// domains, animation groups, kept diagnostics, live GL objects, compositor textures, resident
/// memory and the cost of an idle `advance()`. `segue bench --sections soak` runs 10,000 and
/// prints them; the tests run a few hundred and assert that nothing grows after the warm-up.
///
/// The mix (one episode each in turn, outcomes rotating finished → cancelled → interrupted):
/// present/dismiss full screen (the slide-up spring) and custom (the dimming presentation
/// controller), a cube push then a pop, a tab selection, a custom container's swipe, and the
/// GPU pixel dissolve. Interactive ones are driven by a new `PercentDrivenInteractiveTransition`
/// per gesture, as the seeds' pan handlers make. "Interrupted" means grabbed again while the
/// finish animation plays (`pause`, `update`, then `cancel`), or, where there is no pause (the GPU
/// animator), a second request arriving mid-transition (dropped and reported, as UIKit does).
@MainActor
public final class TransitionSoak {
    public struct Sample: Codable, Equatable, Sendable {
        /// Transitions run so far.
        public let transitions: Int
        public let timeDomains: Int
        public let animationGroups: Int
        public let diagnosticsKept: Int
        public let diagnosticsReported: Int
        public let glObjects: Int
        public let compositorTextures: Int
        public let residentBytes: Int
        /// Mean cost of `AnimationEngine.advance(to:)` with nothing animating.
        public let idleAdvanceNanoseconds: Double
    }

    public struct Report: Codable, Sendable {
        public let transitions: Int
        /// Transitions per outcome: finished, cancelled, interrupted.
        public let outcomes: [String: Int]
        /// Transitions per kind (present, dismiss, push, pop, tab, container, gpu-present, ...).
        public let kinds: [String: Int]
        /// Episodes whose transitions had not ended 30 s (virtual) after they started.
        public let stuck: Int
        public let warmedUp: Sample
        public let end: Sample
        public let samples: [Sample]
        /// Resident memory growth after the warm-up: the lowest resident size among the last
        /// quarter of the samples minus the lowest among the first quarter (from the warm-up).
        /// Floors, because resident size on Mesa's llvmpipe jumps up and down by some 15 MB
        /// between samples (its rasterizer threads' heaps); a leak raises the floor.
        public let residentGrowthBytes: Int

        static func residentGrowth(_ samples: [Sample]) -> Int {
            let quarter = max(1, samples.count / 4)
            let first = samples.prefix(quarter).map(\.residentBytes).min() ?? 0
            let last = samples.suffix(quarter).map(\.residentBytes).min() ?? 0
            return last - first
        }
    }

    enum Outcome: String, CaseIterable { case finished, cancelled, interrupted }

    /// The window, its compositor and target, on the caller's device.
    private let stage: HeadlessStage
    private var window: Window { stage.window }
    /// What the soak's window reported (its transitions' dropped and queued requests).
    public var diagnostics: TransitionDiagnostics { window.diagnostics }
    private let clock = VirtualClock(step: 0.05)
    private let tabs: TabBarController
    private let navigation: NavigationController
    private let swipe: SwipeContainerViewController
    private let navigationDelegate: FixedNavigationDelegate
    private let tabDelegate = TabDelegate()
    private var transitions = 0
    private var outcomes: [String: Int] = [:]
    private var kinds: [String: Int] = [:]
    private var stuck = 0
    private var pushed = 0

    /// Episodes' animators run this long (short: the soak is about counts, not looks).
    static let duration = 0.3

    /// Builds the window (64×48, a tab controller holding a navigation controller and a swipe
    /// container) on `device`, which the caller owns and releases after `release()`.
    public init(device: GLDevice) throws(HeadlessStageError) {
        stage = try HeadlessStage(device: device, width: 64, height: 48)
        let home = Self.screen("home", Color(red: 0.2, green: 0.4, blue: 0.8))
        navigation = NavigationController(rootViewController: home)
        navigationDelegate = FixedNavigationDelegate(
            push: CubeRotationAnimator(operation: .push, duration: Self.duration),
            pop: CubeRotationAnimator(operation: .pop, duration: Self.duration))
        navigation.delegate = navigationDelegate
        swipe = SwipeContainerViewController(viewControllers: [
            Self.screen("left", Color(red: 1, green: 0.6, blue: 0)), Self.screen("right", Color(red: 0.2, green: 0.8, blue: 0.2)),
        ])
        swipe.animator = SwipeTransitionAnimator(duration: Self.duration)
        tabs = TabBarController(viewControllers: [navigation, swipe])
        tabs.delegate = tabDelegate
        window.rootViewController = tabs
    }

    /// Releases the GL objects the soak made (on the GL thread, before the device).
    public func release() {
        stage.release()
    }

    /// Runs `count` transitions; the first `warmup` ones fill caches and pools before the
    /// reference sample. `samples` evenly spaced samples are taken after the warm-up.
    public func run(transitions count: Int, warmup: Int, samples sampleCount: Int = 20) throws -> Report {
        window.diagnostics.clear()
        try settle()
        while transitions < warmup { try episode() }
        let warmedUp = sample()
        var samples: [Sample] = [warmedUp]
        let stride = max(1, (count - warmup) / max(1, sampleCount))
        var nextSample = transitions + stride
        while transitions < count {
            try episode()
            if transitions >= nextSample {
                samples.append(sample())
                nextSample += stride
            }
        }
        let end = sample()
        if samples.last?.transitions != end.transitions { samples.append(end) }
        return Report(
            transitions: transitions, outcomes: outcomes, kinds: kinds, stuck: stuck, warmedUp: warmedUp, end: end,
            samples: samples, residentGrowthBytes: Report.residentGrowth(samples))
    }

    // MARK: Episodes

    private var episodeIndex = 0

    private func episode() throws {
        let kind = episodeIndex % 6
        let outcome = Outcome.allCases[(episodeIndex / 6) % 3]
        episodeIndex += 1
        switch kind {
        case 0: try modal(outcome, custom: false)
        case 1: try modal(outcome, custom: true)
        case 2: try pushAndPop(outcome)
        case 3: try selectTab(outcome)
        case 4: try swipeContainer(outcome)
        default: try gpuPresent(outcome)
        }
    }

    /// Present (interactive, with `outcome`), then dismiss whatever is presented.
    private func modal(_ outcome: Outcome, custom: Bool) throws {
        let presented = Self.screen("modal", Color(red: 0.9, green: 0.1, blue: 0.3))
        let interaction = PercentDrivenInteractiveTransition()
        // Held here for the episode: controllers hold their transitioning delegate weakly.
        let dimming = DimmingTransitioningDelegate(animator: FadePresentAnimator(duration: Self.duration), inset: (8, 6))
        let slide = FixedTransitioningDelegate(
            present: SlideUpSpringPresentAnimator(duration: Self.duration, dismissalDuration: Self.duration),
            dismiss: SlideUpSpringPresentAnimator(duration: Self.duration, dismissalDuration: Self.duration))
        if custom {
            dimming.prepare(presented)
            dimming.presentationInteraction = interaction
        } else {
            presented.transitioningDelegate = slide
            slide.presentInteraction = interaction
        }
        tabs.present(presented, animated: true)
        count(custom ? "present-custom" : "present", outcome)
        if outcome == .interrupted {
            // A dismissal requested mid-presentation is dropped (and reported), as UIKit does.
            presented.dismiss(animated: true)
        }
        try drive(interaction, outcome)
        slide.presentInteraction = nil
        if tabs.presentedViewController != nil {
            tabs.dismiss(animated: true)
            count(custom ? "dismiss-custom" : "dismiss", .finished)
            try settle()
        }
    }

    /// A push (not interactive), then an interactive pop with `outcome`; a pop left undone is
    /// redone without interaction so that every episode starts from the root.
    private func pushAndPop(_ outcome: Outcome) throws {
        try show(tab: 0)
        pushed += 1
        navigation.pushViewController(Self.screen("pushed\(pushed % 4)", Color(white: 0.7)), animated: true)
        count("push", .finished)
        try settle()
        try interactive("pop-interactive", outcome, install: { interaction in
            let vended: (any ViewControllerInteractiveTransitioning)? = interaction
            navigationDelegate.interaction = { vended }
        }, start: { _ = navigation.popViewController(animated: true) })
        if navigation.viewControllers.count > 1 {
            _ = navigation.popViewController(animated: true)
            count("pop", .finished)
            try settle()
        }
    }

    private func selectTab(_ outcome: Outcome) throws {
        try interactive("tab", outcome, install: { tabDelegate.interaction = $0 }, start: {
            tabs.select(index: 1 - tabs.selectedIndex, animated: true)
        })
    }

    private func swipeContainer(_ outcome: Outcome) throws {
        try show(tab: 1)
        try interactive("container", outcome, install: { swipe.interactionController = $0 }, start: {
            swipe.transition(to: 1 - swipe.selectedIndex, animated: true)
        })
    }

    /// Installs a new interaction controller where `install` puts it, starts the transition,
    /// drives it to `outcome`, and uninstalls it (`install(nil)`).
    private func interactive(
        _ kind: String, _ outcome: Outcome, install: (PercentDrivenInteractiveTransition?) -> Void, start: () -> Void
    ) throws {
        let interaction = PercentDrivenInteractiveTransition()
        install(interaction)
        start()
        count(kind, outcome)
        try drive(interaction, outcome)
        install(nil)
    }

    /// The GPU animator: timed (finished), interactive and cancelled, or interactive with a
    /// dismissal requested meanwhile (interrupted: dropped and reported, as UIKit does).
    private func gpuPresent(_ outcome: Outcome) throws {
        let animator = PixelDissolveTransitionAnimator(duration: Self.duration)
        let delegate = FixedTransitioningDelegate(present: animator, dismiss: animator)
        let presented = Self.screen("gpu", Color(red: 0.5, green: 0.2, blue: 0.9))
        presented.transitioningDelegate = delegate
        animator.isInteractive = outcome != .finished
        delegate.presentInteraction = animator.isInteractive ? animator : nil
        tabs.present(presented, animated: true)
        count("gpu-present", outcome)
        switch outcome {
        case .finished:
            try settle()
        case .cancelled:
            animator.update(0.4)
            try frames(2)
            animator.cancel()
            try settle()
        case .interrupted:
            animator.update(0.6)
            try frames(2)
            presented.dismiss(animated: true)
            animator.isInteractive = false
            delegate.presentInteraction = nil
            animator.finish()
            try settle()
        }
        if tabs.presentedViewController != nil {
            tabs.dismiss(animated: true)
            count("gpu-dismiss", .finished)
            try settle()
        }
    }

    /// Drives a started interactive transition to `outcome` and lets it end.
    private func drive(_ interaction: PercentDrivenInteractiveTransition, _ outcome: Outcome) throws {
        interaction.update(0.35)
        try frames(1)
        interaction.update(0.6)
        try frames(1)
        switch outcome {
        case .finished: interaction.finish()
        case .cancelled: interaction.cancel()
        case .interrupted:
            interaction.finish()
            try frames(1)
            interaction.pause()
            interaction.update(0.3)
            try frames(1)
            interaction.cancel()
        }
        try settle()
    }

    private func show(tab index: Int) throws {
        guard tabs.selectedIndex != index else { return }
        tabs.select(index: index, animated: false)
        try settle()
    }

    private func count(_ kind: String, _ outcome: Outcome) {
        transitions += 1
        kinds[kind, default: 0] += 1
        outcomes[outcome.rawValue, default: 0] += 1
    }

    // MARK: Frames and samples

    private var isBusy: Bool {
        window.transitionDriver.isTransitioning || navigation.isTransitioning || tabs.isTransitioning || swipe.isTransitioning
    }

    private func frames(_ n: Int) throws {
        for _ in 0..<n { try window.renderFrame(at: clock.tick(), compositor: stage.compositor, into: stage.target) }
    }

    /// Renders until every transition (and queued request) has ended, at most 30 s of clock.
    private func settle() throws {
        let limit = clock.now + 30
        repeat { try frames(1) } while isBusy && clock.now < limit
        if isBusy { stuck += 1 }
        // One more frame: completions started by the last one (a queued request) show.
        try frames(1)
    }

    private func sample() -> Sample {
        // GL frees what it no longer uses once the queued work has run.
        stage.device.finish()
        let engine = window.animationEngine
        let timer = RealClock()
        // The fastest of five runs: the machine is shared, and the soak is about growth.
        let calls = 20_000
        var seconds = Double.infinity
        for _ in 0..<5 {
            let start = timer.now
            for _ in 0..<calls { engine.advance(to: engine.now) }
            seconds = min(seconds, timer.now - start)
        }
        let diagnostics = window.diagnostics
        return Sample(
            transitions: transitions, timeDomains: engine.timeDomainCount, animationGroups: engine.animationGroupCount,
            diagnosticsKept: diagnostics.messages.count, diagnosticsReported: diagnostics.totalReported,
            glObjects: stage.device.liveObjects, compositorTextures: stage.compositor.cachedTextureCount,
            residentBytes: Self.residentBytes(), idleAdvanceNanoseconds: seconds / Double(calls) * 1e9)
    }

    /// Resident set size from /proc/self/statm (Linux); 0 where it cannot be read. Free heap
    /// pages go back to the system first, so that what is left is what is held.
    static func residentBytes() -> Int {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A plain screen with a white badge in its corner (the soak's and the stress's controllers).
    static func screen(_ name: String, _ color: Color) -> ViewController {
        let controller = ViewController(name: name)
        controller.view.backgroundColor = color
        let badge = View(frame: Rect(x: 4, y: 4, width: 16, height: 10), name: "\(name).badge")
        badge.backgroundColor = .white
        controller.view.addSubview(badge)
        return controller
    }

    /// Vends the swipe animator for tab selections, and the gesture's interaction when set.
    private final class TabDelegate: TabBarControllerDelegate {
        let animator = SwipeTransitionAnimator(duration: TransitionSoak.duration)
        var interaction: PercentDrivenInteractiveTransition?
        func animationController(forTransitionFrom from: ViewController, to: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            animator
        }
        func interactionController(for animator: any ViewControllerAnimatedTransitioning) -> (any ViewControllerInteractiveTransitioning)? {
            interaction
        }
    }
}

#if os(Linux)
/// glibc's `malloc_trim` (declared in malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
