import Foundation
import SegueTesting
import Testing

/// What a desktop does to the host's window besides input: the window manager's close request
/// (its close button) and another application taking the focus. Xvfb runs no window manager:
/// the session sends the close request and takes the focus itself (`XvfbSession.requestClose`,
/// `takeInputFocus`), as a window manager and another client would.
@Suite("Window host and the desktop (Xvfb)", .serialized, .tags(.window, .gl))
@MainActor
struct HostWindowManagerTests {
    @Test func theWindowManagersCloseRequestEndsRunCleanly() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.x.requestClose(window: sample.window)
        #expect(sample.waitForExit() == 0, "\(sample.trace)")
        // The request reached the host as the window system's close event (not a window destroyed
        // under it, as `xdotool windowclose` does), and `run` returned after releasing the window.
        #expect(sample.lines("close requested").count == 1, "\(sample.trace)")
        #expect(sample.lines("closed after ").count == 1, "\(sample.trace)")
        #expect(!sample.trace.contains("error"), "\(sample.trace)")
    }

    @Test func losingTheFocusMidDragCancelsThePanAndTheNextPressStartsAfresh() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.xdotool(["mousemove", "--window", sample.window, "240", "160", "mousedown", "1"])
        for (x, y) in [(260, 170), (280, 185)] {
            Thread.sleep(forTimeInterval: 0.1)
            try sample.xdotool(["mousemove", "--window", sample.window, "\(x)", "\(y)"])
        }
        #expect(sample.waitFor("pan changed offset 40.0 25.0"), "\(sample.trace)")
        // Another application takes the focus with the button still down. GLFW then reports
        // the focus loss and a release of the button; the host cancels the press at the focus
        // loss (as UIKit cancels touches when the app resigns active) and ignores that release.
        try sample.x.takeInputFocus()
        #expect(sample.waitFor("pan cancelled"), "\(sample.trace)")
        // The button comes up later, over the window: the gesture is over already.
        try sample.xdotool(["mousemove", "--window", sample.window, "300", "200"])
        try sample.xdotool(["mouseup", "1"])
        sample.waitUntilSettled()
        #expect(sample.lines("pan ended").isEmpty, "\(sample.trace)")
        #expect(sample.lines("pan ").last == "pan cancelled offset 40.0 25.0", "\(sample.trace)")
        // A new press is a new gesture, from where the cancelled one left the box.
        try sample.xdotool(["mousemove", "--window", sample.window, "280", "185", "mousedown", "1"])
        for (x, y) in [(300, 200), (320, 215)] {
            Thread.sleep(forTimeInterval: 0.1)
            try sample.xdotool(["mousemove", "--window", sample.window, "\(x)", "\(y)"])
        }
        Thread.sleep(forTimeInterval: 0.1)
        try sample.xdotool(["mouseup", "1"])
        #expect(sample.waitFor("pan ended"), "\(sample.trace)")
        #expect(sample.lines("pan began").count == 2, "\(sample.trace)")
        #expect(sample.lastOffset.x == 80 && sample.lastOffset.y == 55, "\(sample.trace)")
    }

    @Test func aKeyHeldWhenTheFocusIsLostIsCancelledAndItsLaterReleaseIsNotDelivered() throws {
        let sample = try HostedSample()
        sample.waitUntilSettled()
        try sample.xdotool(["keydown", "--window", sample.window, "a"])
        #expect(sample.waitFor("key A down"), "\(sample.trace)")
        // Another application takes the focus with the key held: GLFW reports the focus loss and
        // makes up a release of the key; the host cancels the press instead (UIKit's
        // pressesCancelled), and the real release later reaches nobody.
        try sample.x.takeInputFocus()
        #expect(sample.waitFor("key A cancelled"), "\(sample.trace)")
        try sample.xdotool(["keyup", "a"])
        sample.waitUntilSettled()
        #expect(sample.lines("key A up").isEmpty, "\(sample.trace)")
        #expect(sample.lines("key A cancelled").count == 1, "\(sample.trace)")
    }
}
