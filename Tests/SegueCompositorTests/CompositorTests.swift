import CSegueAllocationCounter
import SegueTiming
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import SegueTesting
import Testing

/// Headless-GL tier: the compositor against goldens (progress 0, .25, .5, .75, 1) and against
/// values worked out by hand.
@MainActor
@Suite("Compositor (headless GL)", .tags(.gl))
struct CompositorTests {
    // The engine is shared; each test body (atomic on the main actor) starts from a reset
    // one, since other suites' tests may run between a suite's init and its body.

    /// Goldens were recorded on Mesa llvmpipe. Edges of transformed quads are rasterized and
    /// filtered slightly differently by other drivers, so edge pixels may flip fully between two
    /// colours: up to 5% of the pixels (the card's outline and its checker's 6 inner lines are
    /// about 800 of 19,200) may exceed 2 levels, and the picture as a whole must agree closely (mean).
    static let goldenTolerance = ImageTolerance(maxDifference: 2, meanDifference: 0.6, outlierFraction: 0.05)

    /// A 4x4 checker of two colours: every texel is distinguishable, so scaling shows.
    static func checker(width: Int, height: Int) -> ViewContent {
        .drawing(width: width, height: height) { image in
            for y in 0..<height {
                for x in 0..<width {
                    let on = ((x * 4 / width) + (y * 4 / height)) % 2 == 0
                    image[x, y] = on ? SIMD4(240, 240, 240, 255) : SIMD4(30, 90, 200, 255)
                }
            }
        }
    }

    @Test func rotationAboutYWithPerspectiveAroundAnEdge() throws {
        try withCompositor(width: 160, height: 120) { compositor, target in
            let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "root")
            let card = View(frame: Rect(x: 40, y: 20, width: 80, height: 80), name: "card")
            card.content = Self.checker(width: 80, height: 80)
            // The seeds' cube: anchor at the shared (left) edge, rotation about y, m34 = -0.005.
            card.anchorPoint = Point(x: 0, y: 0.5)
            card.center = Point(x: 40, y: 60)
            root.addSubview(card)
            for (index, progress) in [0.0, 0.25, 0.5, 0.75, 1].enumerated() {
                let angle = progress * .pi / 2
                card.transform = Transform3D.perspective(m34: -0.005).rotated(by: angle, x: 0, y: 1, z: 0)
                try compositor.render(root, into: target, clearColor: .black)
                let image = try target.readImage()
                if progress == 0 {
                    // Unrotated, at whole pixels: the checker exactly.
                    #expect(image[40, 20] == SIMD4(240, 240, 240, 255))
                    #expect(image[60, 20] == SIMD4(30, 90, 200, 255))
                    #expect(image[39, 20] == SIMD4(0, 0, 0, 255))
                }
                if progress == 1 {
                    // Edge-on at 90°: nothing of the card is left on screen.
                    #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 }, "edge-on card is invisible")
                }
                if progress == 0.5 {
                    // 45°: the far edge recedes (perspective), the anchored edge stays.
                    #expect(image[40, 60] != SIMD4(0, 0, 0, 255), "the anchored edge stays in place")
                    #expect(image[40 + 80 * 707 / 1000 + 2, 60] == SIMD4(0, 0, 0, 255), "the far edge is nearer the anchor than without perspective")
                }
                GoldenImage.check(image, named: "rotate-y-\(index)", tolerance: Self.goldenTolerance)
            }
        }
    }

    @Test func nestedAlphaFadesTheParentAsAGroup() throws {
        try withCompositor(width: 64, height: 64) { compositor, target in
            let root = View(frame: Rect(x: 0, y: 0, width: 64, height: 64))
            let parent = View(frame: Rect(x: 8, y: 8, width: 48, height: 48))
            parent.backgroundColor = .red
            parent.alpha = 0.5
            let child = View(frame: Rect(x: 16, y: 16, width: 16, height: 16))
            child.backgroundColor = .green
            child.alpha = 0.5
            parent.addSubview(child)
            root.addSubview(parent)
            try compositor.render(root, into: target, clearColor: .black)
            let image = try target.readImage()
            // Group opacity (UIKit's default): the parent is flattened, then faded. Parent: red
            // at 0.5 over black. Child: green at 0.5 over opaque red inside the group,
            // (0.5, 0.5, 0), then the group at 0.5 over black: (0.25, 0.25, 0) = (63.75, 63.75, 0).
            // (Before group opacity the child was faded twice over a faded parent: (96, 64, 0);
            // the golden was re-recorded for this change of picture.)
            let parentPixel = image[10, 10], childPixel = image[30, 30]
            #expect(abs(Int(parentPixel.x) - 128) <= 1 && parentPixel.y == 0)
            #expect(abs(Int(childPixel.x) - 64) <= 1 && abs(Int(childPixel.y) - 64) <= 1 && childPixel.z == 0)
            #expect(image[2, 2] == SIMD4(0, 0, 0, 255))
            GoldenImage.check(image, named: "nested-alpha", maxDifference: 1, meanDifference: 0.05)
        }
    }

    @Test func cornerRadiusAndClipping() throws {
        try withCompositor(width: 120, height: 80) { compositor, target in
            let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 80))
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60), name: "card")
            card.backgroundColor = .blue
            card.cornerRadius = 20
            card.clipsToBounds = true
            let overflowing = View(frame: Rect(x: 50, y: -20, width: 80, height: 50), name: "overflowing")
            overflowing.backgroundColor = .yellow
            card.addSubview(overflowing)
            root.addSubview(card)
            try compositor.render(root, into: target, clearColor: .black)
            let image = try target.readImage()
            #expect(image[11, 11] == SIMD4(0, 0, 0, 255), "the rounded corner is cut away")
            #expect(image[60, 40] == SIMD4(0, 0, 255, 255), "inside: the card")
            #expect(image[80, 15] == SIMD4(255, 255, 0, 255), "the subview inside the card")
            #expect(image[80, 5] == SIMD4(0, 0, 0, 255), "the subview above the card is clipped")
            #expect(image[108, 12] == SIMD4(0, 0, 0, 255), "the subview in the rounded corner is clipped")
            // Without clipping the subview shows outside the card.
            card.clipsToBounds = false
            try compositor.render(root, into: target, clearColor: .black)
            #expect(try target.readImage()[80, 5] == SIMD4(255, 255, 0, 255))
            card.clipsToBounds = true
            try compositor.render(root, into: target, clearColor: .black)
            GoldenImage.check(try target.readImage(), named: "corner-radius-clip", maxDifference: 2, meanDifference: 0.05)
        }
    }

    @Test func snapshotShrinksToItsCentreWithItsSubviews() throws {
        try withCompositor(width: 160, height: 120) { compositor, target in
            let clock = VirtualClock(step: 0.5)
            let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "root")
            // In a window of its own: its engine runs the shrink.
            let window = Window(size: Size(width: 160, height: 120))
            window.rootView.addSubview(root)
            let from = View(frame: Rect(x: 0, y: 0, width: 160, height: 120), name: "from")
            from.backgroundColor = .white
            let badge = View(frame: Rect(x: 0, y: 0, width: 80, height: 60), name: "badge")
            badge.backgroundColor = .red
            from.addSubview(badge)
            root.addSubview(from)
            // The seed's shrink dismiss: snapshot the from-view, hide it, shrink the snapshot to
            // its centre over 2 s. Subviews shrink with it because they are in the snapshot.
            let snapshot = try compositor.snapshot(of: from)
            root.addSubview(snapshot)
            from.isHidden = true
            View.animate(withDuration: 2, options: .curveLinear) {
                snapshot.frame = snapshot.frame.insetBy(dx: snapshot.frame.width / 2, dy: snapshot.frame.height / 2)
            }
            for index in 0..<5 {
                if index > 0 { window.animationEngine.advance(to: clock.tick()) }
                try compositor.render(root, into: target, clearColor: .black)
                let image = try target.readImage()
                if index == 2 {
                    // Half way the snapshot is 80x60 at (40, 30): the badge is its top-left quarter.
                    #expect(image[45, 35] == SIMD4(255, 0, 0, 255), "the badge shrank with the snapshot")
                    #expect(image[100, 70] == SIMD4(255, 255, 255, 255))
                    #expect(image[35, 35] == SIMD4(0, 0, 0, 255))
                }
                GoldenImage.check(image, named: "snapshot-shrink-\(index)", maxDifference: 2, meanDifference: 0.1)
            }
        }
    }

    @Test func thousandAnimatedFramesUploadAndCompileNothing() throws {
        try withCompositor(width: 96, height: 64) { compositor, target in
            let device = compositor.glDevice
            let root = View(frame: Rect(x: 0, y: 0, width: 96, height: 64))
            let window = Window(size: Size(width: 96, height: 64))
            window.rootView.addSubview(root)
            for i in 0..<6 {
                let view = View(frame: Rect(x: Double(i * 14), y: 8, width: 12, height: 12))
                view.content = Self.checker(width: 12, height: 12)
                view.cornerRadius = 3
                view.clipsToBounds = i % 2 == 0
                root.addSubview(view)
                View.animate(withDuration: 10, animations: {
                    view.transform = Transform3D.perspective(m34: -0.01).rotated(by: .pi, x: 0, y: 1, z: 0)
                    view.alpha = 0.2
                })
            }
            let clock = VirtualClock(step: 1.0 / 100)
            try compositor.render(root, into: target)  // first frame: uploads and compiles happen here
            let before = device.counters
            segue_allocation_counter_begin()
            for _ in 0..<1000 {
                window.animationEngine.advance(to: clock.tick())
                try compositor.render(root, into: target)
            }
            let allocations = segue_allocation_counter_end()
            let used = device.counters.since(before)
            #expect(used.textureUploads == 0)
            #expect(used.shaderCompiles == 0)
            #expect(used.objectAllocations == 0)
            #expect(used.drawCalls >= 6000)
            print("1000 animated frames: engine allocations \(allocations), driver allocations \(segue_allocation_counter_other())")
        }
    }

    /// New pixels of the same size go into the view's texture (one upload, no GL object made or
    /// deleted) and show; a picture of another size gets a texture of its own.
    @Test func aChangedPictureOfTheSameSizeReusesItsTexture() throws {
        try withCompositor(width: 8, height: 8) { compositor, target in
            let device = compositor.glDevice
            let root = View(frame: Rect(x: 0, y: 0, width: 8, height: 8))
            let view = View(frame: Rect(x: 0, y: 0, width: 8, height: 8))
            root.addSubview(view)
            view.content = .image(try RGBAImage(width: 8, height: 8, fill: SIMD4(200, 0, 0, 255)))
            try compositor.render(root, into: target)
            let before = device.counters
            view.content = .image(try RGBAImage(width: 8, height: 8, fill: SIMD4(0, 0, 200, 255)))
            try compositor.render(root, into: target)
            let same = device.counters.since(before)
            #expect(same.textureUploads == 1)
            #expect(same.objectAllocations == 0 && same.objectReleases == 0, "\(same)")
            #expect(try target.readImage()[4, 4] == SIMD4(0, 0, 200, 255))
            let middle = device.counters
            view.content = .image(try RGBAImage(width: 4, height: 4, fill: SIMD4(0, 200, 0, 255)))
            try compositor.render(root, into: target)
            let other = device.counters.since(middle)
            #expect(other.objectAllocations == 1 && other.objectReleases == 1, "\(other)")
            #expect(try target.readImage()[4, 4] == SIMD4(0, 200, 0, 255))
            #expect(compositor.cachedTextureCount == 1)
        }
    }

    @Test func releasedViewsFreeTheirTextures() throws {
        try withCompositor(width: 32, height: 32) { compositor, target in
            let root = View(frame: Rect(x: 0, y: 0, width: 32, height: 32))
            var child: View? = View(frame: Rect(x: 0, y: 0, width: 8, height: 8))
            child!.content = Self.checker(width: 8, height: 8)
            root.addSubview(child!)
            try compositor.render(root, into: target)
            #expect(compositor.cachedTextureCount == 1)
            child!.removeFromSuperview()
            child = nil
            try compositor.render(root, into: target)
            #expect(compositor.cachedTextureCount == 0)
        }
    }

    @Test func clippingWithoutAStencilIsATypedError() throws {
        try HeadlessEGLContext.withDevice { device in
            let compositor = try Compositor(device: device)
            let target = try device.makeOffscreenTarget(width: 8, height: 8)
            let root = View(frame: Rect(x: 0, y: 0, width: 8, height: 8), name: "card")
            root.clipsToBounds = true
            root.addSubview(View(frame: Rect(x: 0, y: 0, width: 4, height: 4)))
            #expect(throws: GLError.targetHasNoStencil(view: "card")) { try compositor.render(root, into: target) }
            #expect(GLError.targetHasNoStencil(view: "card").description.contains("view 'card' clips to its bounds"))
            compositor.release(); target.release()
        }
    }
}
