import SeedAppScenes
import SeedPalette
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage

/// SeedApp's screens rendered headlessly (EGL, a virtual clock) at the window's size: the
/// reference the window's screenshots are compared with, and the stage the scene tests drive.
@MainActor
enum HeadlessSeedApp {
    static let width = Int(SeedAppController.windowSize.width), height = Int(SeedAppController.windowSize.height)

    /// Runs `body` with the app as the root of a headless window of `size` (one frame drawn, as
    /// a window's first).
    static func run<Result>(
        size: Size = SeedAppController.windowSize, _ body: (HeadlessStage, SeedAppController) throws -> Result
    ) throws -> Result {
        try HeadlessStage.run(width: Int(size.width), height: Int(size.height)) { stage in
            let app = SeedAppController()
            stage.window.rootViewController = app
            try stage.step()
            return try body(stage, app)
        }
    }

    /// The frame with `demo`'s screen shown (nil: the menu), its transition over, in a window of `size`.
    static func settledFrame(showing demo: SeedDemo?, size: Size = SeedAppController.windowSize) throws -> RGBAImage {
        try run(size: size) { stage, app in
            if let demo {
                app.show(demo)
                try stage.play(demo.duration + 0.3)
            }
            return try stage.snapshot()
        }
    }

    /// The centre of the menu's button for `demo`, in points (the layout of `SeedMenuView`).
    static func buttonCentre(_ demo: SeedDemo) throws -> Point {
        try run { _, app in
            let frame = app.menu.menuView.buttons[demo.rawValue].frame
            return Point(x: frame.midX, y: frame.midY)
        }
    }

    /// Whether the pixel at `point` is `color` (within 2 of 255 a channel).
    static func pixel(_ image: RGBAImage, at point: Point, is color: Color) -> Bool {
        image.shows(color, at: Int(point.x), Int(point.y))
    }
}
