import SeedPalette
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

@testable import SeedPorts

/// Seed 001 (presentation controller with a dimming view) and Apple's listings 10-1…10-4,
/// ported line for line: pictures, view trees and what the interaction saw.
@MainActor
@Suite("Seed 001 and Apple's listings 10-1…10-4 ports (headless GL)", .tags(.gl))
struct PresentationPortTests {
    @Test func dimmingViewFadesAlongsideAndThePresentedViewSitsInTheInsetFrame() throws {
        let record = try PresentationPorts.dimming()
        // Half way the dimming view (black at 0.5) is at alpha ½ (ease-in-out, alongside the
        // 1 s animator): the presenter shows at 0.75; presented, at 0.5.
        let half = try #require(record.picture("present.0.5s"))
        #expect(ColourChecks.close(half.rgb(10, 10), ColourChecks.scaled(Palette.items, 0.75)))
        let presented = try #require(record.picture("presented"))
        #expect(ColourChecks.close(presented.rgb(10, 10), ColourChecks.scaled(Palette.items, 0.5)))
        // frameOfPresentedViewInContainerView: the bounds inset by 50 and 200 → (50, 200, 340, 200).
        #expect(presented.shows(Palette.message, at: 50, 200) && presented.shows(Palette.message, at: 389, 399))
        #expect(!presented.shows(Palette.message, at: 49, 200) && !presented.shows(Palette.message, at: 390, 400))
        #expect(record.hierarchy("presented") == """
            window
              home.view
              transitionContainer
                dismissView
                message.view
            """, "a custom presentation keeps the presenter's view; the dimming view sits under the presented one")
        // Listing 10-2's diagonal dismissal: at 0.5 s the message is half way to the corner,
        // the dimming view half faded; at the end the presenter alone, undimmed.
        let dismissing = try #require(record.picture("dismiss.0.5s"))
        #expect(ColourChecks.close(dismissing.rgb(10, 10), ColourChecks.scaled(Palette.items, 0.75)))
        #expect(dismissing.shows(Palette.message, at: 250, 400) && !dismissing.shows(Palette.message, at: 100, 250))
        let end = try #require(record.picture("dismissed"))
        #expect(end.shows(Palette.items, at: 10, 10) && end.shows(Palette.items, at: 300, 450))
        #expect(record.hierarchy("dismissed") == "window\n  home.view")
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }

    @Test func rotationRelaysOutThePresentedViewAndTheDimmingViewFollowsTheCoordinator() throws {
        let record = try PresentationPorts.dimming()
        // The presented view follows at once (the seed calls super): inset of 600×440.
        let rotated = try #require(record.picture("rotated"))
        #expect(rotated.shows(Palette.message, at: 50, 200) && rotated.shows(Palette.message, at: 430, 239))
        #expect(!rotated.shows(Palette.message, at: 50, 240))
        #expect(record.notes.contains { $0.hasPrefix("size 600x440") }, "the presentation controller heard the size change")
        // The seed resizes its dimming view only inside coordinator.animate(alongsideTransition:).
        // A window resize passes a real coordinator (bug 5), so the alongside block ran.
        let dimmingFollowed = record.notes.contains { $0.hasPrefix("dimming frame") && $0.contains("width: 600.0, height: 440.0") }
        #expect(dimmingFollowed, "\(record.notes)")
    }

    @Test func listings10_2to10_4DriveADiagonalDismissalFromAPanOnTheContainer() throws {
        let record = try PresentationPorts.appleListings()
        // Listing 10-2 presents from the bottom-right corner (initial frame .zero moved there):
        // half way (ease-in-out) the modal covers the bottom-right quarter.
        let half = try #require(record.picture("present.0.5s"))
        #expect(half.shows(Palette.message, at: 80, 120) && half.shows(Palette.message, at: 159, 239))
        #expect(half.shows(Palette.items, at: 79, 239) && half.shows(Palette.items, at: 159, 119))
        #expect(try #require(record.picture("presented")).shows(Palette.message, at: 0, 0))
        // Listing 10-4: 120 points down the 240-point container is 50 %: the same picture as
        // the presentation's half way (the interaction maps percent to the animator's time).
        let dragged = try #require(record.picture("dismiss.50%"))
        #expect(RGBAImage.maxDifference(dragged, half) == 0)
        // Bug 3: dragged past the bottom, update(1) shows the end but the transition waits for
        // the finger: still presented a second later; the release finishes it.
        let held = try #require(record.picture("dismiss.100%.held"))
        #expect(held.shows(Palette.items, at: 159, 239) && held.shows(Palette.items, at: 80, 120))
        #expect(record.notes.contains("presented while held: true"))
        #expect(record.notes.contains("percent while held: 1.0"))
        #expect(record.notes.contains("presented after release: false"))
        #expect(record.notes.contains("recognizers on the container: 0"), "listing 10-4 removes its recognizer")
        #expect(record.hierarchy("dismissed") == "window\n  home.view")
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }
}
