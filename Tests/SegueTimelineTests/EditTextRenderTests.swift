import Foundation
import SegueExport
import SegueExportTestSupport
import SegueImage
import SegueTesting
import SegueTimeline
import Testing

/// An edit's text as it reaches the frames: its pixels against HarfBuzz's own rendering
/// (hb-view draws HarfBuzz's outlines with cairo), its timing against the documented animation
/// formula, burned-in subtitles on their cues' frames only.
@Suite("Edit text: titles, overlays, burned subtitles (headless GL + ffmpeg, hb-view)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct EditTextRenderTests {
    /// A title's text, white on black at the output's size, column by column against hb-view's
    /// picture of the same string in the same font file (as SegueTextTests' coverage test does).
    @Test(arguments: [(EditTextFixtures.dejaVu, "Hamburgefonstiv Àccénts"), (EditTextFixtures.cjk, "夏天的回忆 café")])
    func titleTextMatchesHBView(font: String, text: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let size = 40
        let plan = try EditTextFixtures.plan("""
            {"size": "640x120", "fps": 10, "items": [{"title": "\(text)", "duration": 0.5, "background": "#000000",
              "font": "\(font)", "size": \(size), "color": "#ffffff"}]}
            """, in: dir)
        let frame = try #require(try EditTextFixtures.frames(plan).first)
        let png = dir.appendingPathComponent("hb.png").path
        _ = try VideoReader.run("hb-view", ["--font-size=\(size)", "--margin=8", "--output-format=png", "-o", png, font, text])
        let reference = try PNGCodec.read(path: png)  // black on white
        let ours = EditTextFixtures.inked(EditTextFixtures.columns(frame) { Double($0.x) / 255 })
        let theirs = EditTextFixtures.inked(EditTextFixtures.columns(reference) { 1 - Double($0.x) / 255 })
        let totalOurs = ours.reduce(0, +), totalTheirs = theirs.reduce(0, +)
        #expect(totalTheirs > 100, "hb-view drew ink")
        // Same glyphs, same outlines, same size: the ink agrees within 1 %, its span within a pixel
        // (hb-view places glyphs at whole pixels, the edit at HarfBuzz's subpixel positions).
        #expect(abs(totalOurs - totalTheirs) / totalTheirs < 0.01, "ink \(totalOurs) vs hb-view's \(totalTheirs)")
        #expect(abs(ours.count - theirs.count) <= 1, "inked width \(ours.count) vs hb-view's \(theirs.count)")
        // hb-view's glyphs sit at whole pixels, the edit's at subpixels, so single columns differ by
        // parts of stems; sums over 8 columns (a third of a glyph) differ only at their edges,
        // while a wrong or misplaced glyph moves a whole stem's area between windows.
        let ourWindows = Self.windows(ours, 8), theirWindows = Self.windows(theirs, 8)
        let worst = zip(ourWindows, theirWindows).map { abs($0 - $1) }.max() ?? 0
        let largest = theirWindows.max() ?? 1
        // Measured: 0.24 of the largest window for DejaVu Sans (fractional advances), 0.04 for
        // WenQuanYi's whole-pixel CJK advances; ink within 0.05 % and widths equal for both.
        #expect(worst / largest < 0.35, "worst 8-column window differs by \(worst) pixels of area (largest window \(largest))")
    }

    static func windows(_ columns: [Double], _ width: Int) -> [Double] {
        stride(from: 0, to: columns.count, by: width).map { columns[$0..<min(columns.count, $0 + width)].reduce(0, +) }
    }

    /// A caption on a picture from 0.5 s to 2 s, fading: no text before its start or after its
    /// end, and at the middle of the fade in exactly half the full opacity.
    @Test func overlayTimingAndFade() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try EditTextFixtures.plan("""
            {"size": "320x120", "fps": 20, "items": [{"picture": "black.png", "duration": 3,
              "text": {"content": "IIII", "font": "\(EditTextFixtures.dejaVu)", "size": 60, "start": 0.5, "end": 2, "animation": "fade"}}]}
            """, in: dir)
        let overlay = try #require(plan.textOverlays.first)
        #expect(overlay.frames == 10..<40 && overlay.animationFrames == 10)
        let frames = try EditTextFixtures.frames(plan)
        #expect(frames.count == 60)
        for index in Array(0...10) + Array(40..<60) {
            #expect(EditTextFixtures.inkCount(frames[index], threshold: 0) == 0, "frame \(index) has no text")
        }
        let full = frames[25], half = frames[15]
        var covered = 0
        for y in 0..<full.height {
            for x in 0..<full.width where full[x, y].x == 255 {
                covered += 1
                #expect(abs(Int(half[x, y].x) - 128) <= 1, "(\(x), \(y)) at the fade's middle: \(half[x, y].x)")
            }
        }
        #expect(covered > 100, "the stems of IIII are fully covered somewhere")
        #expect(overlay.state(at: 15).opacity == 0.5)
    }

    /// Typed on: the ink grows glyph by glyph (20 a second) to the whole text, which then stays.
    /// Slid in: the text's top row is where the animation formula puts it, frame by frame.
    @Test func typeOnAndSlideIn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try EditTextFixtures.plan("""
            {"size": "320x120", "fps": 20, "items": [{"picture": "black.png", "duration": 2, "text": [
              {"content": "ABCDEFGH", "font": "\(EditTextFixtures.dejaVu)", "size": 30, "position": "top", "animation": "type-on"},
              {"content": "Up", "font": "\(EditTextFixtures.dejaVu)", "size": 30, "position": "bottom", "animation": "slide-in"}]}]}
            """, in: dir)
        let frames = try EditTextFixtures.frames(plan)
        let typed = (0..<12).map { EditTextFixtures.inkCount(frames[$0], rows: 0..<60) }
        #expect(typed[0] > 0, "the first glyph shows on the first frame")
        #expect(zip(typed, typed.dropFirst()).allSatisfy { $0 <= $1 }, "ink grows: \(typed)")
        #expect(typed[0] < typed[7] && typed[7] == typed[8] && typed[8] == typed[11], "8 glyphs over 8 frames: \(typed)")
        let slide = plan.textOverlays[1]
        func top(_ image: RGBAImage) -> Int? { (60..<image.height).first { y in (0..<image.width).contains { image[$0, y].x > 0 } } }
        let settled = try #require(top(frames[15]))
        for frame in 1..<10 {
            #expect(top(frames[frame]) == settled + slide.state(at: frame).shiftY, "frame \(frame)")
        }
        #expect(slide.state(at: 1).shiftY > slide.state(at: 5).shiftY && slide.state(at: 10).shiftY == 0)
    }

    /// Text over the whole edit spans a fade between two items: it stays where it is, at full
    /// opacity, drawn over the transition (not faded with either side).
    @Test func editTextSpansATransition() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try EditTextFixtures.plan("""
            {"size": "320x120", "fps": 10, "items": [{"picture": "black.png", "duration": 2}, {"title": "", "duration": 2, "background": "#000000"}],
             "transitions": [{"effect": "fade", "duration": 1}],
             "texts": [{"content": "Across", "font": "\(EditTextFixtures.dejaVu)", "size": 40, "start": 0.5, "end": 2.5, "animation": "none"}]}
            """, in: dir)
        let frames = try EditTextFixtures.frames(plan)
        #expect(frames.count == 30)
        #expect(EditTextFixtures.inkCount(frames[4], threshold: 0) == 0)
        #expect(EditTextFixtures.inkCount(frames[25], threshold: 0) == 0)
        let outside = frames[7], inside = frames[15]  // before the fade; in its middle
        #expect(outside.pixels == inside.pixels, "the text is drawn alike over a transition frame")
        #expect(EditTextFixtures.inkCount(inside) > 100)
    }

    /// Through the encoder: the edit's text over a transition frame is drawn into the output
    /// stage's half-float target and converted with it; ffmpeg decodes it where it was drawn.
    @Test func textOverATransitionReachesTheVideo() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try EditTextFixtures.plan("""
            {"size": "320x120", "fps": 10, "items": [{"picture": "black.png", "duration": 2}, {"title": "", "duration": 2, "background": "#000000"}],
             "transitions": [{"effect": "fade", "duration": 1}],
             "texts": [{"content": "Across", "font": "\(EditTextFixtures.dejaVu)", "size": 40, "start": 0.5, "end": 2.5, "animation": "none"}]}
            """, in: dir)
        let rendered = try EditTextFixtures.frames(plan)
        let out = dir.appendingPathComponent("out.mp4").path
        try withDevice { device in _ = try TimelineExporter(device: device, plan: plan, format: .mp4).export(to: out) }
        let decoded = try VideoReader.frames(out, width: 320, height: 120)
        #expect(decoded.count == 30)
        guard decoded.count == 30 else { return }
        for index in [2, 7, 15, 27] {
            // Lossy H.264 of white text on black: the bright pixels agree, give or take the codec's ringing.
            let ours = EditTextFixtures.inkCount(rendered[index], threshold: 128), theirs = EditTextFixtures.inkCount(decoded[index], threshold: 128)
            #expect(abs(ours - theirs) <= max(20, ours / 10), "frame \(index): \(ours) bright pixels rendered, \(theirs) decoded")
        }
        #expect(EditTextFixtures.inkCount(decoded[15], threshold: 128) > 100)
    }

    /// A title's backgrounds: a colour everywhere, a gradient linear from its top colour to its
    /// bottom one row by row (computed here independently), a picture fitted as pictures are.
    @Test func titleBackgrounds() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try EditTextFixtures.plan("""
            {"size": "64x102", "fps": 10, "items": [{"title": "", "duration": 0.1, "background": "#102030"},
              {"title": "", "duration": 0.1, "background": {"gradient": ["#000000", "#c86432"]}},
              {"title": "", "duration": 0.1, "background": "black.png"}]}
            """, in: dir)
        let frames = try EditTextFixtures.frames(plan)
        #expect(frames.count == 3)
        #expect(frames[0].pixels == (0..<(64 * 102)).flatMap { _ in [UInt8(0x10), 0x20, 0x30, 255] })
        for y in [0, 25, 50, 101] {
            let t = Double(y) / 101
            let expected = SIMD4<UInt8>(UInt8((200 * t).rounded()), UInt8((100 * t).rounded()), UInt8((50 * t).rounded()), 255)
            #expect(frames[1][31, y] == expected, "row \(y)")
        }
        #expect(frames[2][10, 10] == SIMD4(0, 0, 0, 255))
    }

    /// Burned-in subtitles show on their cues' frames only, markup left out.
    @Test func burnedSubtitlesShowOnTheirCuesFramesOnly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i>\n\n2\n00:00:02,500 --> 00:00:02,800\nBye\n".utf8)
            .write(to: dir.appendingPathComponent("subs.srt"))
        let plan = try EditTextFixtures.plan("""
            {"size": "320x120", "fps": 10, "items": [{"picture": "black.png", "duration": 3}],
             "subtitles": {"file": "subs.srt", "font": "\(EditTextFixtures.dejaVu)", "size": 24}}
            """, in: dir)
        #expect(plan.textOverlays.map(\.frames) == [10..<20, 25..<28])
        let frames = try EditTextFixtures.frames(plan)
        for (index, frame) in frames.enumerated() {
            let shows = (10..<20).contains(index) || (25..<28).contains(index)
            let ink = EditTextFixtures.inkCount(frame, threshold: 0)
            #expect(shows ? ink > 50 : ink == 0, "frame \(index): \(ink) inked pixels")
            if shows { #expect(EditTextFixtures.inkCount(frame, threshold: 0, rows: 0..<60) == 0, "at the bottom") }
        }
    }
}
