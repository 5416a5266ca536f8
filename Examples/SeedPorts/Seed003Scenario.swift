import SegueImage
import SegueHeadless
import SegueUIKit
import SegueStage

/// Seed 003 on a 160×240 window: the GPU pixel-dissolve push played by its display link, then
/// pushed again interactively by a pan (finish), and the zoom animator pushed by a pan with a
/// fresh percent-driven interaction controller, then cancelled.
@MainActor
public enum Seed003 {
    public static func gpuAndZoom() throws -> ScenarioRecord {
        let stage = try HeadlessStage(width: 160, height: 240)
        defer { stage.release() }
        var record = ScenarioRecord(name: "seed003-gpu-zoom")
        let list = ObjcioListViewController()
        let navigation = NavigationController(rootViewController: list)
        stage.window.rootViewController = navigation
        let gpu = GPUImageAnimator()
        list.navigationControllerDelegate.animator = gpu
        list.useGPUAnimator = true
        try record.capture("start", on: stage)

        // The display link drives the dissolve over 1 s.
        list.performPushSegue()
        try record.capture("gpu.0", on: stage)
        try stage.play(0.5)
        try record.capture("gpu.0.5s", on: stage)
        try stage.play(0.5 + 2 * stage.frameStep)
        try record.capture("gpu.end", on: stage)
        navigation.popViewController(animated: false)

        // A pan from the right half pushes interactively: 80 points left is 50 %.
        try pan(stage, from: 120, by: [-10, -20, -30, -40, -50, -60, -70, -80])
        try record.capture("gpu.pan.50%", on: stage)
        stage.lift(at: Point(x: 40, y: 120))  // moving left: finish
        try stage.play(0.5 + 2 * stage.frameStep)
        try record.capture("gpu.pan.end", on: stage)
        record.notes.append("top after gpu pan \(navigation.topViewController?.name ?? "none")")
        navigation.popViewController(animated: false)

        // The zoom animator with a fresh UIPercentDrivenInteractiveTransition per pan.
        list.useGPUAnimator = false
        list.navigationControllerDelegate.animator = Animator()
        try pan(stage, from: 120, by: [-10, -20, -30, -40, -50, -60, -70, -80])
        try record.capture("zoom.pan.50%", on: stage)
        try pan(stage, continuing: true, from: 120, by: [-70, -60, -50, -40, -30, -20, -10])  // back right: cancel
        stage.lift(at: Point(x: 110, y: 120))
        try stage.play(0.25 + 2 * stage.frameStep)
        try record.capture("zoom.cancelled", on: stage)
        record.notes.append("top after zoom pan \(navigation.topViewController?.name ?? "none")")
        record.noteDiagnostics(of: stage)
        return record
    }

    /// Moves the pointer (pressed at `from`, unless continuing) by each offset, one per frame.
    private static func pan(_ stage: HeadlessStage, continuing: Bool = false, from x: Double, by offsets: [Double]) throws {
        if !continuing { stage.press(at: Point(x: x, y: 120)) }
        for offset in offsets { try stage.move(to: Point(x: x + offset, y: 120)) }
    }
}
