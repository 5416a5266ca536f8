import SeguePlayer
import SegueEffects
import SegueTransitions
import SegueImage
import SegueUIKit
import SegueText
import Testing
import SegueTesting

/// Issue 18: the overlay's band in a real font. At the default 960×540 the status line read
/// `P99 110.0 M` (cut) when the state was REVERSE or PAUSED or the name was long, the key line
/// was cut at 400 px wide, and the band hid 13–23% of the picture. Every line's text must fit
/// its box (measured with the font it is drawn in), every box must lie inside the band and the
/// window, and the band must keep to a tenth of the window's height.
@MainActor
@Suite("Player overlay: fitted text, a small band", .tags(.pure))
struct PlayerOverlayTests {
    // The names `segue play` switches through (`EffectCatalog.allNames` in the command line).
    static var longestName: String {
        (NamedTransition.builtInNames + TransitionScenario.all.map(\.name)).max { $0.count < $1.count } ?? ""
    }

    nonisolated static let sizes: [(Double, Double)] = [(960, 540), (400, 200), (400, 600), (1280, 720), (640, 360), (1920, 1080)]

    /// The overlay laid out at `size` showing the widest status (longest name, REVERSE, ping-pong, three-digit times).
    func overlay(_ size: Size, state: PlayerStatus.State = .reverse) -> PlayerOverlay {
        let overlay = PlayerOverlay(longestName: Self.longestName)
        overlay.layout(in: size)
        var status = PlayerStatus.widest(name: Self.longestName)
        status.state = state
        overlay.update(status: status)
        return overlay
    }

    @Test(arguments: sizes)
    func theBandKeepsToATenthOfTheWindow(width: Double, height: Double) throws {
        let layout = try #require(overlay(Size(width: width, height: height)).layout)
        #expect(layout.bandHeight <= height * OverlayLayout.maximumShare, "\(width)x\(height): band \(layout.bandHeight) px")
        #expect(layout.fontSize >= OverlayLayout.minimumFontSize)
    }

    @Test(arguments: sizes)
    func noLineIsCut(width: Double, height: Double) throws {
        let size = Size(width: width, height: height)
        for state in [PlayerStatus.State.reverse, .paused, .done, .drag, .settle] {
            let overlay = overlay(size, state: state)
            let layout = try #require(overlay.layout)
            let band = overlay.view.frame
            #expect(band.minX >= 0 && band.maxX <= width && band.minY >= 0 && band.maxY <= height + 1e-9)
            let boxes = layout.statusFrames + (layout.keysFrame.map { [$0] } ?? [])
            let texts = overlay.statusTexts + (layout.keysFrame == nil ? [] : [overlay.keysText])
            #expect(texts.count == boxes.count)
            for (text, box) in zip(texts, boxes) {
                let measured = try TextLayout(text: text, font: layout.font)
                #expect(measured.width <= box.width + 1e-9, "\(width)x\(height) \(state): '\(text)' is \(measured.width) px in \(box.width)")
                #expect(measured.height <= box.height + 1e-9, "\(width)x\(height): a line of \(measured.height) px in \(box.height)")
                #expect(box.minX >= 0 && box.maxX <= band.width && box.minY >= 0 && box.maxY <= band.height)
            }
        }
    }

    /// At the default size everything is there, unelided: the whole status (with the frame
    /// times the 5×7 line lost) and the whole key line.
    @Test func theDefaultWindowShowsEverything() throws {
        let overlay = overlay(Size(width: 960, height: 540))
        let status = overlay.statusTexts.joined(separator: " ")
        #expect(status.contains(Self.longestName) && status.contains("REVERSE") && status.contains("p99 110.0 ms"), "\(status)")
        #expect(!status.contains("…"))
        #expect(overlay.keysText == PlayerKeyLine.full.text, "\(overlay.keysText)")
    }

    /// A narrow window keeps what matters: the name (elided only when nothing else is left),
    /// the progress and the state; frame times go first.
    @Test func aNarrowWindowDropsTheLeastImportantParts() throws {
        let overlay = overlay(Size(width: 400, height: 200))
        let status = overlay.statusTexts.joined(separator: " ")
        #expect(status.contains("0.45") && status.contains("REVERSE"), "\(status)")
        #expect(!status.contains("p99"), "\(status)")
    }

    /// A gl-transition's parameters are on screen (`--param` values were never shown).
    @Test func parametersAreShown() throws {
        let overlay = PlayerOverlay(longestName: Self.longestName)
        overlay.layout(in: Size(width: 960, height: 540))
        overlay.update(status: PlayerStatus(
            index: 3, count: 68, name: "wipetr", parameters: ["smoothness=0.2"], state: .paused, speed: "1×", loop: "ping-pong",
            progress: 0.5))
        #expect(overlay.statusTexts.joined(separator: " ").contains("smoothness=0.2"), "\(overlay.statusTexts)")
    }

    /// A press on the bar seeks to where it is along the track; elsewhere it is not a seek.
    @Test func aPressOnTheBarSeeks() throws {
        let overlay = overlay(Size(width: 960, height: 540))
        let layout = try #require(overlay.layout)
        let track = layout.trackFrame, band = overlay.view.frame
        let y = band.minY + track.midY
        let progress = try #require(overlay.seekProgress(at: Point(x: track.minX + track.width * 0.3, y: y)))
        #expect(abs(progress - 0.3) < 1e-9)
        #expect(overlay.seekProgress(at: Point(x: 480, y: 100)) == nil, "the picture is not the bar")
        overlay.view.isHidden = true
        #expect(overlay.seekProgress(at: Point(x: track.minX + track.width * 0.3, y: y)) == nil, "a hidden bar is not there")
    }
}
