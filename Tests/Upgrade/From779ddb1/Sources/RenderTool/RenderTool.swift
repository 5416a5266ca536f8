// README's "Use it from your package" and GettingStarted, as written against 779ddb1.
import Segue

/// Renders `wipeleft` and a typed gl-transition between two pictures, as README shows.
@MainActor
public func renderReadmeExample(into folder: String) throws {
    let from = try PictureDecoder.read(path: "a.jpg"), to = try PictureDecoder.read(path: "b.png")
    let renderer = try TransitionRenderer(named: "wipeleft", width: 640, height: 360)
    try renderer.writePNGs(from: from, to: to, count: 30, into: folder + "/wipeleft")   // owns its GL lifetimes
    let frames = try renderer.frames(from: from, to: to, count: 30)          // [RGBAImage]
    let chosen = try renderer.frames(from: from, to: to, at: [0, 0.5, 1])
    let sheet = try renderer.contactSheet(from: from, to: to, count: 9)
    try renderer.render(from: from, to: to, count: 3) { frame in _ = frame.image.width }
    _ = (frames.count, chosen.count, sheet.width, TransitionRenderer.builtInNames.count)

    let wipe = try NamedTransition.named("wipe", settings: [GLTransitionSetting("direction", .floats([1, 0]))])
    try TransitionRenderer(.effect(wipe), width: 320, height: 180)
        .writePNGs(from: from, to: to, count: 10, into: folder + "/wipe")
    _ = GLTransitionLibrary.entry(named: "wipeleft")?.parameters
}

/// A view-controller scenario and a headless stage, as GettingStarted shows.
@MainActor
public func renderScenario(animator: any ViewControllerAnimatedTransitioning, from: RGBAImage, to: RGBAImage) throws {
    let scenario = TransitionScenario.presentation(named: "corner-reveal", animator: animator)
    try TransitionRenderer(.scenario(scenario), width: 320, height: 180)
        .writePNGs(from: from, to: to, count: 10, into: "out/corner-reveal")
    let list = ViewController(name: "list"), detail = ViewController(name: "detail")
    try HeadlessStage.run(width: 320, height: 480) { stage in
        stage.window.rootViewController = list
        list.present(detail, animated: true)
        let halfWay = try stage.advance(to: 0.25)   // frame by frame, as a display would
        let end = try stage.play(1)                  // one more second
        _ = (halfWay.width, end.width)
    }
}

/// TransitionRenderError's cases, matched as GettingStarted lists them.
public func explain(_ error: TransitionRenderError) -> String {
    switch error {
    case .badSize: "bad size"
    case .badFrameCount: "bad frame count"
    default: "\(error)"
    }
}
