import Foundation
import SeedAppScenes
import SegueImage
import SegueUIKit
import SegueTesting
import Testing

/// SeedApp as a user runs it: the built program in a window on an Xvfb of its own, clicks,
/// drags and keys through xdotool, what is on screen read back with xwd and compared with the
/// same state rendered headlessly from the same `SeedAppScenes` code. Both are Mesa's llvmpipe;
/// GLX and EGL surfaces may round a colour differently (a channel off by 2 at most, mean 0.1:
/// `ImageTolerance.crossDriver`); text is rasterised on the CPU by FreeType either way.
@Suite("SeedApp in a window (Xvfb, xdotool, xwd)", .serialized, .tags(.window, .gl))
@MainActor
struct SeedAppWindowTests {
    static let tolerance = ImageTolerance.crossDriver

    static func launch() throws -> HostedProgram {
        let app = try HostedProgram(product: "SeedApp", windowName: "Segue seed apps")
        app.waitUntilSettled()
        return app
    }

    func click(_ app: HostedProgram, _ point: Point) throws {
        try app.xdotool(["mousemove", "--window", app.window, "\(Int(point.x))", "\(Int(point.y))", "click", "1"])
    }

    func expectShows(_ app: HostedProgram, _ demo: SeedDemo?) throws {
        app.waitUntilSettled()
        let expected = try HeadlessSeedApp.settledFrame(showing: demo)
        let mismatch = Self.tolerance.mismatch(actual: try app.screenshot(), expected: expected)
        #expect(mismatch == nil, "\(demo.map { "\($0)" } ?? "menu"): \(mismatch.map { "\($0)" } ?? "")")
    }

    @Test func aClickPresentsTheDiagonalScreenAndEscapeDismissesIt() throws {
        let app = try Self.launch()
        try expectShows(app, nil)
        try click(app, try HeadlessSeedApp.buttonCentre(.diagonal))
        #expect(app.waitFor("appeared diagonal"), "\(app.trace)")
        try expectShows(app, .diagonal)
        try app.xdotool(["key", "--window", app.window, "Escape"])
        #expect(app.waitFor("disappeared diagonal"), "\(app.trace)")
        try expectShows(app, nil)
    }

    @Test func aDigitKeyOpensTheDropDownMenuAndAClickOnItsSnapshotClosesIt() throws {
        let app = try Self.launch()
        try app.xdotool(["key", "--window", app.window, "4"])
        #expect(app.waitFor("appeared dropDownMenu"), "\(app.trace)")
        try expectShows(app, .dropDownMenu)
        try click(app, Point(x: 480, y: 500))  // the snapshot, 360 points down
        #expect(app.waitFor("disappeared dropDownMenu"), "\(app.trace)")
        try expectShows(app, nil)
    }

    @Test func theCubeScreenPopsByADragFromTheLeftEdge() throws {
        let app = try Self.launch()
        try click(app, try HeadlessSeedApp.buttonCentre(.cubePush))
        #expect(app.waitFor("appeared cubePush"), "\(app.trace)")
        try expectShows(app, .cubePush)
        try app.drag(from: (5, 300), to: (600, 300))
        #expect(app.waitFor("disappeared cubePush"), "\(app.trace)")
        try expectShows(app, nil)
    }

    @Test func aDragAcrossThePixelDissolveScreenDissolvesItAway() throws {
        let app = try Self.launch()
        try app.xdotool(["key", "--window", app.window, "8"])
        #expect(app.waitFor("appeared pixelDissolve"), "\(app.trace)")
        try expectShows(app, .pixelDissolve)
        try app.drag(from: (100, 300), to: (800, 300), steps: 8)
        #expect(app.waitFor("disappeared pixelDissolve"), "\(app.trace)")
        try expectShows(app, nil)
    }
}
