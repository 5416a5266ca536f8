import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// Shared elements under 1,000 seeded random gesture sequences (GL-free): pushes and pops on
/// the clock, edge drags of every length and speed (forwards, backwards, released, cancelled),
/// resizes and pauses, in any order and overlapping one another. After each sequence settles,
/// nothing may be stuck: no transition, no flight, every view shown at its alpha and at the
/// frame its screen's layout gives it, the top screen filling the window, no animation left.
@MainActor
@Suite("Shared elements under seeded gestures", .serialized, .tags(.pure))
struct SharedElementStressTests {
    typealias Scene = SharedElementScene

    /// SplitMix64 (SegueTiming): seeded, so a failing sequence can be replayed by its number.
    typealias SeededGenerator = SplitMix64

    /// What the sequences did while a flight ran, so the test shows it exercised each path.
    struct Counts {
        var resizedInFlight = 0, releasedInFlight = 0, cancelledInFlight = 0, finishedPops = 0, cancelledPops = 0
    }

    /// What is stuck once `rig` settled (empty: nothing).
    static func stuck(_ rig: Scene.Rig) -> [String] {
        var problems: [String] = []
        if rig.navigation.isTransitioning { problems.append("a transition still runs") }
        if rig.overlay != nil { problems.append("the flight's overlay is still there") }
        if rig.window.animationEngine.isAnimating { problems.append("animations remain") }
        // A screen out of the window lays out when it is shown again (UIKit's lazy layout); one
        // never shown has no size and no layout to check.
        for screen in [rig.list.view, rig.detail.view] where Window.containing(screen) == nil { screen.layoutIfNeeded() }
        let screens: [(View, [View], [Rect])] = [
            (rig.list.view, rig.listViews, Scene.ListView.layout(rig.list.view.bounds.size)),
            (rig.detail.view, rig.detailViews, Scene.DetailView.layout(rig.detail.view.bounds.size)),
        ]
        for (screen, views, layout) in screens {
            let sized = screen.bounds.width > 0 && screen.bounds.height > 0
            for (view, frame) in zip(views, layout) where view.isHidden || view.alpha != 1 || (sized && view.frame != frame)
                || view.presentation.center != view.center || view.presentation.alpha != view.alpha {
                problems.append("\(view.name): hidden \(view.isHidden), alpha \(view.alpha), frame \(view.frame) (laid out: \(frame))")
            }
        }
        let size = rig.window.rootView.bounds.size
        if let top = rig.navigation.topViewController?.view,
            top.superview !== rig.navigation.containerView || !Scene.close(top.frame, Rect(origin: .zero, size: size), 1e-9) {
            problems.append("the top screen is at \(top.frame) in a \(size) window")
        }
        let shown = rig.navigation.containerView.subviews.filter { !$0.isHidden }
        if shown.count != 1 { problems.append("\(shown.count) screens in the container") }
        return problems
    }

    /// Plays frames until no transition runs (queued requests run one after another), at most
    /// 20 seconds of the virtual clock, then a few more frames.
    static func settle(_ rig: Scene.Rig) {
        let limit = rig.window.animationEngine.now + 20
        while rig.navigation.isTransitioning && rig.window.animationEngine.now < limit { rig.frame() }
        rig.run(0.1)
    }

    /// A drag from the left edge: `steps` moves of random size (some backwards), a rest or not,
    /// then a lift or a cancel. Returns whether a flight ran when it ended, and how.
    static func drag(_ rig: Scene.Rig, _ random: inout SeededGenerator, _ counts: inout Counts) {
        let window = rig.window
        let y = Double.random(in: 40...(window.rootView.bounds.height - 40), using: &random)
        var x = Double.random(in: 1...15, using: &random)
        window.pointerDown(at: Point(x: x, y: y), time: window.animationEngine.now)
        for _ in 0..<Int.random(in: 1...14, using: &random) {
            rig.frame()
            x = max(0, x + Double.random(in: -25...45, using: &random))
            window.pointerMoved(to: Point(x: x, y: y), time: window.animationEngine.now)
            if Int.random(in: 0..<20, using: &random) == 0 {
                if rig.overlay != nil { counts.resizedInFlight += 1 }
                window.resize(to: Size(width: Double.random(in: 200...520, using: &random), height: Double.random(in: 200...520, using: &random)))
            }
        }
        if Bool.random(using: &random) { rig.run(Double.random(in: 0.05...0.3, using: &random)) }
        rig.frame()
        let flying = rig.overlay != nil, below = rig.navigation.viewControllers.count
        if Int.random(in: 0..<5, using: &random) == 0 {
            window.pointerCancelled(time: window.animationEngine.now)
            if flying { counts.cancelledInFlight += 1 }
        } else {
            window.pointerMoved(to: Point(x: x, y: y), time: window.animationEngine.now)
            window.pointerUp(at: Point(x: x, y: y), time: window.animationEngine.now)
            if flying { counts.releasedInFlight += 1 }
        }
        guard flying, below == 1 else { return }
        settle(rig)
        if rig.navigation.viewControllers.count == 1 { counts.finishedPops += 1 } else { counts.cancelledPops += 1 }
    }

    @Test func aThousandSeededGestureSequencesLeaveNothingStuck() {
        var random = SeededGenerator(seed: 41)
        var counts = Counts()
        var failures = 0
        for sequence in 0..<1000 {
            let rig = Scene.Rig(size: Size(width: 320, height: 480))
            for _ in 0..<6 {
                switch Int.random(in: 0..<6, using: &random) {
                case 0:
                    rig.navigation.pushViewController(rig.detail, animated: true)
                case 1:
                    _ = rig.navigation.popViewController(animated: true)
                case 2, 3:
                    Self.drag(rig, &random, &counts)
                case 4:
                    if rig.overlay != nil { counts.resizedInFlight += 1 }
                    rig.window.resize(to: Size(width: Double.random(in: 200...520, using: &random), height: Double.random(in: 200...520, using: &random)))
                default:
                    rig.run(Double.random(in: 0...0.4, using: &random))
                }
            }
            Self.settle(rig)
            let problems = Self.stuck(rig)
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 { Issue.record("sequence \(sequence): \(problems.joined(separator: "; "))") }
            }
        }
        #expect(failures == 0, "\(failures) of 1,000 sequences left something stuck")
        // The sequences went through every path a flight has.
        #expect(counts.resizedInFlight >= 20 && counts.releasedInFlight >= 50 && counts.cancelledInFlight >= 10, "\(counts)")
        #expect(counts.finishedPops >= 20 && counts.cancelledPops >= 20, "\(counts)")
    }
}
