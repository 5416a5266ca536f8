import SegueTransitions

// GestureStress.Example's cases before 1.0, when it was an enum of four, deprecated: an example is
// any interactive scenario of a catalog now (CHANGELOG.md, 1.0.0).
extension GestureStress.Example {
    @available(*, deprecated, message: "an example is a scenario's now: use `GestureStress.Example(TransitionScenario.named(\"cube-pop\")!)`")
    public static var cubePop: Self { builtIn("cube-pop") }

    @available(*, deprecated, message: "an example is a scenario's now: use `GestureStress.Example(TransitionScenario.named(\"zoom-push\")!)`")
    public static var zoomPush: Self { builtIn("zoom-push") }

    @available(*, deprecated, message: "an example is a scenario's now: use `GestureStress.Example(TransitionScenario.named(\"pixel-dissolve-present\")!)`")
    public static var pixelDissolve: Self { builtIn("pixel-dissolve-present") }

    /// A built-in interactive scenario's example (its name is one of the catalog's, with a gesture).
    private static func builtIn(_ name: String) -> Self {
        guard let scenario = TransitionScenario.named(name), let example = Self(scenario) else {
            preconditionFailure("\(name) is a built-in scenario with a gesture")
        }
        return example
    }
}
