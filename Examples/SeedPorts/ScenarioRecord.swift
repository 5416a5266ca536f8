import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage

/// What a scenario leaves for its checks: named pictures with the view tree at that moment,
/// and lines of measurements. `main.swift` writes them out; the tests assert on them.
public struct ScenarioRecord: Sendable {
    public struct Checkpoint: Sendable {
        public let label: String
        public let time: Double
        public let picture: RGBAImage
        public let hierarchy: String
    }

    public let name: String
    public private(set) var checkpoints: [Checkpoint] = []
    public var notes: [String] = []

    public init(name: String) { self.name = name }

    @MainActor
    mutating func capture(_ label: String, on stage: HeadlessStage) throws {
        checkpoints.append(Checkpoint(label: label, time: stage.now, picture: try stage.snapshot(), hierarchy: stage.hierarchy()))
    }

    /// Plays a transition of `duration` seconds that starts now: captures `middle` halfway and
    /// `end` one frame after it ended (the frame its completion ran on).
    @MainActor
    mutating func playTransition(_ duration: Double, on stage: HeadlessStage, middle: String, end: String) throws {
        try stage.play(duration / 2)
        try capture(middle, on: stage)
        try stage.play(duration / 2 + stage.frameStep)
        try capture(end, on: stage)
    }

    /// Adds what the stage window's diagnostics reported during the scenario, one "diagnostic …"
    /// note each (the checks expect none).
    @MainActor
    mutating func noteDiagnostics(of stage: HeadlessStage) {
        notes += stage.window.diagnostics.messages.map { "diagnostic \($0)" }
    }

    public func checkpoint(_ label: String) -> Checkpoint? { checkpoints.first { $0.label == label } }
    public func picture(_ label: String) -> RGBAImage? { checkpoint(label)?.picture }
    public func hierarchy(_ label: String) -> String? { checkpoint(label)?.hierarchy }
}
