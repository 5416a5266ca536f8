import SegueGL
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueCompositor
import SegueStage
import SegueTesting
import Testing

/// `snapshotView(afterScreenUpdates:)` uses the compositor of the view's own window (attached
/// or the last to render it), never another window's: which GL context a window belongs to is
/// not for Segue to guess. Without one it is a typed error reported to that window (headless GL).
@MainActor
@Suite("Snapshots use their window's compositor (headless GL)", .tags(.gl))
struct SnapshotCompositorTests {
    @Test func aWindowWithoutACompositorThrowsEvenWhileAnotherIsAlive() throws {
        let stage = try HeadlessStage(width: 40, height: 30)
        defer { stage.release() }
        let window = Window(size: Size(width: 40, height: 30))
        let card = View(frame: Rect(x: 0, y: 0, width: 40, height: 30), name: "card")
        card.backgroundColor = .red
        window.rootView.addSubview(card)
        #expect(window.compositor == nil && window.snapshotCompositor == nil)
        #expect(throws: SnapshotError.noCompositor(view: "card")) { try card.makeSnapshotView() }
        // The nil-returning form reports to the card's window, not to the stage's.
        #expect(card.snapshotView() == nil)
        #expect(window.diagnostics.messages.count == 1)
        #expect(window.diagnostics.messages.first?.contains("no compositor attached") == true)
        #expect(stage.window.diagnostics.messages.isEmpty)

        window.attach(stage.compositor)
        let snapshot = try card.makeSnapshotView(afterScreenUpdates: false)
        guard case .texture = snapshot.content else {
            Issue.record("the snapshot shows no texture")
            return
        }
        // The snapshot draws as the card did.
        stage.window.rootView.addSubview(snapshot)
        #expect(try stage.snapshot()[20, 15] == SIMD4(255, 0, 0, 255))
        snapshot.removeFromSuperview()
    }

    @Test func aRenderedWindowSnapshotsWithTheCompositorThatRenderedIt() throws {
        let stage = try HeadlessStage(width: 40, height: 30)
        defer { stage.release() }
        let second = try Compositor(device: stage.device)
        defer { second.release() }
        let window = Window(size: Size(width: 40, height: 30))
        let card = View(frame: Rect(x: 0, y: 0, width: 40, height: 30), name: "card")
        window.rootView.addSubview(card)
        #expect(throws: SnapshotError.noCompositor(view: "card")) { try card.makeSnapshotView() }
        try window.renderFrame(at: 0, compositor: second, into: stage.target)
        #expect(window.snapshotCompositor === second)
        _ = try card.makeSnapshotView()
        window.attach(stage.compositor)
        #expect(window.snapshotCompositor === stage.compositor, "attach names the compositor from now on")
        #expect(Window(size: Size(width: 1, height: 1)).snapshotCompositor == nil, "a new window has none")
    }
}
