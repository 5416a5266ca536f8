import SeedAppScenes
import SeedPalette
import SegueImage
import SegueUIKit
import SegueTesting
import Testing
import SegueStage

/// Issue 41: the photo grid's columns come from the window's width, so every tile is whole at
/// any size (before, four fixed 150-point columns: at 640 points the fourth was cut, at the
/// seeds' 320×480 two of the eight tiles were whole). Checked on the drawn frame: each tile's
/// colour at its four corners (inside the rounding) and its centre, inside the window, no two
/// tiles overlapping, none under Back or the instruction.
@Suite("SeedApp photo grid's layout at several sizes", .serialized, .tags(.gl))
@MainActor
struct SeedAppPhotoGridLayoutTests {
    nonisolated static let sizes = [
        Size(width: 960, height: 600), Size(width: 640, height: 600), Size(width: 640, height: 760), Size(width: 320, height: 480),
        Size(width: 1200, height: 700), Size(width: 480, height: 800), Size(width: 800, height: 320),
    ]

    /// The problems with the grid drawn in `image` (a frame of the grid at `size`), none when every tile is whole.
    static func problems(in image: RGBAImage, tiles: [Rect], size: Size) -> [String] {
        var found: [String] = []
        for (index, tile) in tiles.enumerated() {
            if tile.width < 40 || tile.height < 26 { found.append("tile \(index) is \(tile.width)x\(tile.height)") }
            if tile.minX < 0 || tile.minY < 0 || tile.maxX > size.width || tile.maxY > size.height { found.append("tile \(index) at \(tile) leaves the window") }
            if tile.minY < 60 || tile.maxY > size.height - 70 { found.append("tile \(index) at \(tile) meets Back or the instruction") }
            for (other, rect) in tiles.enumerated() where other > index
                && rect.minX < tile.maxX && tile.minX < rect.maxX && rect.minY < tile.maxY && tile.minY < rect.maxY {
                found.append("tiles \(index) and \(other) overlap")
            }
            let color = PhotoGridController.colors[index]
            let inset = 8.0  // inside the 12-point corner's curve along the diagonal
            let points = [
                (tile.midX, tile.midY), (tile.minX + inset, tile.minY + inset), (tile.maxX - inset, tile.minY + inset),
                (tile.minX + inset, tile.maxY - inset), (tile.maxX - inset, tile.maxY - inset),
            ]
            for (x, y) in points where !(x < Double(image.width) && y < Double(image.height) && image.shows(color, at: Int(x), Int(y))) {
                found.append("tile \(index) does not show at (\(Int(x)), \(Int(y)))")
            }
        }
        return found
    }

    /// The grid settled in a headless window of `size`: its frame and the tiles' frames in the window.
    static func grid(at size: Size) throws -> (image: RGBAImage, tiles: [Rect]) {
        try HeadlessSeedApp.run(size: size) { stage, app in
            app.show(.photoGrid)
            try stage.play(SeedDemo.photoGrid.duration + 0.3)
            let grid = try #require(app.topViewController as? PhotoGridController)
            let tiles = grid.tiles.map { $0.convert($0.bounds, to: nil) ?? .zero }
            return (try stage.snapshot(), tiles)
        }
    }

    @Test(arguments: sizes)
    func everyTileIsWhole(_ size: Size) throws {
        let (image, tiles) = try Self.grid(at: size)
        let problems = Self.problems(in: image, tiles: tiles, size: size)
        #expect(problems.isEmpty, "\(Int(size.width))x\(Int(size.height)): \(problems)")
        if !problems.isEmpty { try? PNGCodec.write(image, to: "/tmp/segue-photo-grid-\(Int(size.width))x\(Int(size.height)).png") }
    }

    /// The app's own window keeps the layout its goldens and window tests were made with.
    @Test func theAppsWindowKeepsFourColumnsOfTwoRows() {
        for index in 0..<8 {
            #expect(
                PhotoGridController.tileFrame(index)
                    == Rect(x: 40 + Double(index % 4) * 170, y: 80 + Double(index / 4) * 120, width: 150, height: 100))
        }
    }
}

/// The same in a window (Xvfb, no window manager: the window gets the size asked): the grid
/// shown, the window resized to 640×600, the screenshot has every tile whole and equals the
/// headless frame of the grid opened at that size.
@Suite("SeedApp photo grid's layout after a resize in a window (Xvfb)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppPhotoGridLayoutWindowTests {
    @Test func aResizedWindowShowsEveryTileWhole() throws {
        let size = Size(width: 640, height: 600)
        let app = try SeedAppWindowTests.launch()
        try app.xdotool(["key", "--window", app.window, "0"])
        #expect(app.waitFor("appeared photoGrid"), "\(app.trace)")
        app.waitUntilSettled()
        try app.xdotool(["windowsize", "--sync", app.window, "\(Int(size.width))", "\(Int(size.height))"])
        #expect(app.waitFor("size 640x600"), "the app saw the new size: \(app.trace)")
        app.waitUntilSettled()
        let shot = try app.screenshot()
        let (expected, tiles) = try SeedAppPhotoGridLayoutTests.grid(at: size)
        let problems = SeedAppPhotoGridLayoutTests.problems(in: shot, tiles: tiles, size: size)
        #expect(problems.isEmpty, "\(problems)")
        if let mismatch = SeedAppWindowTests.tolerance.mismatch(actual: shot, expected: expected) {
            Issue.record("640x600: \(mismatch)")
            try? PNGCodec.write(shot, to: "/tmp/segue-photo-grid-window-640x600.png")
        }
    }
}
