import SeedPalette
import SegueImage
import SegueUIKit
import Testing
import SegueTesting

@testable import SeedPorts

/// Apple's interruptible photo zoom (WWDC 2016) ported: a push grabbed mid-flight holds still
/// under the finger, the photo follows the finger exactly, and the release plays the rest
/// (back to the grid here); an interactive pop dragged past half-way finishes. Pictures are
/// headless frames; the references are the finger's travel, the grid's own first frame and the
/// views' flat colours.
@MainActor
@Suite("Interruptible photo zoom port (headless GL)", .tags(.gl))
struct PhotoZoomPortTests {
    /// The moving photo's frame noted at `label` (minX, minY, width, height).
    static func photo(_ record: ScenarioRecord, _ label: String) throws -> [Double] {
        let note = try #require(record.notes.first { $0.hasPrefix("\(label) photo ") })
        return note.dropFirst("\(label) photo ".count).split(separator: " ").compactMap { Double($0) }
    }

    @Test func grabDragReleaseAndInteractivePop() throws {
        let record = try PhotoZoom.interruptible()
        #expect(!record.notes.contains { $0.hasPrefix("diagnostic") }, "\(record.notes)")
        let grid = try #require(record.picture("grid"))
        #expect(grid.shows(Palette.action, at: 40, 60) && grid.shows(Palette.items, at: 100, 150))

        // The grab: the transition is paused with the photo where it was; the tile and the
        // detail photo are hidden, a transition image view moves instead.
        let grabHierarchy = try #require(record.hierarchy("grab"))
        #expect(grabHierarchy.contains("transitionImageView") && grabHierarchy.contains("tile (hidden)"))
        #expect(grabHierarchy.contains("detail.view"))
        let grabFrame = try Self.photo(record, "grab")
        #expect(try Self.photo(record, "push.0.15s") == grabFrame, "grabbing stops the photo where it is")
        let grab = try #require(record.picture("grab"))
        let (gx, gy) = (Int(grabFrame[0] + grabFrame[2] / 2), Int(grabFrame[1] + grabFrame[3] / 2))
        #expect(grab.shows(Palette.action, at: gx, gy))
        #expect(!grab.shows(Palette.action, at: gx, Int(grabFrame[1]) - 3), "above the photo")
        // Held for 0.3 s with the finger down: not one pixel changes.
        #expect(RGBAImage.maxDifference(try #require(record.picture("held")), grab) == 0)

        // The drag: the photo moved exactly as far as the finger (61 px down), nothing else.
        let dragFrame = try Self.photo(record, "drag")
        #expect(abs(dragFrame[1] - grabFrame[1] - 61) < 1e-9 && dragFrame[0] == grabFrame[0] && dragFrame[2] == grabFrame[2])
        let drag = try #require(record.picture("drag"))
        #expect(drag.shows(Palette.action, at: gx, gy + 61))
        #expect(!drag.shows(Palette.action, at: gx, Int(grabFrame[1]) + 30), "the photo left its grab position")

        // The release (dragged back under half-way, no fling): the push goes back; the window
        // shows the grid exactly as before and the stack holds the grid only.
        #expect(RGBAImage.maxDifference(try #require(record.picture("released")), grid) == 0)
        #expect(record.hierarchy("released") == record.hierarchy("grid"))
        #expect(record.notes.contains("stack after release grid"))

        // A finished push shows the detail; an interactive pop follows the finger (150 px down
        // from the detail photo's frame) and, released past half-way, finishes.
        let detail = try #require(record.picture("detail"))
        #expect(detail.shows(Palette.action, at: 80, 120) && detail.shows(Palette.detail, at: 80, 20))
        #expect(try Self.photo(record, "pop.drag") == [0, 210, 160, 120])
        #expect(try #require(record.hierarchy("pop.drag")).contains("transitionImageView"))
        #expect(RGBAImage.maxDifference(try #require(record.picture("popped")), grid) == 0)
        #expect(record.notes.contains("stack after pop grid"))
    }
}
