import SegueGL
import SegueImage
@testable import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import SegueTesting
import Testing

/// `Window.renderFrame`'s underlay: a renderer that fills the target itself has the views drawn
/// over its pixels (no clear, no extra pass); one that declines gets the usual clear.
@MainActor
@Suite("Window underlay (headless GL)", .tags(.gl))
struct UnderlayTests {
    @Test func viewsAreDrawnOverWhatTheUnderlayDrew() throws {
        try withCompositor(width: 40, height: 20) { compositor, target in
            let window = Window(size: Size(width: 40, height: 20))
            let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
            box.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
            window.rootView.addSubview(box)
            var calls = 0
            try window.renderFrame(at: 0, compositor: compositor, into: target, clearColor: .black) { drawn in
                calls += 1
                compositor.glDevice.bind(drawn)
                GL.clearColor(1, 0, 0, 1)
                GL.clear(GL.colorBufferBit)
                return true
            }
            var image = try target.readImage()
            #expect(calls == 1)
            #expect(image[5, 10] == SIMD4(0, 0, 255, 255), "the view, over the underlay")
            #expect(image[30, 10] == SIMD4(255, 0, 0, 255), "the underlay's pixels, not cleared")
            try window.renderFrame(at: 0.1, compositor: compositor, into: target, clearColor: .black) { _ in false }
            image = try target.readImage()
            #expect(image[30, 10] == SIMD4(0, 0, 0, 255), "declined: cleared to the clear colour")
        }
    }

    /// The stencil of a target whose pixels are kept is cleared at the first clip (not every
    /// frame): a clip works over whatever stencil the underlay left.
    @Test func aClipWorksOverTheStencilAnUnderlayLeft() throws {
        try withCompositor(width: 40, height: 20) { compositor, target in
            let window = Window(size: Size(width: 40, height: 20))
            let clip = View(frame: Rect(x: 10, y: 0, width: 10, height: 20))
            clip.clipsToBounds = true
            let inside = View(frame: Rect(x: -10, y: 0, width: 30, height: 20))  // wider than its clip
            inside.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
            clip.addSubview(inside)
            window.rootView.addSubview(clip)
            try window.renderFrame(at: 0, compositor: compositor, into: target, clearColor: .black) { drawn in
                compositor.glDevice.bind(drawn)
                GL.clearColor(1, 0, 0, 1)
                GL.clearStencil(5)  // what a renderer of its own may leave behind
                GL.clear(GL.colorBufferBit | GL.stencilBufferBit)
                GL.clearStencil(0)
                return true
            }
            let image = try target.readImage()
            #expect(image[15, 10] == SIMD4(0, 255, 0, 255), "inside the clip: the subview")
            #expect(image[5, 10] == SIMD4(255, 0, 0, 255) && image[25, 10] == SIMD4(255, 0, 0, 255), "outside: the underlay")
        }
    }
}
