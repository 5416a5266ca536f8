import Foundation
import SegueTesting
import Testing

/// Two GLFW windows in one process (`Examples/TwoWindows`) on an Xvfb of their own: destroying
/// one under the program (`xdotool windowclose`, as a crashed window manager or another client
/// would) closes that window only. The X errors on the destroyed window are that window's, and
/// releasing it leaves GLFW running for the other, which keeps drawing until it is closed too.
@Suite("Two GLFW windows in one process (Xvfb, xdotool)", .serialized, .tags(.window, .gl))
struct TwoWindowTests {
    @Test func destroyingOneWindowLeavesTheOtherOpen() throws {
        let program = try HostedProgram(product: "TwoWindowsSample", windowName: "segue-two-windows-first")
        let second = String(decoding: try program.x.run("xdotool", ["search", "--sync", "--name", "^segue-two-windows-second"]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(!second.isEmpty)
        try program.xdotool(["windowclose", program.window])
        #expect(program.waitFor("closed first"), "\(program.trace)")
        // The second window goes on drawing (60 frames after the first closed) and stays open.
        #expect(program.waitFor("alive second after 60 frames"), "\(program.trace)")
        #expect(program.lines("closed second").isEmpty, "\(program.trace)")
        try program.xdotool(["windowclose", second])
        #expect(program.waitForExit() == 0, "\(program.trace)")
        #expect(program.lines("closed second").count == 1, "\(program.trace)")
    }
}
