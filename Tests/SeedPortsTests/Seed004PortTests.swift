import SeedPalette
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

@testable import SeedPorts

/// Seed 004 (a custom container's transitions) ported line for line: its own context and
/// animator, the iOS 5 `transition(from:to:…)` version, and the appearance callbacks the
/// children get without the container sending any.
@MainActor
@Suite("Seed 004 port: custom container with its own context (headless GL)", .tags(.gl))
struct Seed004PortTests {
    @Test func ownContextAndAnimatorSwipeTheChildAndFixTheRelationships() throws {
        let record = try Seed004.container()
        #expect(try #require(record.picture("start")).shows(Palette.items, at: 80, 120))
        // Half way (ease-in-out): the old view's centre went from 80 to −40 (−width is its end),
        // the new one's from 240 to 160: the seed's paths leave a gap between them (x 40…80).
        let half = try #require(record.picture("animator.half"))
        #expect(half.shows(Palette.items, at: 20, 120) && half.shows(Palette.items, at: 39, 120))
        #expect(half.shows(.black, at: 60, 120))
        #expect(half.shows(Palette.detail, at: 80, 120) && half.shows(Palette.detail, at: 159, 120))
        #expect(try #require(record.picture("animator.end")).shows(Palette.detail, at: 0, 120))
        #expect(record.hierarchy("animator.end") == """
            window
              container.view
                containerView
                  second.view
            """)
        #expect(record.notes.contains("children after animator: second"))
        // Appearance forwarded automatically: the new child appears when its view is added,
        // the old one disappears when the animator removes its view at the end.
        #expect(record.notes.contains("appearance start: first.viewWillAppear first.viewDidAppear"))
        #expect(record.notes.contains("appearance swipe-start: second.viewWillAppear second.viewDidAppear"))
        #expect(record.notes.contains(
            "appearance swipe: second.viewWillAppear second.viewDidAppear first.viewWillDisappear first.viewDidDisappear"))
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }

    @Test func transitionFromToSendsWillAtTheStartAndDidAtTheEnd() throws {
        let record = try Seed004.container()
        // The new view starts 1.5 widths to the left and takes the old view's frame; the old
        // one leaves to the right: at half, the new one is still off screen.
        let half = try #require(record.picture("transitionFrom.half"))
        #expect(half.shows(.black, at: 40, 120) && half.shows(Palette.detail, at: 120, 120))
        #expect(try #require(record.picture("transitionFrom.end")).shows(Palette.items, at: 159, 239))
        #expect(record.hierarchy("transitionFrom.end") == """
            window
              container.view
                containerView
                  first.view
            """)
        #expect(record.notes.contains("appearance transition-start: second.viewWillDisappear first.viewWillAppear"))
        #expect(record.notes.contains(
            "appearance transition: second.viewWillDisappear first.viewWillAppear second.viewDidDisappear first.viewDidAppear"))
        #expect(record.notes.contains("children after transitionFrom: first"))
    }
}
