import SegueGL
import SegueImage
import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import Testing

/// Headless-GL tier: group opacity against a CPU reference worked out by hand.
@MainActor
@Suite("Group opacity (headless GL)", .tags(.gl))
struct GroupOpacityTests {
    /// A parent at alpha 0.5 (no background) holding two opaque squares that overlap, red below
    /// green, over a black target: red x 8..<40, green x 24..<56, both y 8..<40.
    func scene(groupOpacity: Bool, alpha: Double = 0.5) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 64, height: 48), name: "root")
        let parent = View(frame: Rect(x: 0, y: 0, width: 64, height: 48), name: "parent")
        parent.alpha = alpha
        parent.allowsGroupOpacity = groupOpacity
        let red = View(frame: Rect(x: 8, y: 8, width: 32, height: 32), name: "red")
        red.backgroundColor = .red
        let green = View(frame: Rect(x: 24, y: 8, width: 32, height: 32), name: "green")
        green.backgroundColor = .green
        parent.addSubview(red)
        parent.addSubview(green)
        root.addSubview(parent)
        return root
    }

    /// The CPU reference: premultiplied "over" of opaque squares, then the fade. With group
    /// opacity the squares are flattened first (the overlap is green) and the picture is faded
    /// once; without, each square is faded on its own and red shows through green.
    func expected(x: Int, y: Int, groupOpacity: Bool, alpha: Double) -> SIMD4<Int> {
        let inRed = (8..<40).contains(x) && (8..<40).contains(y), inGreen = (24..<56).contains(x) && (8..<40).contains(y)
        var color = SIMD3<Double>(0, 0, 0)  // the black target
        if groupOpacity {
            var flat = SIMD4<Double>(0, 0, 0, 0)  // premultiplied, transparent
            if inRed { flat = SIMD4(1, 0, 0, 1) }
            if inGreen { flat = SIMD4(0, 1, 0, 1) }
            color = SIMD3(flat.x, flat.y, flat.z) * alpha + color * (1 - flat.w * alpha)
        } else {
            if inRed { color = SIMD3(1, 0, 0) * alpha + color * (1 - alpha) }
            if inGreen { color = SIMD3(0, 1, 0) * alpha + color * (1 - alpha) }
        }
        return SIMD4(Int((color.x * 255).rounded()), Int((color.y * 255).rounded()), Int((color.z * 255).rounded()), 255)
    }

    func check(_ image: RGBAImage, groupOpacity: Bool, alpha: Double) {
        var worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y], e = expected(x: x, y: y, groupOpacity: groupOpacity, alpha: alpha)
                worst = max(worst, abs(Int(p.x) - e.x), abs(Int(p.y) - e.y), abs(Int(p.z) - e.z))
            }
        }
        // 8-bit blending rounds once per layer: within one level of the exact value.
        #expect(worst <= 1, "worst channel difference \(worst) (group opacity \(groupOpacity), alpha \(alpha))")
    }

    @Test(arguments: [0.5, 0.25, 0.8]) func overlappingSubviewsFadeAsOnePicture(alpha: Double) throws {
        try withCompositor(width: 64, height: 48) { compositor, target in
            try compositor.render(scene(groupOpacity: true, alpha: alpha), into: target, clearColor: .black)
            let grouped = try target.readImage()
            check(grouped, groupOpacity: true, alpha: alpha)
            // At 0.5 the overlap is pure green at half strength: no red shows through.
            #expect(alpha != 0.5 || grouped[30, 20] == SIMD4(0, 128, 0, 255))
            try compositor.render(scene(groupOpacity: false, alpha: alpha), into: target, clearColor: .black)
            let separate = try target.readImage()
            check(separate, groupOpacity: false, alpha: alpha)
            #expect(alpha != 0.5 || separate[30, 20] == SIMD4(64, 128, 0, 255), "opted out: red shows through")
        }
    }

    @Test func aFlippedTargetAndAnAncestorsClipKeepTheGroupInPlace() throws {
        try withCompositor(width: 64, height: 48) { compositor, target in
            let root = scene(groupOpacity: true)
            try compositor.render(root, into: target, clearColor: .black)
            let upright = try target.readImage()
            // A window's framebuffer stores the bottom row first: the same picture, rows reversed.
            try compositor.render(root, into: FlippedTarget(target), clearColor: .black)
            let flipped = try target.readImage()
            var rows: [UInt8] = []
            let rowBytes = flipped.width * 4
            for y in (0..<flipped.height).reversed() {
                let start: Int = y * rowBytes
                rows += flipped.pixels[start..<(start + rowBytes)]
            }
            #expect(rows == upright.pixels)
            // An ancestor clipping to x < 32 clips the flattened picture (drawn through the stencil).
            let clip = View(frame: Rect(x: 0, y: 0, width: 32, height: 48), name: "clip")
            clip.clipsToBounds = true
            let parent = root.subviews[0]
            clip.addSubview(parent)
            root.addSubview(clip)
            try compositor.render(root, into: target, clearColor: .black)
            let clipped = try target.readImage()
            #expect(clipped[20, 20] == upright[20, 20] && clipped[30, 20] == upright[30, 20])
            #expect(clipped[40, 20] == SIMD4(0, 0, 0, 255) && clipped[50, 20] == SIMD4(0, 0, 0, 255))
        }
    }

    @Test func steadyFramesReuseThePooledTarget() throws {
        try withCompositor(width: 64, height: 48) { compositor, target in
            let root = scene(groupOpacity: true)
            try compositor.render(root, into: target)
            let device = compositor.glDevice
            let before = device.counters
            for _ in 0..<4 { try compositor.render(root, into: target) }
            #expect(device.counters.since(before).objectAllocations == 0)
            #expect(device.targetPool.targetCount == 1 && device.targetPool.leasedCount == 0)
        }
    }
}

/// A target that reports a window framebuffer's row order.
final class FlippedTarget: RenderTarget {
    let inner: OffscreenTarget
    init(_ inner: OffscreenTarget) { self.inner = inner }
    var framebufferName: FramebufferName { inner.framebufferName }
    var width: Int { inner.width }
    var height: Int { inner.height }
    var flipsVertically: Bool { true }
    var hasStencil: Bool { inner.hasStencil }
}
