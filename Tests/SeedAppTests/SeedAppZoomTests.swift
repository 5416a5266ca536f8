import SeedAppScenes
import SeedPalette
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// SeedApp's photo grid (iOS 18's zoom) headlessly: a click on a tile pushes its photo, whose
/// frame on screen at key progress values is the tile's frame interpolated to the screen's (the
/// drawn frame shows the photo's colour inside that rectangle and the grid outside it); a drag
/// down shrinks it back into the tile.
@Suite("SeedApp photo grid zoom (headless)", .serialized, .tags(.gl))
@MainActor
struct SeedAppZoomTests {
    static let screen = Rect(x: 0, y: 0, width: SeedAppController.windowSize.width, height: SeedAppController.windowSize.height)

    /// The app with the grid shown, its push over.
    static func withGrid<Result>(_ body: (HeadlessStage, SeedAppController, PhotoGridController) throws -> Result) throws -> Result {
        try HeadlessSeedApp.run { stage, app in
            app.show(.photoGrid)
            try stage.play(SeedDemo.photoGrid.duration + 0.3)
            let grid = try #require(app.topViewController as? PhotoGridController)
            return try body(stage, app, grid)
        }
    }

    /// The frame with photo `index` shown, its zoom over (the window test's reference).
    static func settledPhotoFrame(_ index: Int) throws -> RGBAImage {
        try withGrid { stage, _, grid in
            grid.open(index)
            return try stage.play(0.8)
        }
    }

    /// The frame with the grid shown (the window test's reference after the zoom back).
    static func settledGridFrame() throws -> RGBAImage {
        try withGrid { stage, _, _ in try stage.snapshot() }
    }

    @Test func aClickOnATileZoomsItsPhotoOutOfIt() throws {
        try Self.withGrid { stage, app, grid in
            let tile = PhotoGridController.tileFrame(5)
            stage.press(at: Point(x: tile.midX, y: tile.midY))
            stage.lift(at: Point(x: tile.midX, y: tile.midY))
            // The tap pushes at the release: the zoom starts now.
            let start = stage.now
            try stage.step()
            #expect(app.isBusy, "the zoom runs")
            #expect(grid.tiles[5].isHidden, "the tile is hidden while its photo zooms")
            // Half-way in time: the photo covers the tile's frame interpolated to the screen's.
            let frame = try stage.advance(to: start + 0.25)
            let expected = Rect.interpolate(tile, Self.screen, 0.5)  // the ease-in-out curve is at 0.5 half-way
            let photo = PhotoGridController.colors[5]
            #expect(frame.shows(photo, at: Int(expected.midX), Int(expected.midY)))
            #expect(frame.shows(photo, at: Int(expected.minX + 3), Int(expected.midY)))
            #expect(!frame.shows(photo, at: Int(expected.minX - 3), Int(expected.midY)), "the grid shows outside it")
            #expect(!frame.shows(photo, at: Int(expected.midX), Int(expected.maxY + 3)))
            let settled = try stage.play(0.6)
            #expect(!app.isBusy && (app.topViewController as? PhotoController)?.index == 5)
            #expect(settled.shows(photo, at: 480, 400) && !grid.tiles[5].isHidden)
        }
    }

    @Test func aDragDownShrinksThePhotoBackIntoItsTile() throws {
        try Self.withGrid { stage, app, grid in
            grid.open(2)
            try stage.play(0.8)
            let photoView = try #require((app.topViewController as? PhotoController)?.view)
            stage.press(at: Point(x: 480, y: 300))
            for step in 1...10 { try stage.move(to: Point(x: 480, y: 300 + Double(step) * 20)) }
            #expect(app.isBusy, "the drag started the pop")
            #expect(abs(photoView.presentation.center.y - (300 + 200)) < 1e-6, "the photo follows the finger")
            try stage.play(0.2)
            stage.lift(at: Point(x: 480, y: 500))
            let frame = try stage.play(1)
            #expect(!app.isBusy && app.topViewController === grid && !grid.tiles[2].isHidden)
            #expect(frame.shows(PhotoGridController.colors[2], at: Int(PhotoGridController.tileFrame(2).midX), Int(PhotoGridController.tileFrame(2).midY)))
        }
    }
}
