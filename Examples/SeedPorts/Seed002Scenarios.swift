import SeedPalette
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage

/// Seed 002 played on a 160×240 window: the list in a navigation controller, the modal shown
/// with the spring and dismissed with the shrinking snapshot (or without the snapshot).
@MainActor
public enum Seed002 {
    public static let size = (width: 160, height: 240)

    /// Present (2.5 s spring) then dismiss (2 s shrink). Notes: "edge t y" lines, the modal's
    /// top edge per frame (first orange row in column 150; 240 when not visible), and
    /// "overshoot" when the spring carried the modal above its final frame (its bottom row left
    /// the window's bottom).
    public static func modal(snapshotDismissal: Bool = true) throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: size.width, height: size.height)
        defer { stage.release() }
        var record = ScenarioRecord(name: snapshotDismissal ? "seed002-modal" : "seed002-modal-no-snapshot")
        let items = ItemsTableViewController()
        if !snapshotDismissal { items.customDismissAnimationController = CustomDismissWithoutSnapshotAnimationController() }
        let navigationController = NavigationController(rootViewController: items)
        stage.window.rootViewController = navigationController
        try record.capture("start", on: stage)

        items.showAction()
        var overshoot = false
        for frame in 0...150 {  // 2.5 s at 60 fps
            let picture = try frame == 0 ? stage.snapshot() : stage.play(stage.frameStep)
            let edge = (0..<size.height).first { picture.shows(Palette.action, at: 150, $0, tolerance: 3) } ?? size.height
            record.notes.append("edge \(stage.now) \(edge)")
            if edge == 0, !picture.shows(Palette.action, at: 150, size.height - 1, tolerance: 3) { overshoot = true }
            if frame == 30 { try record.capture("present.0.5s", on: stage) }
        }
        if overshoot { record.notes.append("overshoot") }
        try stage.play(stage.frameStep)
        try record.capture("presented", on: stage)

        let action = navigationController.presentedViewController
        action?.dismiss(animated: true)
        try record.capture("dismiss.0", on: stage)
        try record.playTransition(2, on: stage, middle: "dismiss.1s", end: "dismissed")
        record.noteDiagnostics(of: stage)
        return record
    }

    /// Push B (cube, not interactive), pop B by dragging 130 points right (finishes), push C,
    /// then drag C 70 points (35 %), hold, and let go (cancels). The same interaction
    /// controller drives both pops.
    public static func cubeNavigation() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: size.width, height: size.height)
        defer { stage.release() }
        var record = ScenarioRecord(name: "seed002-cube")
        let items = ItemsTableViewController()
        let navigationController = NavigationController(rootViewController: items)
        stage.window.rootViewController = navigationController
        try record.capture("start", on: stage)

        navigationController.pushViewController(ItemDetailViewController(name: "detailB"), animated: true)
        try record.playTransition(1.5, on: stage, middle: "push.0.75s", end: "pushed")

        try drag(on: stage, record: &record, prefix: "pop1", distance: 130)
        try stage.play(1.5 + stage.frameStep)
        try record.capture("popped", on: stage)

        navigationController.pushViewController(ItemDetailViewController(name: "detailC"), animated: true)
        try stage.play(1.5 + stage.frameStep)
        try record.capture("pushed.again", on: stage)

        try drag(on: stage, record: &record, prefix: "pop2", distance: 70)
        try stage.play(1.5 + stage.frameStep)
        try record.capture("cancelled", on: stage)
        record.notes.append("top \(navigationController.topViewController?.name ?? "none")")

        // Past 200 points (update(1)), held, then back to 60 points and let go: a cancel.
        try drag(on: stage, record: &record, prefix: "pop3", distance: 220, backTo: 60)
        try stage.play(1.5 + stage.frameStep)
        try record.capture("cancelled.after.100%", on: stage)
        record.notes.append("top after pop3 \(navigationController.topViewController?.name ?? "none")")
        record.noteDiagnostics(of: stage)
        return record
    }

    /// A horizontal drag from x = 40 in 10-point steps, one per frame; captures "<prefix>.35%"
    /// at 70 points, holds the finger still for a second ("<prefix>.held"), optionally drags
    /// back to `backTo` points ("<prefix>.back"), then releases.
    private static func drag(on stage: HeadlessStage, record: inout ScenarioRecord, prefix: String, distance: Int, backTo: Int? = nil) throws {
        let y = Double(size.height / 2)
        stage.press(at: Point(x: 40, y: y))
        for step in stride(from: 10, through: distance, by: 10) {
            try stage.move(to: Point(x: 40 + Double(step), y: y))
            if step == 70 { try record.capture("\(prefix).35%", on: stage) }
        }
        try stage.play(1.0)
        try record.capture("\(prefix).held", on: stage)
        record.notes.append("\(prefix) held: transition running \(stage.window.rootViewController?.transitionCoordinator != nil)")
        var end = distance
        if let backTo {
            for step in stride(from: distance - 10, through: backTo, by: -10) {
                try stage.move(to: Point(x: 40 + Double(step), y: y))
            }
            end = backTo
            try record.capture("\(prefix).back", on: stage)
        }
        stage.lift(at: Point(x: 40 + Double(end), y: y))
    }
}
