@testable import SegueUIKit
import Testing
import SegueTesting

/// The shared, ordered record of every callback the tracing controllers receive.
@MainActor
final class CallLog {
    var entries: [String] = []

    /// The entries so far, emptying the log.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// Appends "<name>.<callback>" to the shared log for every callback, e.g. "B.willMove(A)",
/// "A.viewWillAppear(true)"; `probe` adds state read at callback time to each entry.
@MainActor
final class TracingViewController: ViewController {
    let log: CallLog
    var forwardsAppearance = true
    /// The view `loadView()` installs instead of the default one.
    var customView: View?
    var probe: ((TracingViewController) -> String)?

    init(_ name: String, log: CallLog) {
        self.log = log
        super.init(name: name)
    }

    private func record(_ event: String) {
        var entry = "\(name).\(event)"
        if let probe { entry += " " + probe(self) }
        log.entries.append(entry)
    }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearance }

    override func loadView() {
        record("loadView")
        if let customView { view = customView } else { super.loadView() }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        record("viewDidLoad")
    }

    override func willMove(toParent parent: ViewController?) {
        super.willMove(toParent: parent)
        record("willMove(\(parent?.name ?? "nil"))")
    }

    override func didMove(toParent parent: ViewController?) {
        super.didMove(toParent: parent)
        record("didMove(\(parent?.name ?? "nil"))")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        record("viewWillAppear(\(animated))")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        record("viewDidAppear(\(animated))")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        record("viewWillDisappear(\(animated))")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        record("viewDidDisappear(\(animated))")
    }
}

@MainActor
@Suite("ViewController: view loading, containment, appearance", .tags(.pure))
struct ViewControllerTests {
    let log = CallLog()

    func controller(_ name: String) -> TracingViewController {
        TracingViewController(name, log: log)
    }

    /// The container dance for adding: addChild → addSubview → didMove.
    func embed(_ child: ViewController, in parent: ViewController) {
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    /// The container dance for removing: willMove(nil) → removeFromSuperview → removeFromParent.
    func unembed(_ child: ViewController) {
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }

    // MARK: - View loading

    @Test func viewLoadsLazilyOnFirstAccessOnly() {
        let a = controller("A")
        #expect(!a.isViewLoaded)
        #expect(a.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)

        let view = a.view
        #expect(log.take() == ["A.loadView", "A.viewDidLoad"])
        #expect(a.isViewLoaded)
        #expect(a.viewIfLoaded === view)
        #expect(view.name == "A.view")
        #expect(view.frame == Rect(x: 0, y: 0, width: 320, height: 480))

        #expect(a.view === view)
        a.loadViewIfNeeded()
        #expect(log.entries.isEmpty)
    }

    @Test func loadViewIfNeededLoadsOnce() {
        let a = controller("A")
        a.loadViewIfNeeded()
        a.loadViewIfNeeded()
        #expect(log.take() == ["A.loadView", "A.viewDidLoad"])
        #expect(a.isViewLoaded)
    }

    @Test func loadViewOverrideInstallsItsViewBeforeViewDidLoad() {
        let custom = View(frame: Rect(x: 0, y: 0, width: 10, height: 20), name: "custom")
        let a = controller("A")
        a.customView = custom
        var seenInViewDidLoad: View?
        a.probe = { vc in
            seenInViewDidLoad = vc.viewIfLoaded
            return ""
        }
        #expect(a.view === custom)
        #expect(seenInViewDidLoad === custom)
        #expect(log.take() == ["A.loadView ", "A.viewDidLoad "])
    }

    @Test func settingTheViewFromOutsideDoesNotCallLoadViewOrViewDidLoad() {
        let a = controller("A")
        let custom = View(name: "custom")
        a.view = custom
        #expect(a.isViewLoaded)
        #expect(a.view === custom)
        #expect(log.entries.isEmpty)
    }

    // MARK: - Containment

    @Test func addingAChildFollowsTheContainerDance() {
        let a = controller("A"), b = controller("B")
        a.loadViewIfNeeded()
        _ = log.take()

        b.probe = { vc in "parent=\(vc.parent?.name ?? "nil") children=\(a.children.count)" }
        a.addChild(b)
        // addChild sends willMove only; the parent is set (and the child listed) after it.
        #expect(log.take() == ["B.willMove(A) parent=nil children=0"])
        #expect(b.parent === a)
        #expect(a.children.map(\.name) == ["B"])

        a.view.addSubview(b.view)
        #expect(log.take() == ["B.loadView parent=A children=1", "B.viewDidLoad parent=A children=1"])
        #expect(b.view.superview === a.view)

        b.didMove(toParent: a)
        #expect(log.take() == ["B.didMove(A) parent=A children=1"])
        #expect(b.parent === a)
    }

    @Test func removingAChildFollowsTheContainerDance() {
        let a = controller("A"), b = controller("B")
        embed(b, in: a)
        _ = log.take()

        b.willMove(toParent: nil)
        #expect(log.take() == ["B.willMove(nil)"])
        #expect(b.parent === a)  // still a child until removeFromParent

        b.view.removeFromSuperview()
        b.removeFromParent()
        // removeFromParent sends didMove(nil) and nothing else; the parent is already gone there.
        #expect(log.take() == ["B.didMove(nil)"])
        #expect(b.parent == nil)
        #expect(a.children.isEmpty)
        #expect(b.view.superview == nil)

        // Without a parent it does nothing.
        b.removeFromParent()
        #expect(log.entries.isEmpty)
    }

    @Test func fullAddAndRemoveCallOrder() {
        let a = controller("A"), b = controller("B")
        embed(b, in: a)
        unembed(b)
        #expect(log.take() == [
            "B.willMove(A)", "A.loadView", "A.viewDidLoad", "B.loadView", "B.viewDidLoad", "B.didMove(A)",
            "B.willMove(nil)", "B.didMove(nil)",
        ])
    }

    @Test func childrenKeepTheirInsertionOrder() {
        let a = controller("A"), b = controller("B"), c = controller("C"), d = controller("D")
        a.addChild(b)
        a.addChild(c)
        a.addChild(d)
        #expect(a.children.map(\.name) == ["B", "C", "D"])
        c.removeFromParent()
        #expect(a.children.map(\.name) == ["B", "D"])
        a.addChild(c)
        #expect(a.children.map(\.name) == ["B", "D", "C"])
    }

    @Test func addingACurrentChildAgainDoesNothing() {
        let a = controller("A"), b = controller("B"), c = controller("C")
        a.addChild(b)
        a.addChild(c)
        _ = log.take()
        a.addChild(b)
        #expect(log.entries.isEmpty)
        #expect(a.children.map(\.name) == ["B", "C"])
    }

    @Test func reparentingRemovesTheChildFromItsOldParentFirst() {
        let a = controller("A"), b = controller("B"), c = controller("C")
        embed(b, in: a)
        _ = log.take()

        c.addChild(b)
        #expect(log.take() == ["B.didMove(nil)", "B.willMove(C)"])
        #expect(a.children.isEmpty)
        #expect(c.children.map(\.name) == ["B"])
        #expect(b.parent === c)
        // Like UIKit, the view stays where it is until the new container moves it.
        #expect(b.view.superview === a.view)
        c.view.addSubview(b.view)
        b.didMove(toParent: c)
        #expect(b.view.superview === c.view)
        #expect(a.view.subviews.isEmpty)
    }

    @Test func parentIsWeakAndChildrenAreOwned() {
        let b = controller("B")
        weak var weakChild: TracingViewController?
        var a: TracingViewController? = controller("A")
        do {
            let c = controller("C")
            weakChild = c
            a?.addChild(c)
        }
        a?.addChild(b)
        #expect(weakChild != nil)  // kept alive by its parent
        #expect(b.parent != nil)
        a = nil
        #expect(b.parent == nil)
        #expect(weakChild == nil)
    }

    @Test func addingItselfOrAnAncestorAsAChildStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = ViewController(name: "A")
                a.addChild(a)
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = ViewController(name: "A"), b = ViewController(name: "B"), c = ViewController(name: "C")
                a.addChild(b)
                b.addChild(c)
                c.addChild(a)
            }
        }
    }

    // MARK: - Appearance state machine

    @Test func appearanceCallbacksAndStatesInOrder() {
        let a = controller("A")
        var states: [AppearanceState] = []
        a.probe = { vc in
            states.append(vc.appearanceState)
            return ""
        }
        #expect(a.appearanceState == .disappeared)

        a.beginAppearanceTransition(true, animated: true)
        #expect(a.appearanceState == .appearing)
        a.endAppearanceTransition()
        #expect(a.appearanceState == .appeared)
        a.beginAppearanceTransition(false, animated: false)
        #expect(a.appearanceState == .disappearing)
        a.endAppearanceTransition()
        #expect(a.appearanceState == .disappeared)

        #expect(log.take() == [
            "A.viewWillAppear(true) ", "A.viewDidAppear(true) ",
            "A.viewWillDisappear(false) ", "A.viewDidDisappear(false) ",
        ])
        // The state has already changed when each callback runs.
        #expect(states == [.appearing, .appeared, .disappearing, .disappeared])
        // Appearance does not load the view.
        #expect(!a.isViewLoaded)
    }

    @Test func beginThatDoesNotChangeTheStateIsIgnored() {
        let a = controller("A")
        a.beginAppearanceTransition(false, animated: false)  // already disappeared
        #expect(log.entries.isEmpty)
        #expect(a.appearanceState == .disappeared)

        a.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(true, animated: false)  // will-appear twice
        #expect(log.take() == ["A.viewWillAppear(true)"])
        #expect(a.appearanceState == .appearing)

        a.endAppearanceTransition()
        a.beginAppearanceTransition(true, animated: true)  // already appeared
        #expect(log.take() == ["A.viewDidAppear(true)"])
        #expect(a.appearanceState == .appeared)

        a.beginAppearanceTransition(false, animated: true)
        a.beginAppearanceTransition(false, animated: true)  // will-disappear twice
        #expect(log.take() == ["A.viewWillDisappear(true)"])
        #expect(a.appearanceState == .disappearing)
    }

    @Test func endCallsTheDidCallbackOnlyOnce() {
        let a = controller("A")
        a.endAppearanceTransition()  // without begin: no-op
        #expect(log.entries.isEmpty)
        #expect(a.appearanceState == .disappeared)

        a.beginAppearanceTransition(true, animated: false)
        a.endAppearanceTransition()
        a.endAppearanceTransition()
        #expect(log.take() == ["A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(a.appearanceState == .appeared)

        a.beginAppearanceTransition(false, animated: false)
        a.endAppearanceTransition()
        a.endAppearanceTransition()
        #expect(log.take() == ["A.viewWillDisappear(false)", "A.viewDidDisappear(false)"])
        #expect(a.appearanceState == .disappeared)
    }

    @Test func interruptedAppearanceGoesStraightToDisappearing() {
        let a = controller("A")
        a.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(false, animated: true)  // cancelled before didAppear
        #expect(a.appearanceState == .disappearing)
        a.endAppearanceTransition()
        #expect(a.appearanceState == .disappeared)
        #expect(log.take() == ["A.viewWillAppear(true)", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)"])
    }

    @Test func interruptedDisappearanceGoesStraightToAppearing() {
        let a = controller("A")
        a.beginAppearanceTransition(true, animated: false)
        a.endAppearanceTransition()
        _ = log.take()

        a.beginAppearanceTransition(false, animated: true)  // an interactive pop...
        a.beginAppearanceTransition(true, animated: true)  // ...cancelled
        #expect(a.appearanceState == .appearing)
        a.endAppearanceTransition()
        #expect(a.appearanceState == .appeared)
        #expect(log.take() == ["A.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)"])
    }

    // MARK: - Forwarding to children

    @Test func appearanceIsForwardedToChildrenParentFirstInChildOrder() {
        let a = controller("A"), b = controller("B"), c = controller("C"), d = controller("D")
        embed(b, in: a)
        embed(c, in: a)
        embed(d, in: b)
        _ = log.take()

        a.beginAppearanceTransition(true, animated: true)
        #expect(log.take() == ["A.viewWillAppear(true)", "B.viewWillAppear(true)", "D.viewWillAppear(true)", "C.viewWillAppear(true)"])
        #expect([a, b, c, d].allSatisfy { $0.appearanceState == .appearing })

        a.endAppearanceTransition()
        #expect(log.take() == ["A.viewDidAppear(true)", "B.viewDidAppear(true)", "D.viewDidAppear(true)", "C.viewDidAppear(true)"])
        #expect([a, b, c, d].allSatisfy { $0.appearanceState == .appeared })

        a.beginAppearanceTransition(false, animated: false)
        a.endAppearanceTransition()
        #expect(log.take() == [
            "A.viewWillDisappear(false)", "B.viewWillDisappear(false)", "D.viewWillDisappear(false)", "C.viewWillDisappear(false)",
            "A.viewDidDisappear(false)", "B.viewDidDisappear(false)", "D.viewDidDisappear(false)", "C.viewDidDisappear(false)",
        ])
        #expect([a, b, c, d].allSatisfy { $0.appearanceState == .disappeared })
    }

    @Test func ignoredAndInterruptedTransitionsAreForwardedTheSameWay() {
        let a = controller("A"), b = controller("B")
        embed(b, in: a)
        _ = log.take()

        a.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(false, animated: true)
        a.endAppearanceTransition()
        a.endAppearanceTransition()
        #expect(log.take() == [
            "A.viewWillAppear(true)", "B.viewWillAppear(true)",
            "A.viewWillDisappear(true)", "B.viewWillDisappear(true)",
            "A.viewDidDisappear(true)", "B.viewDidDisappear(true)",
        ])
        #expect(b.appearanceState == .disappeared)
    }

    @Test func forwardingSkipsChildrenWhoseViewIsNotInTheParentsView() {
        let a = controller("A"), shown = controller("Shown"), hidden = controller("Hidden")
        embed(shown, in: a)
        a.addChild(hidden)  // a tab that is not selected: added, view never installed
        hidden.didMove(toParent: a)
        _ = log.take()

        a.beginAppearanceTransition(true, animated: false)
        a.endAppearanceTransition()
        #expect(log.take() == [
            "A.viewWillAppear(false)", "Shown.viewWillAppear(false)",
            "A.viewDidAppear(false)", "Shown.viewDidAppear(false)",
        ])
        #expect(hidden.appearanceState == .disappeared)
        #expect(!hidden.isViewLoaded)
    }

    @Test func noForwardingWhenTheParentOptsOut() {
        let a = controller("A"), b = controller("B")
        a.forwardsAppearance = false
        embed(b, in: a)
        _ = log.take()

        a.beginAppearanceTransition(true, animated: true)
        a.endAppearanceTransition()
        #expect(log.take() == ["A.viewWillAppear(true)", "A.viewDidAppear(true)"])
        #expect(b.appearanceState == .disappeared)

        // The container drives the child itself.
        b.beginAppearanceTransition(true, animated: true)
        b.endAppearanceTransition()
        #expect(log.take() == ["B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        #expect(b.appearanceState == .appeared)
    }

    // MARK: - isMovingToParent / isMovingFromParent

    @Test func movingFlagsAreSetOnlyDuringTheMove() {
        let a = controller("A"), b = controller("B")
        a.forwardsAppearance = false
        a.loadViewIfNeeded()
        a.beginAppearanceTransition(true, animated: false)
        a.endAppearanceTransition()
        _ = log.take()
        b.probe = { vc in "to=\(vc.isMovingToParent) from=\(vc.isMovingFromParent)" }

        // Push: addChild, add the view, appear, then didMove.
        a.addChild(b)
        a.view.addSubview(b.view)
        b.beginAppearanceTransition(true, animated: true)
        b.endAppearanceTransition()
        #expect(b.isMovingToParent)
        b.didMove(toParent: a)
        #expect(!b.isMovingToParent)

        // An appearance cycle that is not a move.
        b.beginAppearanceTransition(false, animated: false)
        b.endAppearanceTransition()
        b.beginAppearanceTransition(true, animated: false)
        b.endAppearanceTransition()

        // Pop: willMove(nil), disappear, remove the view, removeFromParent.
        b.willMove(toParent: nil)
        b.beginAppearanceTransition(false, animated: true)
        b.endAppearanceTransition()
        #expect(b.isMovingFromParent)
        b.view.removeFromSuperview()
        b.removeFromParent()
        #expect(!b.isMovingFromParent)
        #expect(!b.isMovingToParent)

        #expect(log.take() == [
            "B.willMove(A) to=true from=false",
            "B.loadView to=true from=false",
            "B.viewDidLoad to=true from=false",
            "B.viewWillAppear(true) to=true from=false",
            "B.viewDidAppear(true) to=true from=false",
            "B.didMove(A) to=false from=false",
            "B.viewWillDisappear(false) to=false from=false",
            "B.viewDidDisappear(false) to=false from=false",
            "B.viewWillAppear(false) to=false from=false",
            "B.viewDidAppear(false) to=false from=false",
            "B.willMove(nil) to=false from=true",
            "B.viewWillDisappear(true) to=false from=true",
            "B.viewDidDisappear(true) to=false from=true",
            "B.didMove(nil) to=false from=false",
        ])
    }

    @Test func removingAChildThatNeverGotDidMoveClearsIsMovingToParent() {
        let a = controller("A"), b = controller("B")
        a.addChild(b)
        #expect(b.isMovingToParent)
        b.removeFromParent()
        #expect(!b.isMovingToParent)
        #expect(!b.isMovingFromParent)
    }

    @Test func presentationFlagsStartCleared() {
        let a = controller("A")
        #expect(!a.isBeingPresented)
        #expect(!a.isBeingDismissed)
        #expect(a.presentedViewController == nil)
        #expect(a.presentingViewController == nil)
        #expect(a.shouldAutomaticallyForwardAppearanceMethods)
        #expect(ViewController().shouldAutomaticallyForwardAppearanceMethods)
        #expect(ViewController().name == "viewController")
    }

    // MARK: - Diagnostics

    @Test func hierarchyDescriptionListsTheTreeIndented() {
        let root = controller("root"), b = controller("B"), c = controller("C"), d = controller("D")
        let modal = controller("modal")
        root.title = "Home"
        embed(b, in: root)
        embed(d, in: b)
        root.addChild(c)
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition()
        root.directlyPresented = modal
        modal.directPresenter = root

        #expect(root.hierarchyDescription() == """
            root "Home" [appeared]
              B [appeared]
                D [appeared]
              C [disappeared, view not loaded]
              presented: modal [disappeared, view not loaded]
            """)
        #expect(d.hierarchyDescription() == "D [appeared]")
    }
}
