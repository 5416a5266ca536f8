import SegueGL
import SegueHeadless
import SegueImage
import SegueScene
import SegueTesting
import Testing

/// `snapshotView(afterScreenUpdates:)` without `window.attach(_:)` or a rendered frame: it
/// uses the only live compositor; with none left, or with two (two GL contexts: which one the
/// window belongs to is not for Segue to guess), it is a typed error (headless GL).
@MainActor
@Suite("Snapshots without an attached compositor (headless GL)", .serialized, .tags(.gl))
struct SnapshotFallbackTests {
    @Test func aNeverRenderedWindowSnapshotsWithTheLiveCompositor() throws {
        let rig = try HeadlessStage(width: 40, height: 30)
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

    @Test func withTwoLiveCompositorsTheWindowMustSayWhichOne() throws {
        let rig = try HeadlessStage(width: 40, height: 30)
        defer { rig.release() }
        // A second compositor (on the same device here; in an app it would be another context's).
        let second = try Compositor(device: rig.device)
        let window = Window(size: Size(width: 40, height: 30))
        let card = View(frame: Rect(x: 0, y: 0, width: 40, height: 30), name: "card")
        window.rootView.addSubview(card)
        #expect(throws: SnapshotError.noCompositor(view: "card")) { try card.makeSnapshotView() }
        window.attach(second)
        let snapshot = try card.makeSnapshotView()
        guard case .texture = snapshot.content else { Issue.record("the snapshot shows no texture"); return }
        window.attach(rig.compositor)
        second.release()
        #expect(window.snapshotCompositor === rig.compositor)
        let detached = Window(size: Size(width: 40, height: 30))
        #expect(detached.snapshotCompositor === rig.compositor, "one live compositor again")
    }
}
