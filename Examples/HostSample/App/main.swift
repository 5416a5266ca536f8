import Foundation
import HostSampleScene
import SegueAppHost
import SegueGLFW
import SegueUIKit

// A hosted app in a few lines: the window tests drive it with xdotool and read what it prints
// (one line per event, frame and change). `HostSample [width height]`, in points.
/// One line, written at once (a pipe would otherwise buffer it until exit).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let arguments = CommandLine.arguments.dropFirst().compactMap(Double.init)
let size = arguments.count == 2 ? Size(width: arguments[0], height: arguments[1]) : Size(width: 480, height: 320)
do {
    let host = try WindowHost(title: "Segue host sample", size: size)
    let controller = SampleController(size: size)
    controller.canvas.trace = say
    // Unowned: the host keeps its observer, so a strong capture would keep both alive past the run.
    host.frameObserver = { [unowned host] in say("frame \($0.framesRendered) \(host.window.rootView.bounds.size.width)x\(host.window.rootView.bounds.size.height)") }
    host.eventObserver = { event in
        switch event {
        case .pointer(let pointer) where pointer.kind != .moved:
            say("pointer \(pointer.kind) \(pointer.button.map { "\($0)" } ?? "-") \(SampleCanvas.format(pointer.modifiers))")
        case .framebufferResized(let width, let height): say("resized \(width)x\(height)")
        case .closeRequested: say("close requested")
        default: break
        }
    }
    say("pid \(ProcessInfo.processInfo.processIdentifier)")
    try host.run(rootViewController: controller)
    say("closed after \(host.statistics.framesRendered) frames")
} catch {
    say("error: \(error)")
    exit(1)
}
