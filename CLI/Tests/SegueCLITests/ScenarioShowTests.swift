@testable import SegueCLI
import SeguePlayer
import SegueTiming
import SegueEffects
import SegueGL
import SegueImage
import SegueHeadless
import SegueUIKit
import SegueCompositor
import SegueTransitions
import Testing
import SegueTesting

/// The window's scenario shows, headless (the layout and GPU bookkeeping, not the window): a
/// resize goes through the scene's `Window.resize(to:)` — presentation controllers relayout
/// through `viewWillTransition(to:with:)` and its coordinator — where that gives the picture a
/// show started at the new size gives, and a show left in the middle of a drag frees the GPU
/// objects of the transition it drives.
@MainActor
@Suite("Scenario shows: resize through the window, release mid-drag", .tags(.gl))
struct ScenarioShowTests {
    @MainActor
    final class Rig {
        let context: HeadlessEGLContext
        let device: GLDevice
        let compositor: Compositor
        let from: RGBAImage
        let to: RGBAImage
        var lines: [String] = []

        init() throws {
            context = try HeadlessEGLContext()
            device = try GLDevice(context: context)
            compositor = try Compositor(device: device)
            // Pictures of another aspect than any stage below: they are fitted, not just copied.
            from = try SampleImages.from(width: 300, height: 200)
            to = try SampleImages.to(width: 300, height: 200)
        }

        func show(_ name: String, width: Int, height: Int) throws -> ScenarioShow {
            let scenario = try #require(TransitionScenario.named(name))
            return try ScenarioShow(
                scenario: scenario, device: device, compositor: compositor, from: from, to: to,
                labels: ("from", "to"), resize: .cover, size: (width, height), duration: nil,
                trace: { [unowned self] line in lines.append(line) })
        }

        /// GL objects alive now (textures, framebuffers, programs, ...).
        var liveObjects: Int { device.counters.objectAllocations - device.counters.objectReleases }

        /// Lets the compositor drop the textures of views that are gone, and the device's pool
        /// its idle intermediates (kept for reuse, not leaked).
        func sweep() throws {
            defer { device.targetPool.trim() }
            let target = try device.makeOffscreenTarget(width: 4, height: 4)
            defer { target.release() }
            try compositor.render(View(name: "empty"), into: target, clearColor: .black)
        }

        func release() {
            compositor.release()
            device.release()
            context.release()
        }
    }

    /// The show's stage at `progress` of its timeline (stopped there).
    static func frame(_ show: ScenarioShow, at progress: Double) throws -> RGBAImage {
        show.timeline.loopMode = .once
        try show.draw(advancing: progress * show.timeline.duration)
        if !show.timeline.isPaused && progress < 1 { show.timeline.togglePause() }
        try show.draw(advancing: 0)
        return try show.stage.readImage()
    }

    /// Started at 320x180, resized to 480x200 at `progress`: the picture equals a show started
    /// at 480x200, and the trace says which way it was laid out.
    func resized(_ name: String, at progress: Double, rig: Rig) throws -> (equal: Bool, difference: Int, path: String?) {
        let show = try rig.show(name, width: 320, height: 180)
        _ = try Self.frame(show, at: progress)
        rig.lines.removeAll()
        try show.windowResized(width: 480, height: 200)
        try show.draw(advancing: 0)
        let resized = try show.stage.readImage()
        let path = rig.lines.first { $0.hasPrefix("relayout") }
        show.release()
        let fresh = try rig.show(name, width: 480, height: 200)
        defer { fresh.release() }
        let expected = try Self.frame(fresh, at: progress)
        let difference = RGBAImage.maxDifference(resized, expected)
        return (difference == 0, difference, path)
    }

    /// Issue 9: "lay scenarios out again on resize through the presentation controller's
    /// `viewWillTransition(to:with:)` with a real coordinator". Half-way through the dimming
    /// presentation the fade runs on, while the presentation controller moves the presented
    /// view to its new inset and the dimming view to the new bounds alongside the resize: the
    /// dimming view's frame changes only in that alongside block, so a picture equal to a
    /// presentation started at 480x200 (dimmed everywhere, the inset keeping the aspect) shows
    /// the coordinator's layout ran.
    @Test(arguments: [0.5, 1.0])
    func aResizeDuringTheDimmingPresentationRelayoutsThroughTheCoordinator(progress: Double) throws {
        let rig = try Rig()
        defer { rig.release() }
        let result = try resized("dimming-presentation", at: progress, rig: rig)
        #expect(result.path == "relayout coordinator", "\(rig.lines)")
        #expect(result.equal, "max difference \(result.difference) from a presentation started at the new size")
    }

    /// Every scenario, once its transition is done, is resized through its window (containers
    /// and presentations follow) and shows what a show started at the new size shows — but
    /// drop-down-menu, whose snapshot of the start size stays on screen: it is rebuilt.
    @Test func aFinishedTransitionIsResizedThroughItsWindow() throws {
        let rig = try Rig()
        defer { rig.release() }
        for name in TransitionScenario.all.map(\.name) {
            let result = try resized(name, at: 1, rig: rig)
            let path = name == "drop-down-menu" ? "relayout rebuild" : "relayout coordinator"
            #expect(result.path == path, "\(name): \(rig.lines)")
            #expect(result.equal, "\(name): max difference \(result.difference) from a show started at the new size")
        }
    }

    /// In the middle of a timed transition whose animator computed frames at the start size
    /// (the cube's width), the scene is rebuilt at the new size instead.
    @Test func aRunningTransitionThatCapturedItsGeometryIsRebuilt() throws {
        let rig = try Rig()
        defer { rig.release() }
        let result = try resized("cube-push", at: 0.5, rig: rig)
        #expect(result.path == "relayout rebuild", "\(rig.lines)")
        #expect(result.equal, "max difference \(result.difference)")
    }

    /// N/P (or quitting) in the middle of an unreleased pixel-dissolve-present drag: the drag is
    /// cancelled and the transition settles, so its effect, output target and snapshots go.
    @Test func switchingAwayInTheMiddleOfADissolveDragFreesItsGPUObjects() throws {
        let rig = try Rig()
        defer { rig.release() }
        func drag(_ show: ScenarioShow) throws {
            try show.draw(advancing: 0)
            show.pointer(.down, at: Point(x: 10, y: 90), time: 0)
            show.pointer(.moved, at: Point(x: 12, y: 90), time: 0.05)
            show.pointer(.moved, at: Point(x: 150, y: 90), time: 0.1)
            try show.draw(advancing: 1.0 / 60)
            #expect(show.isInteracting)
            #expect(rig.lines.contains { $0.hasPrefix("pan 140.0 ") }, "\(rig.lines)")
        }
        // A first drag, released, compiles and caches what any dissolve needs.
        let first = try rig.show("pixel-dissolve-present", width: 320, height: 180)
        try drag(first)
        first.pointer(.up, at: Point(x: 150, y: 90), time: 0.15)
        for _ in 0..<120 { try first.draw(advancing: 1.0 / 60) }
        #expect(rig.lines.contains { $0.hasPrefix("settled") }, "\(rig.lines)")
        first.release()
        try rig.sweep()
        let baseline = rig.liveObjects

        rig.lines.removeAll()
        let second = try rig.show("pixel-dissolve-present", width: 320, height: 180)
        try drag(second)
        #expect(rig.liveObjects > baseline + 2, "the running dissolve holds its effect, target and snapshots")
        second.release()  // the pointer is still down
        try rig.sweep()
        #expect(rig.liveObjects == baseline, "GL objects left: \(rig.liveObjects - baseline)")
        #expect(first.reportedProblems.isEmpty && second.reportedProblems.isEmpty, "\(second.reportedProblems)")
    }

    /// Playing backwards rebuilds the scene every frame (the scene at a progress is the scenario
    /// started at 0 and advanced to it); the screens are the show's own textures, so a rebuild
    /// uploads nothing. pixel-dissolve-present is left out: its animator makes its effect, target
    /// and snapshots whenever its transition starts, so each rebuild draws those again (render
    /// to texture, not uploads, but not the steady state this checks either).
    @Test func reversePlaybackUploadsNothing() throws {
        let rig = try Rig()
        defer { rig.release() }
        for name in TransitionScenario.all.map(\.name) where name != "pixel-dissolve-present" {
            let show = try rig.show(name, width: 320, height: 180)
            defer { show.release() }
            try show.draw(advancing: 0.8 * show.timeline.duration)
            show.timeline.reverse()
            // The first frames back compile and cache what the scene needs.
            for _ in 0..<3 { try show.draw(advancing: 1.0 / 60) }
            let before = rig.device.counters
            let start = show.timeline.progress
            for _ in 0..<10 { try show.draw(advancing: 1.0 / 60) }
            #expect(show.timeline.progress < start, "\(name) played backwards")
            let uploads = rig.device.counters.since(before).textureUploads
            #expect(uploads == 0, "\(name): \(uploads) texture uploads in 10 frames backwards")
        }
    }

    /// The overlay shows how far a gesture took the transition (cube pop: translation.x / 200),
    /// not the timeline, which stands where it was while the gesture drives the scene.
    @Test func aGestureShowsItsOwnProgress() throws {
        let rig = try Rig()
        defer { rig.release() }
        let show = try rig.show("cube-pop", width: 320, height: 180)
        defer { show.release() }
        try show.draw(advancing: 0)
        #expect(show.shownProgress == show.timeline.progress)
        show.pointer(.down, at: Point(x: 40, y: 90), time: 0)
        show.pointer(.moved, at: Point(x: 42, y: 90), time: 0.05)
        show.pointer(.moved, at: Point(x: 160, y: 90), time: 0.1)
        try show.draw(advancing: 0)
        #expect(rig.lines.contains { $0.hasPrefix("pan 120.0 ") }, "\(rig.lines)")
        #expect(abs(show.shownProgress - 0.6) < 1e-9, "120 of 200 px: \(show.shownProgress)")
        #expect(show.timeline.progress == 0)
        show.pointer(.up, at: Point(x: 160, y: 90), time: 0.6)
        for _ in 0..<120 { try show.draw(advancing: 1.0 / 60) }
        #expect(rig.lines.contains("settled finish"), "\(rig.lines)")
        #expect(show.shownProgress == show.timeline.progress)
    }
}
