import SeedPalette
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

@testable import SeedPorts

/// Seed 002 (AppCoda's modal and navigation transitions) ported line for line: the pictures
/// and the view tree at each checkpoint.
@MainActor
@Suite("Seed 002 ports: spring present, shrinking dismissal, cube push/pop (headless GL)", .tags(.gl))
struct Seed002PortTests {
    let w = Seed002.size.width, h = Seed002.size.height

    /// The presenter's tree, as the window shows it when nothing is presented.
    static let listOnScreen = """
        window
          navigationController.view
            navigationController.container
              items.view
        """

    @Test func springPresentationOvershootsAndSettles() throws {
        let record = try Seed002.modal()
        let start = try #require(record.picture("start"))
        #expect(start.shows(Palette.items, at: w / 2, h / 2))
        // The modal's top edge per frame: from below the window to 0, through an overshoot.
        let edges = record.notes.compactMap { note -> Int? in
            let parts = note.split(separator: " ")
            return parts.first == "edge" ? Int(parts[2]) : nil
        }
        #expect(edges.first == h, "the modal starts one screen height down (Screen.main.bounds)")
        #expect(edges.last == 0)
        #expect(record.notes.contains("overshoot"), "damping 0.5: the modal passes its final frame")
        // At 0.5 s the spring has already overshot: the presenter (at about half alpha) shows below.
        let half = try #require(record.picture("present.0.5s"))
        #expect(half.shows(Palette.action, at: 150, 10) && !half.shows(Palette.action, at: 150, h - 1))
        let presented = try #require(record.picture("presented"))
        #expect(presented.shows(Palette.action, at: 150, h - 1) && presented.shows(Palette.badge, at: 10, 10))
        #expect(record.hierarchy("presented") == """
            window
              transitionContainer
                action.view
                  action.imageView
            """, "a full-screen presenter's view leaves the window once presented")
    }

    @Test func shrinkingSnapshotScalesItsSubviewsAndThePresenterStays() throws {
        let record = try Seed002.modal()
        // Half way (ease-in-out at 1 s of 2 s) the snapshot is inset by a quarter each side:
        // x 40…120, y 60…180, with the image view scaled into its top-left quarter (40…80, 60…120).
        let half = try #require(record.picture("dismiss.1s"))
        #expect(half.shows(Palette.badge, at: 50, 70))
        #expect(half.shows(Palette.action, at: 100, 150), "the image view shrank with the snapshot")
        // The presenter behind fades from 0.5 to 1 (0.75 at the half), over black.
        let behind = half.rgb(10, 10), full = Palette.rgb(Palette.items)
        #expect(abs(behind.z - Int((Double(full.z) * 0.75).rounded())) <= 2)
        // Bug 1: the seed adds the presenter's view to the container; after the dismissal it
        // stays on screen, in its place in the window.
        let end = try #require(record.picture("dismissed"))
        #expect(end.shows(Palette.items, at: 0, 0) && end.shows(Palette.items, at: w - 1, h - 1) && end.shows(Palette.items, at: w / 2, h / 2))
        #expect(record.hierarchy("dismissed") == Self.listOnScreen)
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes.filter { $0.hasPrefix("diagnostic") })")
    }

    @Test func theSeedsFirstDismissalLeavesTheSubviewFullSize() throws {
        let record = try Seed002.modal(snapshotDismissal: false)
        let half = try #require(record.picture("dismiss.1s"))
        // The view's frame shrinks to 40…120 × 60…180 but its 80×120 image view does not.
        #expect(half.shows(Palette.badge, at: 50, 70) && half.shows(Palette.badge, at: 110, 170))
        #expect(record.hierarchy("dismissed") == Self.listOnScreen)
        #expect(try #require(record.picture("dismissed")).shows(Palette.items, at: w / 2, h / 2))
    }

    @Test func oneInteractionControllerPopsTwiceFinishThenCancel() throws {
        let record = try Seed002.cubeNavigation()
        let pushed = try #require(record.picture("pushed"))
        #expect(pushed.shows(Palette.detail, at: w / 2, h / 2) && pushed.shows(Palette.badge, at: 4, h / 2))
        let mid = try #require(record.picture("push.0.75s"))
        #expect(mid.shows(Palette.items, at: 20, h / 2) && mid.shows(Palette.detail, at: w - 30, h / 2), "both faces at mid-push")

        // The first pop follows the finger: at 70 points (35 %) both faces show.
        let first = try #require(record.picture("pop1.35%"))
        #expect(first.shows(Palette.items, at: 5, h / 2) && first.shows(Palette.detail, at: w - 20, h / 2))
        #expect(RGBAImage.maxDifference(first, pushed) > 100)
        #expect(record.hierarchy("popped") == Self.listOnScreen)
        #expect(try #require(record.picture("popped")).shows(Palette.items, at: w - 1, h / 2))

        // Bug 2: the second pop with the same controller starts at 0, so 35 % looks exactly
        // like the first pop's 35 % (B and C look the same), not like 65 %.
        let second = try #require(record.picture("pop2.35%"))
        #expect(RGBAImage.maxDifference(first, second) == 0)
        // Holding the finger still changes nothing; letting go under half cancels.
        #expect(RGBAImage.maxDifference(second, try #require(record.picture("pop2.held"))) == 0)
        #expect(record.notes.contains("top detailC"))
        let cancelled = try #require(record.picture("cancelled"))
        #expect(cancelled.shows(Palette.detail, at: w / 2, h / 2) && cancelled.shows(Palette.badge, at: 4, h / 2))
        #expect(record.hierarchy("cancelled") == """
            window
              navigationController.view
                navigationController.container
                  detailC.view
                    detailC.strip
            """)
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }
}

extension Seed002PortTests {
    /// Bug 3: a drag past 200 points calls update(1); the pop must wait for the finger, so
    /// dragging back and letting go under half still cancels it.
    @Test func updateToOneWaitsForTheFingerAndALaterCancelWins() throws {
        let record = try Seed002.cubeNavigation()
        #expect(record.notes.contains("pop3 held: transition running true"))
        let held = try #require(record.picture("pop3.held"))
        #expect(held.shows(Palette.items, at: w / 2, h / 2) && held.shows(Palette.items, at: w - 1, h / 2), "update(1) shows the end")
        let back = try #require(record.picture("pop3.back"))
        #expect(back.shows(Palette.detail, at: w - 20, h / 2), "dragging back moves the cube back")
        #expect(record.notes.contains("top after pop3 detailC"))
        #expect(record.hierarchy("cancelled.after.100%") == record.hierarchy("cancelled"))
        #expect(RGBAImage.maxDifference(try #require(record.picture("cancelled.after.100%")), try #require(record.picture("cancelled"))) == 0)
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }
}
