import Foundation
import SeedAppScenes
import SegueAppHost

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
    let app = SeedAppController()
    app.trace = say
    app.onQuit = { host.requestClose() }
    // "frame N", and "progress P" while a transition runs (what the window tests wait for).
    host.frameObserver = { say("frame \($0.framesRendered)" + (app.transitionProgress.map { " progress \($0)" } ?? "")) }
    try host.run(rootViewController: app)
} catch {
    FileHandle.standardError.write(Data("SeedApp: \(error)\n".utf8))
    exit(1)
}
