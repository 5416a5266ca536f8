import SegueTiming
import SegueUIKit
import Testing
import SegueTesting

/// Issue 19, defect 2: a window resize during a custom presentation or dismissal must not end
/// it. The reference is UIKit's additive animation model (iOS 8+, WWDC 2014 "Building
/// Interruptible and Responsive Interactions"): a view's shown value is its model value plus,
/// for each running animation, (what that animation shows now − its end value). A layout made
/// while the animator's slide runs stacks on it; the slide's completion fires on time with
/// `finished == true` and the view ends at the laid-out frame. The expected positions below are
/// that formula written out, not values read back from Segue.
@MainActor
@Suite("Additive animations: a resize during a custom presentation", .tags(.pure))
struct AdditiveResizeTests {
    enum Completion { case finished, notCancelled }

    /// A presentation controller that lays out the presented view on a resize (seed 001's
    /// pattern: `super` moves it to `frameOfPresentedViewInContainerView`).
    final class CardPresentationController: PresentationController {
        override var frameOfPresentedViewInContainerView: Rect {
            (containerView?.bounds ?? .zero).insetBy(dx: 50, dy: 200)
        }
        override func presentationTransitionWillBegin() {
            if let view = presentedView { containerView?.addSubview(view) }
        }
    }

    /// Slides the card up from below the container over 1 s (linear) and back down.
    final class SlideAnimator: ViewControllerAnimatedTransitioning {
        let completion: Completion
        var finishedFlags: [Bool] = []
        var completedAt: [Double] = []
        init(completion: Completion) { self.completion = completion }

        func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double { 1 }

        func animateTransition(using context: any ViewControllerContextTransitioning) {
            let container = context.containerView
            let presenting = context.viewController(forKey: .to)?.presentingViewController === context.viewController(forKey: .from)
            let card = presenting ? context.viewController(forKey: .to)!.view : context.viewController(forKey: .from)!.view
            let onScreen = presenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : card.frame
            let offScreen = onScreen.offsetBy(dx: 0, dy: container.bounds.height)
            if presenting { card.frame = offScreen }
            View.animate(withDuration: 1, options: .curveLinear, animations: {
                card.frame = presenting ? onScreen : offScreen
            }, completion: { finished in
                self.finishedFlags.append(finished)
                self.completedAt.append(context.containerView.animationEngine.now)
                switch self.completion {
                case .finished: context.completeTransition(finished)
                case .notCancelled: context.completeTransition(!context.transitionWasCancelled)
                }
            })
        }
    }

    final class Delegate: ViewControllerTransitioningDelegate {
        let animator: SlideAnimator
        init(animator: SlideAnimator) { self.animator = animator }
        func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? { animator }
        func presentationController(forPresented presented: ViewController, presenting: ViewController?, source: ViewController) -> PresentationController? {
            CardPresentationController(presentedViewController: presented, presenting: presenting)
        }
    }

    /// Steps the clock by 0.05 s up to `time`.
    private func run(_ window: Window, from start: Double, to end: Double, each: (Double) -> Void = { _ in }) {
        var t = start
        while t < end - 1e-9 {
            t = min(end, t + 0.05)
            window.animationEngine.advance(to: t)
            each(t)
        }
    }

    @Test(arguments: [Completion.finished, .notCancelled])
    func resizeMidPresentationEndsOnTimeAtTheNewFrame(_ mode: Completion) {
        let window = Window(size: Size(width: 400, height: 800))
        let root = ViewController(name: "root")
        window.rootViewController = root
        let animator = SlideAnimator(completion: mode)
        let delegate = Delegate(animator: animator)
        let card = ViewController(name: "card")
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = delegate
        var presented = 0
        root.present(card, animated: true) { presented += 1 }

        run(window, from: 0, to: 0.4)
        window.resize(to: Size(width: 500, height: 900))  // a live resize, as a window manager's
        // UIKit's additive model: y = model y + (start y − old final y) × (1 − t), model y = 200.
        let oldFinal = Rect(x: 50, y: 200, width: 300, height: 400), newFinal = Rect(x: 50, y: 200, width: 400, height: 500)
        let start = oldFinal.offsetBy(dx: 0, dy: 800)
        run(window, from: 0.4, to: 0.95) { t in
            #expect(animator.finishedFlags.isEmpty, "nothing ends before the slide's duration (t = \(t))")
            #expect(presented == 0)
            let expectedY = newFinal.minY + (start.minY - oldFinal.minY) * (1 - t)
            #expect(abs(card.view.presentation.center.y - (expectedY + newFinal.height / 2)) < 1e-6, "t = \(t)")
        }
        run(window, from: 0.95, to: 1.0)
        #expect(animator.finishedFlags == [true])
        #expect(animator.completedAt.map { abs($0 - 1) < 1e-9 } == [true], "the slide completes on time")
        #expect(presented == 1, "the presentation completed")
        #expect(root.presentedViewController === card)
        #expect(card.view.frame == newFinal)
        #expect(card.view.presentation == card.view.model, "on screen at the new frame")
        #expect(window.diagnostics.messages.isEmpty)
    }

    @Test(arguments: [Completion.finished, .notCancelled])
    func resizeMidDismissalEndsOnTimeOffScreen(_ mode: Completion) {
        let window = Window(size: Size(width: 400, height: 800))
        let root = ViewController(name: "root")
        window.rootViewController = root
        let animator = SlideAnimator(completion: mode)
        let delegate = Delegate(animator: animator)
        let card = ViewController(name: "card")
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = delegate
        root.present(card, animated: true)
        run(window, from: 0, to: 2)
        #expect(root.presentedViewController === card)

        var dismissed = 0
        card.dismiss(animated: true) { dismissed += 1 }
        run(window, from: 2, to: 2.4)
        window.resize(to: Size(width: 500, height: 900))
        run(window, from: 2.4, to: 2.95) { t in
            #expect(card.view.superview != nil, "the card is still sliding out (t = \(t))")
            #expect(animator.finishedFlags.count == 1)
            // The dismissal's frame belongs to the animator: centre y = 400 + 800 × (t − 2).
            #expect(abs(card.view.presentation.center.y - (400 + 800 * (t - 2))) < 1e-6, "t = \(t)")
        }
        #expect(dismissed == 0)
        run(window, from: 2.95, to: 3)
        #expect(animator.finishedFlags == [true, true])
        #expect(animator.completedAt.count == 2 && abs(animator.completedAt[1] - 3) < 1e-9, "the slide out completes on time")
        #expect(dismissed == 1, "the dismissal completed")
        #expect(root.presentedViewController == nil)
        #expect(card.view.superview == nil)
        #expect(window.diagnostics.messages.isEmpty)
    }

    /// An animated resize (a rotation) adds its own animation of the card's frame; both end on
    /// their own time and the card ends at the new frame.
    @Test func animatedResizeMidPresentationStacks() {
        let window = Window(size: Size(width: 400, height: 800))
        let root = ViewController(name: "root")
        window.rootViewController = root
        let animator = SlideAnimator(completion: .finished)
        let card = ViewController(name: "card")
        card.modalPresentationStyle = .custom
        let delegate = Delegate(animator: animator)
        card.transitioningDelegate = delegate
        var presented = 0
        root.present(card, animated: true) { presented += 1 }
        run(window, from: 0, to: 0.4)
        window.resize(to: Size(width: 500, height: 900), duration: 0.2)
        run(window, from: 0.4, to: 0.95)
        #expect(presented == 0)
        run(window, from: 0.95, to: 1.0)
        #expect(animator.finishedFlags == [true])
        #expect(presented == 1)
        #expect(card.view.frame == Rect(x: 50, y: 200, width: 400, height: 500))
        #expect(card.view.presentation == card.view.model)
    }
}
