import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// The zoom transition dismissed by a pinch (two fingers closing), headlessly through the
/// window's `PointerDispatcher` with the test kit's `pinch(around:from:to:…)`: the screen follows
/// the fingers' scale (its shown width is the full width times the scale, its centre their
/// midpoint), the transition is percent-driven by that width, and the release finishes or
/// cancels by scale and velocity — for a push and for a presentation.
@MainActor
@Suite("Zoom transition dismissed by a pinch", .tags(.pure))
struct ZoomPinchTests {
    typealias Scene = ZoomTransitionTests.Scene
    static let screen = ZoomTransitionTests.screen
    static let cell = ZoomTransitionTests.cellFrame

    @Test func closingFingersShrinkThePushedScreenWithThemAndAQuickCloseFinishesThePop() {
        let scene = Scene.pushed()
        let pointer = scene.window.pointerDispatcher
        // Fingers 300 px apart close to 150 around (220, 420) in 0.2 s, and stay down.
        pointer.pinch(around: Point(x: 220, y: 420), from: 300, to: 150, start: 1, end: 1.2, lifting: false)
        scene.advance(to: 1.2)
        #expect(scene.navigation.isTransitioning && scene.cell.isHidden, "the pinch started an interactive pop")
        let shown = scene.detail.view.presentation
        #expect(abs(shown.transform.m11 - 0.5) < 1e-9 && abs(shown.transform.m22 - 0.5) < 1e-9, "scale 150 / 300")
        // The midpoint did not move: nor did the screen's centre.
        #expect(abs(shown.center.x - 200) < 1e-9 && abs(shown.center.y - 400) < 1e-9)
        // Percent-driven by the shown width: (400 - 200) / (400 - 80) of the way to the cell.
        let percent = scene.navigation.transitionCoordinator?.percentComplete ?? -1
        #expect(abs(percent - 200.0 / 320) < 1e-9, "\(percent)")
        // Lifted while closing at 2.5 scale per second: a flick, it shrinks into the cell.
        pointer.pinchUp(time: 1.2)
        scene.advance(to: 2.5)
        #expect(scene.navigation.topViewController === scene.grid && !scene.navigation.isTransitioning)
        #expect(!scene.cell.isHidden)
    }

    @Test func fingersMovingTogetherCarryTheScreenAndASlowSmallPinchCancels() {
        let scene = Scene.pushed()
        let pointer = scene.window.pointerDispatcher
        // Slowly (about 0.07 scale per second) to 370 / 400, then resting, then lifted.
        pointer.pinch(around: Point(x: 200, y: 400), from: 400, to: 370, steps: 8, start: 1, end: 2, lifting: false)
        scene.advance(to: 2)
        #expect(scene.navigation.isTransitioning)
        #expect(abs(scene.detail.view.presentation.transform.m11 - 370.0 / 400) < 1e-9)
        // Both fingers 30 px down: the screen's centre follows their midpoint.
        pointer.pinchMoved(to: Point(x: 15, y: 430), Point(x: 385, y: 430), time: 2.1)
        scene.advance(to: 2.1)
        #expect(abs(scene.detail.view.presentation.center.y - 430) < 1e-9)
        pointer.pinchMoved(to: Point(x: 15, y: 430), Point(x: 385, y: 430), time: 2.5)
        pointer.pinchUp(time: 2.5)
        scene.advance(to: 3.5)
        #expect(scene.navigation.topViewController === scene.detail && !scene.navigation.isTransitioning)
        #expect(scene.detail.view.presentation.transform == .identity && scene.detail.view.frame == Self.screen)
        #expect(!scene.cell.isHidden)
    }

    @Test func aSlowPinchPastATenthFinishesByItsScale() {
        let scene = Scene.pushed()
        let pointer = scene.window.pointerDispatcher
        pointer.pinch(around: Point(x: 200, y: 400), from: 400, to: 240, steps: 10, start: 1, end: 3, lifting: false)
        // The fingers rest a second: no velocity is left, the scale 0.6 decides.
        pointer.pinchMoved(to: Point(x: 80, y: 400), Point(x: 320, y: 400), time: 4)
        pointer.pinchUp(time: 4)
        scene.advance(to: 4)
        scene.advance(to: 5)
        #expect(scene.navigation.topViewController === scene.grid && !scene.navigation.isTransitioning)
    }

    @Test func aPinchDismissesAZoomedPresentationOrCancelsIt() {
        let scene = Scene()
        let modal = ViewController(name: "modal")
        modal.preferredTransition = .zoom { [cell = scene.cell] _ in cell }
        scene.grid.present(modal, animated: true)
        scene.advance(to: 0.5)
        let pointer = scene.window.pointerDispatcher
        // A small, slow pinch: cancelled, still presented at full screen.
        pointer.pinch(around: Point(x: 200, y: 400), from: 400, to: 380, start: 1, end: 2, lifting: false)
        scene.advance(to: 2)
        #expect(abs(modal.view.presentation.transform.m11 - 380.0 / 400) < 1e-9, "follows the scale")
        pointer.pinchUp(time: 2)
        scene.advance(to: 3)
        #expect(scene.grid.presentedViewController === modal && modal.view.presentation.transform == .identity)
        // A quick close to a quarter: dismissed into the cell.
        pointer.pinch(around: Point(x: 200, y: 400), from: 400, to: 100, start: 4, end: 4.2, lifting: false)
        scene.advance(to: 4.2)
        #expect(abs(modal.view.presentation.transform.m11 - 0.25) < 1e-9, "follows the scale")
        #expect(scene.cell.isHidden)
        pointer.pinchUp(time: 4.2)
        scene.advance(to: 5.5)
        #expect(scene.grid.presentedViewController == nil && !scene.cell.isHidden)
    }
}
