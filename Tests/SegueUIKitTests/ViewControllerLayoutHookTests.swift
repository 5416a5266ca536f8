import SegueTesting
import SegueUIKit
import Testing

/// `viewWillLayoutSubviews()` / `viewDidLayoutSubviews()` as UIKit documents them: around the
/// root view's own `layoutSubviews()` ("does not indicate that the individual layouts of the
/// view's subviews have been adjusted"), whenever the view lays out: a bounds change (a window
/// resize), `setNeedsLayout()`, and a container laying its shown child out after a transition.
@Suite("View controller layout hooks", .tags(.pure))
@MainActor
struct ViewControllerLayoutHookTests {
    final class Log { var entries: [String] = [] }

    final class LoggingView: View {
        let log: Log
        init(_ name: String, _ log: Log, size: Size = Size(width: 320, height: 480)) {
            self.log = log
            super.init(frame: Rect(origin: .zero, size: size), name: name)
        }
        override func layoutSubviews() { log.entries.append("\(name).layoutSubviews") }
    }

    /// Logs the hooks with the view's size at the time, and lays its view out with a logging view.
    final class Screen: ViewController {
        let log: Log
        let child: LoggingView
        init(_ name: String, _ log: Log) {
            self.log = log
            child = LoggingView("\(name).subview", log, size: Size(width: 10, height: 10))
            super.init(name: name)
        }
        override func loadView() {
            view = LoggingView("\(name).view", log)
            view.addSubview(child)
        }
        override func viewWillLayoutSubviews() {
            log.entries.append("\(name).viewWillLayoutSubviews \(Int(view.bounds.width))x\(Int(view.bounds.height))")
        }
        override func viewDidLayoutSubviews() {
            log.entries.append("\(name).viewDidLayoutSubviews \(Int(view.bounds.width))x\(Int(view.bounds.height))")
        }
    }

    @Test func theHooksRunAroundTheRootViewsOwnLayoutBeforeItsSubviews() {
        let log = Log()
        let screen = Screen("A", log)
        screen.view.setNeedsLayout()
        screen.child.setNeedsLayout()
        screen.view.layoutIfNeeded()
        #expect(log.entries == [
            "A.viewWillLayoutSubviews 320x480", "A.view.layoutSubviews", "A.viewDidLayoutSubviews 320x480",
            "A.subview.layoutSubviews",
        ])
        // A subview laying out alone is not the controller's view laying out.
        log.entries.removeAll()
        screen.child.setNeedsLayout()
        screen.view.layoutIfNeeded()
        #expect(log.entries == ["A.subview.layoutSubviews"])
        // Nothing marked, nothing called.
        log.entries.removeAll()
        screen.view.layoutIfNeeded()
        #expect(log.entries.isEmpty)
    }

    @Test func aWindowResizeLaysTheScreenOutAtItsNewSize() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let screen = Screen("A", log)
        window.rootViewController = screen
        window.rootView.layoutIfNeeded()
        log.entries.removeAll()
        window.resize(to: Size(width: 500, height: 300))
        window.rootView.layoutIfNeeded()  // what the window's next frame does first
        #expect(log.entries.filter { $0.hasPrefix("A.view") } == [
            "A.viewWillLayoutSubviews 500x300", "A.view.layoutSubviews", "A.viewDidLayoutSubviews 500x300",
        ])
    }

    @Test func aScreenUnderANavigationControllerIsLaidOutOnAResize() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let screen = Screen("A", log)
        window.rootViewController = NavigationController(rootViewController: screen, name: "nav")
        window.rootView.layoutIfNeeded()
        log.entries.removeAll()
        window.resize(to: Size(width: 640, height: 400))
        window.rootView.layoutIfNeeded()
        #expect(log.entries.filter { $0.hasPrefix("A.view") } == [
            "A.viewWillLayoutSubviews 640x400", "A.view.layoutSubviews", "A.viewDidLayoutSubviews 640x400",
        ])
    }

    @Test func aContainerLaysItsShownChildOutAfterATransition() {
        let log = Log()
        let window = Window(size: Size(width: 320, height: 480))
        let a = Screen("A", log), b = Screen("B", log)
        let nav = NavigationController(rootViewController: a, name: "nav")
        window.rootViewController = nav
        window.rootView.layoutIfNeeded()

        func runToEnd() {
            var time = 0.0
            for _ in 0..<40 where nav.isTransitioning {
                time += 0.1
                window.animationEngine.advance(to: time)
            }
            #expect(!nav.isTransitioning, "the transition ended")
        }
        func hooks(_ name: String) -> [String] { log.entries.filter { $0.hasPrefix("\(name).view") } }

        nav.pushViewController(b, animated: true)
        runToEnd()
        log.entries.removeAll()
        window.rootView.layoutIfNeeded()  // the first frame after the push
        #expect(hooks("B") == ["B.viewWillLayoutSubviews 320x480", "B.view.layoutSubviews", "B.viewDidLayoutSubviews 320x480"])
        #expect(hooks("A").isEmpty, "the controller pushed away is not in the window")

        _ = nav.popViewController(animated: true)
        runToEnd()
        log.entries.removeAll()
        window.rootView.layoutIfNeeded()
        #expect(hooks("A") == ["A.viewWillLayoutSubviews 320x480", "A.view.layoutSubviews", "A.viewDidLayoutSubviews 320x480"])
    }
}
