import SegueTiming
import SegueUIKit
import SegueTesting
import Testing

/// iOS 18's zoom transition (`preferredTransition = .zoom(sourceViewProvider:)`), headlessly on
/// a virtual clock: the zoomed screen's frame on screen at key progress values against the
/// frame interpolated from the source view's to the screen's (UIKit's zoom: it grows out of the
/// source and shrinks back into it), the source hidden while a zoom runs, a drag down that
/// dismisses with the screen following the finger, a short drag that cancels, and a zoom
/// grabbed mid-flight.
@MainActor
@Suite("Zoom transition (iOS 18 preferredTransition)", .tags(.pure))
struct ZoomTransitionTests {
    static let cellFrame = Rect(x: 40, y: 100, width: 80, height: 80)
    static let screen = Rect(x: 0, y: 0, width: 400, height: 800)

    @MainActor final class Scene {
        let window = Window(size: Size(width: 400, height: 800))
        let grid = ViewController(name: "grid")
        let cell = View(frame: ZoomTransitionTests.cellFrame, name: "cell")
        let detail = ViewController(name: "detail")
        let navigation: NavigationController

        @MainActor init() {
            grid.view.addSubview(cell)
            navigation = NavigationController(rootViewController: grid)
            window.rootViewController = navigation
            detail.preferredTransition = .zoom { [cell] context in
                context.sourceViewController?.name == "grid" ? cell : nil
            }
        }

        /// The detail screen's frame as drawn (its centre and scale applied to its bounds).
        @MainActor var shownFrame: Rect {
            let state = detail.view.presentation
            let width = state.bounds.width * state.transform.m11, height = state.bounds.height * state.transform.m22
            return Rect(x: state.center.x - width / 2, y: state.center.y - height / 2, width: width, height: height)
        }

        @MainActor func advance(to time: Double) { window.animationEngine.advance(to: time) }

        /// A scene whose detail screen was pushed, the zoom ended (at t = 0.5).
        @MainActor static func pushed() -> Scene {
            let scene = Scene()
            scene.navigation.pushViewController(scene.detail, animated: true)
            scene.advance(to: 0.5)
            return scene
        }
    }

    private static func expectFrame(_ shown: Rect, _ expected: Rect, _ note: String) {
        let error = [shown.minX - expected.minX, shown.minY - expected.minY, shown.width - expected.width, shown.height - expected.height]
            .map(abs).max()!
        #expect(error < 1e-6, "\(note): shown \(shown), expected \(expected)")
    }

    @Test func aPushGrowsOutOfTheSourceViewAndAPopShrinksBackIntoIt() {
        let scene = Scene()
        scene.navigation.pushViewController(scene.detail, animated: true)
        for step in 0...4 {
            let progress = Double(step) / 4
            scene.advance(to: progress * 0.5)
            let eased = TimingCurve.easeInOut.value(at: progress)
            Self.expectFrame(scene.shownFrame, Rect.interpolate(Self.cellFrame, Self.screen, eased), "push at \(progress)")
            if step < 4 { #expect(scene.cell.isHidden, "the source is hidden while the zoom runs") }
        }
        #expect(scene.navigation.topViewController === scene.detail)
        #expect(!scene.cell.isHidden && !scene.navigation.isTransitioning)
        #expect(scene.detail.view.transform == .identity && scene.detail.view.frame == Self.screen)

        _ = scene.navigation.popViewController(animated: true)
        for step in 0...3 {
            let progress = Double(step) / 4
            scene.advance(to: 0.5 + progress * 0.5)
            let eased = TimingCurve.easeInOut.value(at: progress)
            Self.expectFrame(scene.shownFrame, Rect.interpolate(Self.screen, Self.cellFrame, eased), "pop at \(progress)")
            #expect(scene.cell.isHidden)
        }
        scene.advance(to: 1)
        #expect(scene.navigation.topViewController === scene.grid)
        #expect(!scene.cell.isHidden)
    }

    @Test func aPresentationZoomsInAndItsDismissalZoomsOut() {
        let scene = Scene()
        let modal = ViewController(name: "modal")
        modal.preferredTransition = .zoom { [cell = scene.cell] _ in cell }
        scene.grid.present(modal, animated: true)
        scene.advance(to: 0.25)
        let state = modal.view.presentation
        #expect(abs(state.center.x - Rect.interpolate(Self.cellFrame, Self.screen, 0.5).midX) < 1e-6)
        #expect(abs(state.transform.m11 - Rect.interpolate(Self.cellFrame, Self.screen, 0.5).width / 400) < 1e-9)
        #expect(scene.cell.isHidden)
        scene.advance(to: 0.5)
        #expect(scene.grid.presentedViewController === modal && !scene.cell.isHidden)
        modal.dismiss(animated: true)
        scene.advance(to: 0.75)
        #expect(abs(modal.view.presentation.transform.m11 - Rect.interpolate(Self.screen, Self.cellFrame, 0.5).width / 400) < 1e-9)
        scene.advance(to: 1)
        #expect(scene.grid.presentedViewController == nil && !scene.cell.isHidden)
    }

    @Test func aDragDownDismissesWithTheScreenFollowingTheFinger() {
        let scene = Scene.pushed()
        let pointer = scene.window.pointerDispatcher
        pointer.pointerDown(at: Point(x: 200, y: 300), time: 1)
        #expect(scene.window.pointerDispatcher.hitTest(Point(x: 200, y: 300)) === scene.detail.view)
        pointer.pointerMoved(to: Point(x: 200, y: 320), time: 1.05)
        pointer.pointerMoved(to: Point(x: 230, y: 500), time: 1.1)
        scene.advance(to: 1.1)
        #expect(scene.navigation.isTransitioning, "the drag started an interactive pop")
        #expect(scene.cell.isHidden)
        // The screen's centre moved with the finger (the translation since the press) and shrank.
        let state = scene.detail.view.presentation
        #expect(abs(state.center.x - 230) < 1e-6 && abs(state.center.y - 600) < 1e-6)
        #expect(abs(state.transform.m11 - (1 - 0.6 * 200 / 800)) < 1e-9)
        // Resting, then released: past a tenth of the screen down, it shrinks into the cell.
        pointer.pointerMoved(to: Point(x: 230, y: 500), time: 1.5)
        scene.advance(to: 1.6)
        pointer.pointerUp(at: Point(x: 230, y: 500), time: 1.6)
        scene.advance(to: 1.65)
        #expect(scene.navigation.isTransitioning, "shrinking into the cell")
        scene.advance(to: 2.5)
        #expect(scene.navigation.topViewController === scene.grid)
        #expect(!scene.cell.isHidden && !scene.navigation.isTransitioning)
    }

    @Test func aShortDragCancelsTheDismissal() {
        let scene = Scene.pushed()
        let pointer = scene.window.pointerDispatcher
        pointer.pointerDown(at: Point(x: 200, y: 300), time: 1)
        pointer.pointerMoved(to: Point(x: 200, y: 330), time: 1.1)
        pointer.pointerMoved(to: Point(x: 200, y: 340), time: 1.5)
        pointer.pointerUp(at: Point(x: 200, y: 340), time: 1.6)
        scene.advance(to: 1.6)
        scene.advance(to: 2.5)
        #expect(scene.navigation.topViewController === scene.detail)
        #expect(scene.detail.view.presentation.transform == .identity)
        Self.expectFrame(scene.shownFrame, Self.screen, "back at full screen")
        #expect(!scene.cell.isHidden && !scene.navigation.isTransitioning)
    }

    @Test func aRunningZoomIsGrabbedMidFlightAndFlungBack() {
        let scene = Scene()
        scene.navigation.pushViewController(scene.detail, animated: true)
        scene.advance(to: 0.2)
        let before = scene.shownFrame
        let pointer = scene.window.pointerDispatcher
        pointer.pointerDown(at: Point(x: 200, y: 400), time: 0.2)
        pointer.pointerMoved(to: Point(x: 200, y: 415), time: 0.25)
        scene.advance(to: 0.3)
        #expect(scene.navigation.isTransitioning)
        // Grabbed: the zoom stopped where it was; the screen moves only with the finger now.
        let grabbed = scene.shownFrame
        // It shrinks a little as the finger goes down (15 points of 800).
        #expect(abs(grabbed.width - before.width * (1 - 0.6 * 15 / 800)) < 1e-6, "no growth after the grab")
        #expect(abs(grabbed.midY - (before.midY + 15)) < 1e-6)
        // A flick down sends it back into the cell: the push is cancelled.
        pointer.pointerMoved(to: Point(x: 200, y: 500), time: 0.3)
        pointer.pointerUp(at: Point(x: 200, y: 500), time: 0.31)
        scene.advance(to: 1.5)
        #expect(scene.navigation.topViewController === scene.grid)
        #expect(!scene.cell.isHidden && !scene.navigation.isTransitioning)
    }
}
