import Foundation
import SeedAppScenes
import SegueAppHost
import SegueUIKit

// The seeds' apps in a window (`swift run SeedApp`): each button presents or pushes with a seed's
// animator. One line per frame and screen change goes to standard output (the window tests read
// it); an error goes to standard error.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
do {
    let host = try WindowHost(title: "Segue seed apps", size: SeedAppController.windowSize)
    // Scripted runs (the window tests) step time by a fixed amount a frame: the same frames on any machine.
    if let step = ProcessInfo.processInfo.environment["SEEDAPP_FRAME_STEP"].flatMap(Double.init) {
        host.timeSource = try HostClock.fixedStep(seconds: step)
    }
    // A resize mid-transition never swaps a frame of the old size (WindowHost.drawsOffscreenFirst).
    host.drawsOffscreenFirst = true
    let app = SeedAppController()
    app.trace = say
    app.onQuit = { host.requestClose() }
    // "frame N", and "progress P" while a transition runs (what the window tests wait for);
    // before the first frame drawn at a new window size, "size WxH" (points), and at a new
    // layout of the menu, "menu laid out WxH" (the size it was laid out for).
    var shownSize: Size?, menuSize: Size?
    func text(_ size: Size) -> String { "\(Int(size.width.rounded()))x\(Int(size.height.rounded()))" }
    host.frameObserver = {
        let size = host.window.rootView.bounds.size
        if size != shownSize {
            shownSize = size
            say("size \(text(size))")
        }
        if let laidOut = app.menu.menuView.laidOutSize, laidOut != menuSize {
            menuSize = laidOut
            say("menu laid out \(text(laidOut))")
        }
        say("frame \($0.framesRendered)" + (app.transitionProgress.map { " progress \($0)" } ?? ""))
    }
    try host.run(rootViewController: app)
} catch {
    FileHandle.standardError.write(Data("SeedApp: \(error)\n".utf8))
    exit(1)
}
