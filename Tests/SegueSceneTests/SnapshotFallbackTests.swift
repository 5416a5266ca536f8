import SegueGL
import SegueImage
import SegueScene
import SegueTestSupport
import Testing

/// `snapshotView(afterScreenUpdates:)` without `window.attach(_:)` or a rendered frame: it
/// uses the live compositor; with none left it is a typed error (headless GL).
@MainActor
@Suite("Snapshots without an attached compositor (headless GL)", .serialized)
struct SnapshotFallbackTests {
    @Test func aNeverRenderedWindowSnapshotsWithTheLiveCompositor() throws {
        let rig = try HeadlessCompositorRig(width: 40, height: 30)
        let window = Window(size: Size(width: 40, height: 30))
        let card = View(frame: Rect(x: 0, y: 0, width: 40, height: 30), name: "card")
        card.backgroundColor = .red
        window.rootView.addSubview(card)
        #expect(window.compositor == nil && window.snapshotCompositor === rig.compositor)
        let snapshot = try card.makeSnapshotView(afterScreenUpdates: false)
        guard case .texture = snapshot.content else {
            Issue.record("the snapshot shows no texture")
            rig.release()
            return
        }
        // The snapshot draws as the card did.
        let other = Window(size: Size(width: 40, height: 30))
        other.rootView.addSubview(snapshot)
        try rig.compositor.render(other.rootView, into: rig.target)
        #expect(try rig.target.readImage()[20, 15] == SIMD4(255, 0, 0, 255))
        other.rootView.subviews.forEach { $0.removeFromSuperview() }
        rig.release()
        // Released: no live compositor is left for a window that never rendered.
        #expect(throws: SnapshotError.noCompositor(view: "card")) { try card.makeSnapshotView() }
    }
}
