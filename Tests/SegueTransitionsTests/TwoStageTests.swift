import SegueTiming
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTesting
import SegueTransitions
import Testing

/// Two headless stages (two windows, two GL contexts) in one process, running the same built-in
/// transition at different clocks: each frame is the frame one stage renders alone at that time.
@MainActor
@Suite("Two windows at different clocks in one process (headless GL)", .tags(.gl))
struct TwoStageTests {
    private static let size = (width: 64, height: 48)

    /// A stage showing two sample pictures with `scenario` started at time 0.
    private static func start(_ scenario: TransitionScenario) throws -> HeadlessStage {
        let stage = try HeadlessStage(width: size.width, height: size.height)
        let from = ViewController(name: "from"), to = ViewController(name: "to")
        from.view.content = .image(try SampleImages.from(width: size.width, height: size.height))
        to.view.content = .image(try SampleImages.to(width: size.width, height: size.height))
        stage.window.rootViewController = from
        scenario.start(stage.window, from, to)
        return stage
    }

    /// The frames one stage alone renders at `times`.
    private static func alone(_ scenario: TransitionScenario, at times: [Double]) throws -> [RGBAImage] {
        let stage = try start(scenario)
        defer { stage.release() }
        return try times.map { try stage.snapshot(at: $0) }
    }

    @Test(arguments: ["diagonal-present", "pixel-dissolve-present", "shrink-dismiss"])
    func interleavedStagesRenderWhatEachRendersAlone(name: String) throws {
        let scenario = try #require(TransitionScenario.named(name))
        let d = scenario.duration
        let timesA = [0.25 * d, 0.5 * d, 0.75 * d, d + 0.1]
        let timesB = [0.75 * d, d + 0.1, d + 0.2, d + 0.3]
        let referenceA = try Self.alone(scenario, at: timesA)
        let referenceB = try Self.alone(scenario, at: timesB)
        #expect(RGBAImage.maxDifference(referenceA[0], referenceA[2]) > 0, "the transition moves between the frames compared")

        let a = try Self.start(scenario)
        defer { a.release() }
        let b = try Self.start(scenario)
        defer { b.release() }
        // A at a quarter while B is at three quarters, then A catches up while B ends.
        for index in timesA.indices {
            let frameA = try a.snapshot(at: timesA[index])
            let frameB = try b.snapshot(at: timesB[index])
            #expect(RGBAImage.maxDifference(frameA, referenceA[index]) == 0, "\(name): A at \(timesA[index])")
            #expect(RGBAImage.maxDifference(frameB, referenceB[index]) == 0, "\(name): B at \(timesB[index])")
        }
        #expect(a.window.diagnostics.messages.isEmpty && b.window.diagnostics.messages.isEmpty)
        #expect(!a.window.transitionDriver.isTransitioning && !b.window.transitionDriver.isTransitioning)
    }

    @Test func oneStagesFramesDoNotMoveTheOthersAnimationsOrDisplayLinks() throws {
        let a = try HeadlessStage(width: 16, height: 16)
        defer { a.release() }
        let b = try HeadlessStage(width: 16, height: 16)
        defer { b.release() }
        let card = View(frame: Rect(x: 0, y: 0, width: 16, height: 16), name: "card")
        card.backgroundColor = .white
        a.window.rootView.addSubview(card)
        View.animate(withDuration: 1, options: .curveLinear, animations: { card.alpha = 0 })
        var ticks: [Double] = []
        let link = a.window.animationEngine.addDisplayLink { ticks.append($0) }
        defer { link.invalidate() }
        _ = try b.snapshot(at: 0.5)  // only B's frame matters here, not its picture
        #expect(card.presentation.alpha == 1 && ticks.isEmpty, "B's frame leaves A alone")
        let frame = try a.snapshot(at: 0.5)
        #expect(card.presentation.alpha == 0.5 && ticks == [0.5])
        #expect(abs(Int(frame[8, 8].x) - 128) <= 1, "half faded on A's frame")
    }
}
