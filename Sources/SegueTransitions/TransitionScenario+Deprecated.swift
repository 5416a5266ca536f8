// Spellings of TransitionScenario before 1.0, deprecated (CHANGELOG.md, 1.0.0).
extension TransitionScenario {
    /// The gesture of `name`'s scenario, if it has one. A scenario carries its gesture now.
    @available(*, deprecated, message: "a scenario carries its gesture: use `TransitionScenario.named(name)?.gesture`")
    public static func gesture(named name: String) -> ScenarioGesture? { named(name)?.gesture }
}
