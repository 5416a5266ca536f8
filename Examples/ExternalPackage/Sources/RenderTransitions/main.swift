import CardTransitions
import Segue

// Renders a built-in gl-transition and this package's own animator between two pictures, ten
// PNG frames each: render-transitions [OUTPUT-FOLDER] (default: out).
let output = CommandLine.arguments.dropFirst().first ?? "out"
let from = try SampleImages.from(width: 320, height: 180)
let to = try SampleImages.to(width: 320, height: 180)

let wipe = try TransitionRenderer(named: "wipeleft", width: 320, height: 180)
let wipeFrames = try wipe.writePNGs(from: from, to: to, count: 10, into: output + "/wipeleft")

let reveal = TransitionScenario.presentation(named: "corner-reveal", animator: CornerRevealAnimator())
let revealRenderer = try TransitionRenderer(.scenario(reveal), width: 320, height: 180)
let revealFrames = try revealRenderer.writePNGs(from: from, to: to, count: 10, into: output + "/corner-reveal")

print("wrote \(wipeFrames.count + revealFrames.count) frames to \(output)/wipeleft and \(output)/corner-reveal")
