// SegueRendering's whole renders, as written against 779ddb1, some names qualified by the module.
import SegueImage
import SegueRendering
import SegueTransitions

/// Checks a name first ("did you mean"), then renders frames to PNGs.
@MainActor
public func renderNamed(_ name: String, from: RGBAImage, to: RGBAImage, into folder: String) throws -> [String] {
    try SegueRendering.TransitionRenderer.checkName(name)
    let renderer = try TransitionRenderer(named: name, width: 320, height: 180)
    return try renderer.writePNGs(from: from, to: to, count: 5, into: folder)
}

/// The built-in names, as a listing shows them.
@MainActor
public func listing() -> String {
    let names: [String] = TransitionRenderer.builtInNames
    return names.joined(separator: "\n") + "\n" + SegueRendering.TransitionRenderer.scenarioListing
}

/// What went wrong, in the user's words.
public func describe(_ error: any Error) -> String {
    switch error {
    case let error as SegueRendering.TransitionRenderError: "render: \(error)"
    case let error as UnknownTransitionError: "unknown: \(error)"
    default: "\(error)"
    }
}

/// What a scenario's gesture does, as `segue play` says it.
@MainActor
public func gestureSummary(of scenario: String) -> String? {
    TransitionScenario.gesture(named: scenario)?.summary
}
