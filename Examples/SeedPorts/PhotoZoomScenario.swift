import SeedPalette
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTransitions

/// Apple's interruptible photo zoom on a 160×240 window: a push grabbed mid-flight, held,
/// dragged down and released (it goes back to the grid), then a push left to finish and an
/// interactive pop dragged past half-way and released (it finishes).
@MainActor
public enum PhotoZoom {
    /// Where the moving photo is (its frame in the window), for the checks.
    static func note(_ label: String, _ delegate: PhotoZoomNavigationDelegate, into record: inout ScenarioRecord) {
        guard let image = delegate.transitionController.driver?.transitionImageView else {
            return record.notes.append("\(label) no transition")
        }
        // Anchor point at the centre, no transform: the frame is the centre ± half the size.
        let p = image.presentation
        let (w, h) = (p.bounds.size.width, p.bounds.size.height)
        record.notes.append("\(label) photo \(p.center.x - w / 2) \(p.center.y - h / 2) \(w) \(h)")
    }

    public static func interruptible() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: 160, height: 240)
        defer { stage.release() }
        var record = ScenarioRecord(name: "photo-zoom-interruptible")
        let grid = PhotoGridViewController(name: "grid", background: Palette.items)
        let navigation = NavigationController(rootViewController: grid)
        stage.window.rootViewController = navigation
        let delegate = PhotoZoomNavigationDelegate(navigation: navigation)
        navigation.delegate = delegate
        try record.capture("grid", on: stage)

        // A tap's push, grabbed 0.15 s in (the finger lands on the moving photo).
        navigation.pushViewController(PhotoDetailViewController(name: "detail", background: Palette.detail), animated: true)
        try stage.play(0.15)
        note("push.0.15s", delegate, into: &record)
        let finger = Point(x: 60, y: 90)
        stage.press(at: finger)
        try stage.move(to: Point(x: finger.x, y: finger.y + 1))  // the pan begins: the grab
        try record.capture("grab", on: stage)
        note("grab", delegate, into: &record)
        try stage.play(0.3)  // held: nothing moves
        try record.capture("held", on: stage)
        for step in 1...6 { try stage.move(to: Point(x: finger.x, y: finger.y + 1 + Double(step) * 10)) }
        try record.capture("drag", on: stage)
        note("drag", delegate, into: &record)
        try stage.play(0.2)  // a pause before letting go: no fling
        stage.lift(at: Point(x: finger.x, y: finger.y + 61))
        try stage.play(0.6)
        try record.capture("released", on: stage)
        record.notes.append("stack after release \(navigation.viewControllers.map(\.name).joined(separator: ","))")

        // A push that finishes, then an interactive pop dragged down 150 px and released.
        navigation.pushViewController(PhotoDetailViewController(name: "detail", background: Palette.detail), animated: true)
        try stage.play(0.6)
        try record.capture("detail", on: stage)
        stage.press(at: Point(x: 80, y: 60))
        for step in 1...15 { try stage.move(to: Point(x: 80, y: 60 + Double(step) * 10)) }
        try record.capture("pop.drag", on: stage)
        note("pop.drag", delegate, into: &record)
        try stage.play(0.2)
        stage.lift(at: Point(x: 80, y: 210))
        try stage.play(0.6)
        try record.capture("popped", on: stage)
        record.notes.append("stack after pop \(navigation.viewControllers.map(\.name).joined(separator: ","))")
        record.noteDiagnostics(of: stage)
        return record
    }
}
