import SegueGL
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import SegueText
import Testing

/// Headless-GL tier: labels drawn by the compositor at scale 1 and 2, against goldens and
/// against arithmetic that needs none (alignment, scale, cache).
@MainActor
@Suite("Label (headless GL)", .tags(.gl))
struct LabelRenderingTests {
    /// Recorded on Mesa llvmpipe. Text is rasterised on the CPU (FreeType) and drawn texel for
    /// pixel by the compositor, so a driver changes little but blending rounding; another
    /// FreeType or HarfBuzz release may move antialiased edge levels by a few tens of steps
    /// (max), while the picture as a whole must agree closely (mean).
    static let goldenMax = 48
    static let goldenMean = 0.5

    /// Renders `labels` on white in a `width × height` point window at `scale`.
    func render(width: Double, height: Double, scale: Double, _ labels: [Label]) throws -> RGBAImage {
        let rig = try HeadlessStage(width: Int(width * scale), height: Int(height * scale))
        defer { rig.release() }
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height), name: "root")
        root.backgroundColor = .white
        for label in labels { root.addSubview(label) }
        try rig.compositor.render(root, into: rig.target, clearColor: .white, scale: scale)
        return try rig.target.readImage()
    }

    func label(_ text: String, _ frame: Rect, font: Font = .systemFont(ofSize: 17), lines: Int = 1,
               alignment: TextAlignment = .natural, color: Color = .black) -> Label {
        let label = Label(frame: frame, text: text, font: font)
        label.numberOfLines = lines
        label.textAlignment = alignment
        label.textColor = color
        return label
    }

    @Test(arguments: [1.0, 2.0]) func accents(scale: Double) throws {
        let image = try render(width: 320, height: 90, scale: scale, [
            label("Àccénts: déjà vu, naïve, Ångström", Rect(x: 8, y: 4, width: 304, height: 28)),
            // Combining marks (e + U+0301, a + U+0308, n + U+0303) and a ligature-prone "ffi".
            label("Cafe\u{301} na\u{308}ive man\u{303}ana — office", Rect(x: 8, y: 34, width: 304, height: 28),
                  color: Color(red: 0.1, green: 0.3, blue: 0.8)),
            label("Ελληνικά · Кириллица", Rect(x: 8, y: 62, width: 304, height: 26), font: .systemFont(ofSize: 15)),
        ])
        GoldenImage.check(image, named: "label-accents@\(Int(scale))x", maxDifference: Self.goldenMax, meanDifference: Self.goldenMean)
    }

    @Test(.requiresCJKFont, arguments: [1.0, 2.0]) func cjk(scale: Double) throws {
        let cjk = try #require(Fonts.cjk)
        let image = try render(width: 240, height: 100, scale: scale, [
            label("自定义转场动画", Rect(x: 8, y: 4, width: 224, height: 30), font: cjk),
            // DejaVu Sans lacks the ideographs: they come from fontconfig's fallback, Latin from DejaVu.
            label("过渡 transition 动画，完成。", Rect(x: 8, y: 36, width: 150, height: 60), font: .systemFont(ofSize: 16), lines: 0),
        ])
        GoldenImage.check(image, named: "label-cjk@\(Int(scale))x", maxDifference: Self.goldenMax, meanDifference: Self.goldenMean)
    }

    @Test(arguments: [1.0, 2.0]) func wrapping(scale: Double) throws {
        let text = "The presented view starts off-screen at the container's bottom-right corner and slides to its final frame."
        let wrapped = label(text, Rect(x: 8, y: 4, width: 200, height: 110), font: .systemFont(ofSize: 14), lines: 0)
        wrapped.lineSpacing = 2
        let twoLines = label(text, Rect(x: 8, y: 116, width: 200, height: 40), font: .systemFont(ofSize: 14), lines: 2)
        let image = try render(width: 216, height: 160, scale: scale, [wrapped, twoLines])
        let lines = try wrapped.layout(scale: scale).lines
        #expect(lines.map(\.text) == [
            "The presented view starts ", "off-screen at the container's ", "bottom-right corner and ", "slides to its final frame.",
        ])
        #expect(lines.allSatisfy { $0.width <= 200 * scale })
        // Two lines of six: UILabel's tail truncation ends the second with "…" within the width.
        let shown = try twoLines.layout(scale: scale)
        #expect(shown.lines.count == 2 && shown.lines[0].text == "The presented view starts ")
        #expect(shown.lines[1].text.hasSuffix("…") && shown.lines[1].text.hasPrefix("off-screen at the"))
        #expect(shown.lines[1].width <= 200 * scale)
        GoldenImage.check(image, named: "label-wrapping@\(Int(scale))x", maxDifference: Self.goldenMax, meanDifference: Self.goldenMean)
    }

    @Test(arguments: [1.0, 2.0]) func alignment(scale: Double) throws {
        let boxes = (0..<4).map { Rect(x: 10, y: 4 + Double($0) * 30, width: 200, height: 26) }
        let alignments: [TextAlignment] = [.left, .center, .right, .natural]
        let labels = zip(boxes, alignments).map { label("Segue 1.0", $0, alignment: $1) }
        let image = try render(width: 220, height: 124, scale: scale, labels)
        // Arithmetic, no golden: a line of width w starts at the box's left, at (W − w) / 2, at W − w.
        let width = try labels[0].layout(scale: scale).width
        for (index, box) in boxes.enumerated() {
            let row = try RGBAImage(width: image.width, height: Int(box.height * scale), pixels: Array(
                image.pixels[(Int(box.minY * scale) * image.width * 4)..<(Int(box.maxY * scale) * image.width * 4)]))
            let ink = try #require(inkBounds(row, threshold: 0) { 255 - $0.x })
            let left = box.minX * scale, boxWidth = box.width * scale
            let expectedStart = left + [0, (boxWidth - width) / 2, boxWidth - width, 0][index]
            // The ink starts at the pen plus "S"'s left bearing (under 2 px at 17 pt × 2) and
            // ends before the pen's end by "0"'s right bearing.
            #expect(Double(ink.x0) >= expectedStart.rounded(.down) && Double(ink.x0) <= expectedStart + 2 * scale, "line \(index) starts at \(ink.x0), pen \(expectedStart)")
            #expect(Double(ink.x1) <= (expectedStart + width).rounded(.up) && Double(ink.x1) >= expectedStart + width - 3 * scale)
        }
        GoldenImage.check(image, named: "label-alignment@\(Int(scale))x", maxDifference: Self.goldenMax, meanDifference: Self.goldenMean)
    }

    @Test func oneLineTooLongEndsInAnEllipsisThatFits() throws {
        let long = label("Interactive transitions with a pan", Rect(x: 0, y: 0, width: 150, height: 24))
        let layout = try long.layout(scale: 1)
        let line = try #require(layout.lines.first)
        #expect(layout.lines.count == 1 && line.text.hasSuffix("…") && line.width <= 150)
        // The longest prefix that fits: one more character (with the ellipsis) would not.
        let kept = String(line.text.dropLast())
        let next = String("Interactive transitions with a pan".prefix(kept.count + 1))
        #expect(try TextLayout(text: next + "…", font: long.font).width > 150 || next.last == " ")
        long.truncatesTail = false
        #expect(try long.layout(scale: 1).lines.first?.text == "Interactive transitions with a pan")
        let short = label("Fits", Rect(x: 0, y: 0, width: 150, height: 24))
        #expect(try short.layout(scale: 1).lines.first?.text == "Fits")
    }

    @Test func scaleTwoDrawsTwiceThePixelsNotAStretchedPicture() throws {
        let one = label("Crisp", Rect(x: 4, y: 4, width: 80, height: 30), font: .systemFont(ofSize: 20))
        let two = label("Crisp", Rect(x: 4, y: 4, width: 80, height: 30), font: .systemFont(ofSize: 20))
        let image1 = try render(width: 88, height: 38, scale: 1, [one])
        let image2 = try render(width: 88, height: 38, scale: 2, [two])
        guard case .image(let content2)? = two.content, case .image(let content1)? = one.content else {
            Issue.record("labels have no picture"); return
        }
        #expect(content1.width == 80 && content1.height == 30 && content2.width == 160 && content2.height == 60)
        let ink1 = try #require(inkBounds(image1) { 255 - $0.x }), ink2 = try #require(inkBounds(image2) { 255 - $0.x })
        #expect(abs(ink2.x0 - 2 * ink1.x0) <= 2 && abs(ink2.x1 - 2 * ink1.x1) <= 2)
        // Stems drawn at scale 2 have fully inked pixels; a stretched scale-1 picture at 2× would too,
        // but its edges would be two pixels of each grey level: count distinct edge widths instead.
        let fullyInked2 = image2.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element == 0 }.count
        let fullyInked1 = image1.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element == 0 }.count
        #expect(fullyInked2 > 3 * fullyInked1, "at 2× the solid area grows with the square of the scale")
    }

    @Test func textIsDrawnOnceUntilSomethingItDependsOnChanges() throws {
        let rig = try HeadlessStage(width: 200, height: 60)
        defer { rig.release() }
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 60))
        let text = label("Cached", Rect(x: 10, y: 10, width: 120, height: 30))
        root.addSubview(text)
        func frame(scale: Double = 1) throws { try rig.compositor.render(root, into: rig.target, scale: scale) }
        try frame()
        let uploads = rig.device.counters.textureUploads
        for _ in 0..<3 { try frame() }
        #expect(text.renderCount == 1 && rig.device.counters.textureUploads == uploads, "steady frames: no drawing, no upload")
        text.text = "Cached"; text.center = Point(x: 80, y: 30); text.textColor = .black
        try frame()
        #expect(text.renderCount == 1, "the same values and a move do not redraw")
        text.text = "Changed"; try frame()
        #expect(text.renderCount == 2)
        text.bounds = Rect(x: 0, y: 0, width: 140, height: 30); try frame()
        #expect(text.renderCount == 3)
        text.font = .systemFont(ofSize: 12); text.textColor = .red; try frame()
        #expect(text.renderCount == 4, "two changes before a frame draw once")
        try frame(scale: 2)
        #expect(text.renderCount == 5, "a new content scale redraws")
    }

    @Test func aLabelThatCannotDrawIsEmptyWithATypedErrorNotATrap() throws {
        let huge = label(String(repeating: "x", count: TextLimits.maxUTF8Bytes + 10), Rect(x: 0, y: 0, width: 50, height: 20))
        let bad = label("size", Rect(x: 0, y: 20, width: 50, height: 20), font: .systemFont(ofSize: -1))
        let vast = label("vast", Rect(x: 0, y: 0, width: 20000, height: 20), font: .systemFont(ofSize: 12))
        _ = try render(width: 50, height: 40, scale: 1, [huge, bad, vast])
        #expect(vast.content == nil && vast.lastError == .imageTooLarge(width: 20000, height: 20))
        #expect(huge.content == nil && huge.lastError == .textTooLong(utf8Bytes: TextLimits.maxUTF8Bytes + 10, limit: TextLimits.maxUTF8Bytes))
        #expect(bad.content == nil && bad.lastError == .invalidFontSize(-1))
    }
}
