import SeedPalette
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage

/// A plain controller filling the window with one colour (the presenters of these scenarios,
/// seed 004's children).
@MainActor
class ColourViewController: ViewController {
    let colour: Color
    init(name: String, colour: Color) {
        self.colour = colour
        super.init(name: name)
    }
    override func loadView() {
        view = .seedScreen(name: "\(name).view", colour: colour)
    }
}

/// Seed 001 (presentation controller, dimming view, rotation) and Apple's listings 10-1…10-4.
@MainActor
public enum PresentationPorts {
    /// Seed 001 on a 440×600 window: present the message (1 s, listing 10-2's diagonal), turn
    /// the window to 600×440 (what a rotation is here), dismiss. Notes: "size W×H" per size
    /// change the presentation controller heard, and the dimming view's frame after it.
    public static func dimming() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: 440, height: 600)
        defer { stage.release() }
        var record = ScenarioRecord(name: "seed001-dimming")
        let home = ColourViewController(name: "home", colour: Palette.items)
        stage.window.rootViewController = home
        let message = MessageViewController()
        home.present(message, animated: true)
        try record.capture("present.0", on: stage)
        try record.playTransition(1, on: stage, middle: "present.0.5s", end: "presented")

        stage.window.resize(to: Size(width: 600, height: 440))
        try stage.play(1.0)
        try record.capture("rotated", on: stage)
        if let controller = message.presentationControllerForTests {
            for size in controller.sizeChanges {
                record.notes.append("size \(Int(size.width))x\(Int(size.height))")
            }
            record.notes.append("dimming frame \(controller.dismissView.frame)")
        }
        stage.window.resize(to: Size(width: 440, height: 600))
        try stage.play(1.0)

        message.dismiss(animated: true)
        try record.playTransition(1, on: stage, middle: "dismiss.0.5s", end: "dismissed")
        record.noteDiagnostics(of: stage)
        return record
    }

    /// Listings 10-1…10-4 on a 160×240 window: a custom-style presentation with the diagonal
    /// animator, then an interactive dismissal driven by a pan on the container: dragged down
    /// half the height, then past the bottom (update(1)) and held for a second, then released.
    public static func appleListings() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: 160, height: 240)
        defer { stage.release() }
        var record = ScenarioRecord(name: "apple-listings")
        let home = ColourViewController(name: "home", colour: Palette.items)
        stage.window.rootViewController = home
        let modal = ColourViewController(name: "modal", colour: Palette.message)
        let delegate = MyTransitioningDelegate()
        modal.modalPresentationStyle = .custom
        modal.transitioningDelegate = delegate
        home.present(modal, animated: true)
        try record.playTransition(1, on: stage, middle: "present.0.5s", end: "presented")

        delegate.interactive = true
        modal.dismiss(animated: true)
        // 12 points a frame: the first move begins the pan (its translation is reset there),
        // then each move adds 5 % of the 240-point container.
        stage.press(at: Point(x: 80, y: 60))
        for step in 1...11 { try stage.move(to: Point(x: 80, y: 60 + 12 * Double(step))) }
        try record.capture("dismiss.50%", on: stage)
        for step in 12...35 { try stage.move(to: Point(x: 80, y: 60 + 12 * Double(step))) }
        try stage.play(1.0)
        try record.capture("dismiss.100%.held", on: stage)
        record.notes.append("presented while held: \(home.presentedViewController != nil)")
        record.notes.append("percent while held: \(delegate.interactionController.percentComplete)")
        stage.lift(at: Point(x: 80, y: 60 + 12 * 35))
        try stage.play(2 * stage.frameStep)
        try record.capture("dismissed", on: stage)
        record.notes.append("presented after release: \(home.presentedViewController != nil)")
        record.notes.append("recognizers on the container: \(delegate.interactionController.panGesture.view == nil ? 0 : 1)")
        record.noteDiagnostics(of: stage)
        return record
    }
}

extension MessageViewController {
    /// The presentation controller the seed's delegate made (kept by the driver while shown).
    var presentationControllerForTests: CustomPresentationController? { madePresentationController }
}
