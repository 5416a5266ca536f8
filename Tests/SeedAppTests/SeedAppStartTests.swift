import Foundation
import SegueTesting
import Testing

/// Issue 28, defect 9 (and the "errors go to stderr" of defect 6): a display whose OpenGL is
/// older than 3.3 (Mesa told to offer 3.0) makes SeedApp exit with a message on standard error
/// that names the version Segue needs and the one the driver offers, instead of GLX's bare
/// "GLXBadFBConfig". Ctrl+Q ends the app as desktop apps end.
@Suite("SeedApp on an old OpenGL (Xvfb)", .tags(.window, .gl))
struct SeedAppStartTests {
    @Test func anOpenGLOlderThan3_3IsNamedWithTheVersionFound() throws {
        let x = try XvfbSession()
        let output = try BuiltProgram.run("SeedApp", [], environment: ["DISPLAY": x.display, "MESA_GL_VERSION_OVERRIDE": "3.0"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("needs OpenGL 3.3 core"), "\(output.stderr)")
        #expect(output.stderr.contains("offers OpenGL 3.0"), "\(output.stderr)")
        #expect(!output.stdout.contains("rror"), "errors go to standard error: \(output.stdout)")
    }

    @Test func ctrlQEndsTheApp() throws {
        let app = try HostedProgram(product: "SeedApp", windowName: "Segue seed apps")
        app.waitUntilSettled()
        try app.xdotool(["key", "--window", app.window, "ctrl+q"])
        #expect(app.waitForExit() == 0, "\(app.trace)")
    }
}
