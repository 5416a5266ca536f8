import SegueGL
import SegueImage
import SegueUIKit
import SegueCompositor
import SegueCompositorTestSupport
import Testing

/// A subclass as an app writes one: lays out its subviews and draws its own content.
@MainActor
final class SplitView: View {
    let left = View(name: "left"), right = View(name: "right")
    var layoutCount = 0
    var drawCount = 0
    var drawnSizes: [Int] = []

    init(frame: Rect) {
        super.init(frame: frame, name: "split")
        left.backgroundColor = .red
        right.backgroundColor = .blue
        addSubview(left)
        addSubview(right)
    }

    override func layoutSubviews() {
        layoutCount += 1
        let half = bounds.size.width / 2
        // Two points from the top, where the drawn content shows.
        left.frame = Rect(x: 0, y: 2, width: half, height: bounds.size.height - 2)
        right.frame = Rect(x: half, y: 2, width: half, height: bounds.size.height - 2)
    }

    /// A one-pixel green frame along the top row, drawn on the CPU.
    override func draw(into image: inout RGBAImage, scale: Double) {
        drawCount += 1
        drawnSizes.append(image.width)
        for x in 0..<image.width { image[x, 0] = SIMD4(0, 255, 0, 255) }
    }
}

/// Pure tier: autoresizing against UIKit's documented arithmetic, and the layout cycle.
@MainActor
@Suite("View layout and autoresizing", .tags(.pure))
struct ViewLayoutTests {
    /// A 60×30 view at (20, 10) in a 200×100 superview that grows to 300×150.
    func resized(_ mask: AutoresizingMask) -> Rect {
        let superview = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let view = View(frame: Rect(x: 20, y: 10, width: 60, height: 30))
        view.autoresizingMask = mask
        superview.addSubview(view)
        superview.bounds = Rect(x: 0, y: 0, width: 300, height: 150)
        return view.frame
    }

    @Test func autoresizingSharesTheChangeAmongFlexibleParts() {
        // UIKit: "the size difference is distributed proportionally among the flexible portions".
        // Horizontally: left margin 20, width 60, right margin 120; the superview grows by 100.
        #expect(resized([]) == Rect(x: 20, y: 10, width: 60, height: 30))
        #expect(resized(.flexibleWidth) == Rect(x: 20, y: 10, width: 160, height: 30))
        #expect(resized(.flexibleLeftMargin) == Rect(x: 120, y: 10, width: 60, height: 30))
        #expect(resized(.flexibleRightMargin) == Rect(x: 20, y: 10, width: 60, height: 30))
        // Both margins: 100 × 20/140 to the left one; a view centred stays centred.
        let margins = resized([.flexibleLeftMargin, .flexibleRightMargin])
        #expect(abs(margins.minX - (20 + 100 * 20.0 / 140)) < 1e-9 && margins.width == 60)
        // All three: 20 + 100 × 20/200 = 30, 60 + 100 × 60/200 = 90.
        let all = resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
        #expect(abs(all.minX - 30) < 1e-9 && abs(all.width - 90) < 1e-9)
        // Vertically: top 10, height 30, bottom 60; the superview grows by 50.
        let topAndHeight = resized([.flexibleTopMargin, .flexibleHeight])
        #expect(abs(topAndHeight.minY - 22.5) < 1e-9 && abs(topAndHeight.height - 67.5) < 1e-9)
        let fill = resized([.flexibleWidth, .flexibleHeight, .flexibleBottomMargin])
        #expect(fill.width == 160)
        #expect(abs(fill.height - (30 + 50 * 30.0 / 90)) < 1e-9 && fill.minY == 10)
    }

    @Test func flexiblePartsOfNoSizeShareTheChangeEqually() {
        let superview = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let line = View(frame: Rect(x: 0, y: 0, width: 0, height: 10))
        line.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        superview.addSubview(line)
        superview.bounds = Rect(x: 0, y: 0, width: 160, height: 100)
        #expect(line.frame == Rect(x: 30, y: 0, width: 30, height: 10))
    }

    @Test func layoutRunsOnceForManyRequestsAndAfterResizes() {
        let split = SplitView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(split.needsLayout, "new subviews mark it")
        split.setNeedsLayout(); split.setNeedsLayout()
        split.layoutIfNeeded()
        #expect(split.layoutCount == 1 && split.right.frame == Rect(x: 50, y: 2, width: 50, height: 38))
        split.layoutIfNeeded()
        #expect(split.layoutCount == 1, "nothing marked, nothing done")
        split.frame = Rect(x: 0, y: 0, width: 200, height: 40)
        #expect(split.needsLayout)
        split.layoutIfNeeded()
        #expect(split.layoutCount == 2 && split.right.frame == Rect(x: 100, y: 2, width: 100, height: 38))
        split.center = Point(x: 300, y: 300)
        #expect(!split.needsLayout, "moving does not lay out again")
    }
}

/// Headless-GL tier: the window lays out before drawing; drawn content is cached.
@MainActor
@Suite("View layout and drawing through a window (headless GL)", .tags(.gl))
struct ViewDrawingTests {
    @Test func theWindowLaysOutBeforeDrawingAndDrawnContentIsCached() throws {
        try withCompositor(width: 80, height: 40) { compositor, target in
            let window = Window(size: Size(width: 80, height: 40))
            let split = SplitView(frame: Rect(x: 0, y: 0, width: 80, height: 40))
            split.setNeedsDisplay()  // a view that draws asks once, as the docs say
            window.rootView.addSubview(split)
            try window.renderFrame(at: 0, compositor: compositor, into: target)
            var image = try target.readImage()
            #expect(split.layoutCount == 1)
            #expect(image[10, 20] == SIMD4(255, 0, 0, 255) && image[70, 20] == SIMD4(0, 0, 255, 255), "laid out before drawing")
            #expect(image[40, 0] == SIMD4(0, 255, 0, 255) && split.drawCount == 1, "the drawn content")
            for time in [0.1, 0.2, 0.3] { try window.renderFrame(at: time, compositor: compositor, into: target) }
            #expect(split.layoutCount == 1 && split.drawCount == 1, "steady frames neither lay out nor draw")
            split.setNeedsDisplay()
            window.contentScale = 2
            let big = try compositor.glDevice.makeOffscreenTarget(width: 160, height: 80, stencil: true)
            defer { big.release() }
            try window.renderFrame(at: 0.4, compositor: compositor, into: big)
            #expect(split.drawCount == 2 && split.drawnSizes == [80, 160], "drawn again once, at the new scale")
            image = try big.readImage()
            #expect(image[20, 40] == SIMD4(255, 0, 0, 255) && image[150, 40] == SIMD4(0, 0, 255, 255))
        }
    }
}
