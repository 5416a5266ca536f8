import Foundation
import SeedAppScenes
import SegueAppHost

// The seeds' apps in a window (`swift run SeedApp`): each button presents or pushes with a seed's
// animator. One line per frame and screen change goes to standard output (the window tests read it).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
do {
    let host = try WindowHost(title: "Segue seed apps", size: SeedAppController.windowSize)
    let app = SeedAppController()
    app.trace = say
    host.frameObserver = { say("frame \($0.framesRendered)") }
    try host.run(rootViewController: app)
} catch {
    say("error: \(error)")
    exit(1)
}
