import SeedPalette
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage

/// A child that logs its appearance callbacks (what the container forwards automatically).
@MainActor
final class LoggingChild: ColourViewController {
    let log: AppearanceLog
    init(name: String, colour: Color, log: AppearanceLog) {
        self.log = log
        super.init(name: name, colour: colour)
    }
    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).viewDidDisappear") }
}

@MainActor
final class AppearanceLog { var lines: [String] = [] }

/// Seed 004 on a 160×240 window: three children (blue, green, orange); swipe left with the
/// seed's own context and animator, then back right with `transition(from:to:…)`. Notes:
/// "appearance …" lines and "children …" after each swipe.
@MainActor
public enum Seed004 {
    public static func container() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: 160, height: 240)
        defer { stage.release() }
        var record = ScenarioRecord(name: "seed004-container")
        let log = AppearanceLog()
        let children = [
            LoggingChild(name: "first", colour: Palette.items, log: log),
            LoggingChild(name: "second", colour: Palette.detail, log: log),
            LoggingChild(name: "third", colour: Palette.action, log: log),
        ]
        let container = ContainerViewController(viewControllers: children)
        stage.window.rootViewController = container
        try record.capture("start", on: stage)
        record.notes.append("appearance start: \(log.lines.joined(separator: " "))")

        try swipe(container, .Left, usingAnimator: true, label: ("animator", "swipe"), stage: stage, log: log, record: &record)
        try swipe(container, .Right, usingAnimator: false, label: ("transitionFrom", "transition"), stage: stage, log: log, record: &record)
        record.noteDiagnostics(of: stage)
        return record
    }

    /// One 0.25 s swipe: pictures "<picture>.half" and "<picture>.end"; notes "appearance
    /// <notes>-start: …" (callbacks sent when it starts), "appearance <notes>: …" (all) and
    /// "children after <picture>: …".
    private static func swipe(
        _ container: ContainerViewController, _ orientation: ContainerViewController.Orientation, usingAnimator: Bool,
        label: (picture: String, notes: String), stage: HeadlessStage, log: AppearanceLog, record: inout ScenarioRecord
    ) throws {
        log.lines.removeAll()
        container.swipe(orientation, usingAnimator: usingAnimator)
        record.notes.append("appearance \(label.notes)-start: \(log.lines.joined(separator: " "))")
        try stage.play(0.125)
        try record.capture("\(label.picture).half", on: stage)
        try stage.play(0.125 + stage.frameStep)
        try record.capture("\(label.picture).end", on: stage)
        record.notes.append("appearance \(label.notes): \(log.lines.joined(separator: " "))")
        record.notes.append("children after \(label.picture): \(container.children.map(\.name).joined(separator: ","))")
    }
}
