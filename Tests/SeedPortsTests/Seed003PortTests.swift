import SeedPalette
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

@testable import SeedPorts

/// Seed 003 (objc.io's view controller transitions) ported: the GPU pixel-dissolve animator
/// (snapshots → textures → fused filter chain → a view showing its output, driven by a display
/// link or a pan) and the zoom animator with a fresh percent-driven interaction per pan.
@MainActor
@Suite("Seed 003 ports: GPU pixel dissolve and zoom push (headless GL)", .tags(.gl))
struct Seed003PortTests {
    /// The dissolve at ½ of two flat colours: their mean (both pixellations leave flat areas as they are).
    static let halfway = ColourChecks.mean(Palette.items, Palette.detail)

    @Test func gpuAnimatorDissolvesThroughItsOwnEffectView() throws {
        let record = try Seed003.gpuAndZoom()
        let start = try #require(record.picture("start"))
        // Progress 0 shows the snapshot of the list exactly.
        #expect(RGBAImage.maxDifference(try #require(record.picture("gpu.0")), start) == 0)
        #expect(try #require(record.hierarchy("gpu.0")).contains("gpuImageView"), "the effect's output is a view over the container")
        let half = try #require(record.picture("gpu.0.5s"))
        #expect(ColourChecks.close(half.rgb(80, 120), Self.halfway), "\(half.rgb(80, 120)) vs \(Self.halfway)")
        let end = try #require(record.picture("gpu.end"))
        #expect(end.shows(Palette.detail, at: 80, 120) && end.shows(Palette.badge, at: 4, 120))
        #expect(try #require(record.hierarchy("gpu.end")) == """
            window
              navigationController.view
                navigationController.container
                  next1.view
                    next1.strip
            """, "the effect view is gone and the pushed view is in place")
    }

    @Test func aPanDrivesTheSameDissolveAndFinishes() throws {
        let record = try Seed003.gpuAndZoom()
        // 80 of 160 points is 50 %: the same frame the display link drew at 0.5 s.
        let panned = try #require(record.picture("gpu.pan.50%"))
        #expect(RGBAImage.maxDifference(panned, try #require(record.picture("gpu.0.5s"))) <= 1)
        #expect(record.notes.contains("top after gpu pan next2"))
        #expect(try #require(record.picture("gpu.pan.end")).shows(Palette.detail, at: 80, 120))
    }

    @Test func zoomAnimatorFollowsAFreshPercentDrivenInteractionAndCancels() throws {
        let record = try Seed003.gpuAndZoom()
        // Half way: the list is scaled to 0.55 about the centre (x 36…124), the new screen at
        // alpha ½ on top of it.
        let half = try #require(record.picture("zoom.pan.50%"))
        #expect(ColourChecks.close(half.rgb(80, 120), Self.halfway))
        #expect(ColourChecks.close(half.rgb(30, 120), ColourChecks.scaled(Palette.detail, 0.5)))
        #expect(record.notes.contains("top after zoom pan list"))
        let cancelled = try #require(record.picture("zoom.cancelled"))
        #expect(cancelled.shows(Palette.items, at: 0, 0) && cancelled.shows(Palette.items, at: 159, 239))
        #expect(record.hierarchy("zoom.cancelled") == """
            window
              navigationController.view
                navigationController.container
                  list.view
            """)
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
    }
}
