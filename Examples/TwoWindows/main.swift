import Foundation
import SegueGL
import SegueGLFW

// Two GLFW windows in one process ("segue-two-windows-first" and "-second"), each cleared to a
// colour of its own every frame, until each is closed (its close button, or destroyed under it
// by `xdotool windowclose`). The other window goes on: what one window's X errors say is that
// window's alone. Prints "frame N" for every frame, "closed NAME" when a window closes, and
// "alive NAME after N frames" every 30 frames a window draws after the other closed.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

final class Shown {
    let name: String
    let context: GLFWWindowContext
    let colour: (Float, Float, Float)
    var framesSinceOtherClosed = 0
    init(_ name: String, colour: (Float, Float, Float)) throws {
        self.name = name
        self.colour = colour
        context = try GLFWWindowContext(title: "segue-two-windows-\(name)", width: 160, height: 120)
    }
}

do {
    var open = [try Shown("first", colour: (0.9, 0.3, 0.1)), try Shown("second", colour: (0.1, 0.4, 0.9))]
    var frame = 0
    var oneClosed = false
    while !open.isEmpty {
        for shown in open {
            try shown.context.makeCurrent()
            GL.clearColor(shown.colour.0, shown.colour.1, shown.colour.2, 1)
            GL.clear(GL.colorBufferBit)
            try shown.context.present()
            shown.context.confirmWindowExists()
            _ = shown.context.pollSystemEvents()
        }
        frame += 1
        say("frame \(frame)")
        for shown in open where shown.context.shouldClose {
            say("closed \(shown.name)")
            shown.context.release()
            oneClosed = true
        }
        open.removeAll { $0.context.shouldClose }
        for shown in open where oneClosed {
            shown.framesSinceOtherClosed += 1
            if shown.framesSinceOtherClosed % 30 == 0 { say("alive \(shown.name) after \(shown.framesSinceOtherClosed) frames") }
        }
        usleep(10_000)
    }
} catch {
    FileHandle.standardError.write(Data("two-windows: \(error)\n".utf8))
    exit(1)
}
