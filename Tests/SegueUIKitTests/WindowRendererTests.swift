import SegueGL
import SegueHeadless
import SegueUIKit
import Testing

/// The port draws and snapshots only through `WindowRenderer` (the compositor lives in
/// SegueCompositor, beside it): a renderer that records its calls stands in for the compositor,
/// and the window must hand it what the compositor would get.
@MainActor
@Suite("Window through WindowRenderer (headless GL)", .tags(.gl))
struct WindowRendererTests {
    /// Records each call; draws nothing. Its snapshot is a plain view with a recognisable name.
    final class RecordingRenderer: WindowRenderer {
        struct Render: Equatable {
            let root: ObjectIdentifier
            let clearColor: Color?
            let scale: Double
        }

        let glDevice: GLDevice
        var renders: [Render] = []
        var snapshotted: [String] = []

        init(device: GLDevice) { glDevice = device }

        func render(_ root: View, into target: some RenderTarget, clearColor: Color?, scale: Double) throws(GLError) {
            renders.append(Render(root: ObjectIdentifier(root), clearColor: clearColor, scale: scale))
        }

        func snapshot(of view: View) throws(GLError) -> View {
            snapshotted.append(view.name)
            return View(frame: view.frame, name: "recorded.\(view.name)")
        }
    }

    @Test func framesAndSnapshotsGoThroughTheAttachedRenderer() throws {
        try HeadlessEGLContext.withDevice { device in
            let target = try device.makeOffscreenTarget(width: 8, height: 8, stencil: true)
            defer { target.release() }
            let renderer = RecordingRenderer(device: device)
            let window = Window(size: Size(width: 4, height: 4))
            window.contentScale = 2
            let card = View(frame: Rect(x: 0, y: 0, width: 2, height: 2), name: "card")
            window.rootView.addSubview(card)

            #expect(throws: SnapshotError.noCompositor(view: "card")) { try card.makeSnapshotView() }
            window.attach(renderer)
            #expect(window.snapshotCompositor === renderer)
            #expect(try card.makeSnapshotView().name == "recorded.card")
            #expect(renderer.snapshotted == ["card"])
            #expect(renderer.renders.isEmpty, "attaching draws nothing")

            let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
            try window.renderFrame(at: 0, compositor: renderer, into: target, clearColor: red)
            try window.renderFrame(at: 0.1, compositor: renderer, into: target, clearColor: red) { _ in true }
            let root = ObjectIdentifier(window.rootView)
            #expect(renderer.renders == [
                .init(root: root, clearColor: red, scale: 2),
                .init(root: root, clearColor: nil, scale: 2),  // the underlay filled the target: no clear
            ])
        }
    }
}
