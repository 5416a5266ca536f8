import SegueTiming
import SegueUIKit
import SegueTransitions
import Testing
import SegueTesting

/// The scenarios `segue play` drives from a window, without GL: the gestures' phases and
/// outcomes under synthetic pans, and the dimming presentation's layout in a landscape window.
@MainActor
@Suite("Scenario gestures and layouts", .tags(.pure))
struct ScenarioGestureTests {
    struct Scene {
        let window: Window
        let from: ViewController
        let to: ViewController
        let interaction: any ScenarioInteraction
        let dispatcher: PointerDispatcher
    }

    static func prepare(_ name: String, width: Double = 320, height: Double = 180) throws -> Scene {
        let window = Window(size: Size(width: width, height: height))
        let from = ViewController(name: "from"), to = ViewController(name: "to")
        window.rootViewController = from
        let gesture = try #require(TransitionCatalog.builtIn.entry(named: name)?.scenario?.gesture)
        let interaction = gesture.prepare(window, from, to)
        let dispatcher = PointerDispatcher(root: window.rootView)
        let pan = PanGestureRecognizer(minimumDistance: 1) { pan in interaction.handle(pan, in: window.rootView) }
        dispatcher.add(pan, to: window.rootView)
        return Scene(window: window, from: from, to: to, interaction: interaction, dispatcher: dispatcher)
    }

    /// Presses at `x`, moves by `dx` in 10 steps of 1/60 s, rests `rest` seconds, releases, and
    /// lets the rest of the transition play.
    static func drag(_ scene: Scene, from x: Double, by dx: Double, rest: Double = 0.3, starts: Bool = true) {
        var time = 0.0
        let y = 90.0
        scene.dispatcher.pointerDown(at: Point(x: x, y: y), time: time)
        for step in 1...10 {
            time += 1.0 / 60
            scene.dispatcher.pointerMoved(to: Point(x: x + dx * Double(step) / 10, y: y), time: time)
            scene.window.animationEngine.advance(to: time)
        }
        #expect(scene.interaction.phase == (starts ? .running : .idle))
        time += rest
        scene.window.animationEngine.advance(to: time)
        scene.dispatcher.pointerUp(at: Point(x: x + dx, y: y), time: time)
        for _ in 0..<300 {
            time += 1.0 / 60
            scene.window.animationEngine.advance(to: time)
        }
    }

    @Test(arguments: [(80.0, ScenarioInteractionPhase.cancelled), (120.0, .finished)])
    func cubePopFinishesPastHalfOf200Points(distance: Double, outcome: ScenarioInteractionPhase) throws {
        let scene = try Self.prepare("cube-pop")
        #expect(scene.interaction.phase == .idle)
        Self.drag(scene, from: 60, by: distance)
        #expect(scene.interaction.phase == outcome)
        let navigation = try #require(scene.window.rootViewController as? NavigationController)
        #expect(navigation.topViewController === (outcome == .finished ? scene.from : scene.to))
        #expect(scene.window.diagnostics.messages.isEmpty, "\(scene.window.diagnostics.messages)")
    }

    /// `percentComplete` is where the scene is: the gesture's percent while it drives (cube
    /// pop: translation.x / 200), then the settle after the release frame by frame, never
    /// standing at the release value; the end reached once done; 0 before anything started.
    @Test(arguments: [(80.0, 0.0), (120.0, 1.0)])
    func percentCompleteFollowsTheDragAndTheSettle(distance: Double, end: Double) throws {
        let scene = try Self.prepare("cube-pop")
        #expect(scene.interaction.percentComplete == 0)
        var time = 0.0
        scene.dispatcher.pointerDown(at: Point(x: 60, y: 90), time: time)
        for step in 1...10 {
            time += 1.0 / 60
            scene.dispatcher.pointerMoved(to: Point(x: 60 + distance * Double(step) / 10, y: 90), time: time)
            scene.window.animationEngine.advance(to: time)
        }
        #expect(abs(scene.interaction.percentComplete - distance / 200) < 1e-9)
        time += 0.3
        scene.window.animationEngine.advance(to: time)
        scene.dispatcher.pointerUp(at: Point(x: 60 + distance, y: 90), time: time)
        var settle: [Double] = []
        for _ in 0..<120 where scene.interaction.phase == .running {
            time += 1.0 / 60
            scene.window.animationEngine.advance(to: time)
            settle.append(scene.interaction.percentComplete)
        }
        let between = settle.filter { $0 > 0.05 && $0 < 0.95 && abs($0 - distance / 200) > 0.05 }
        #expect(!between.isEmpty, "the percent moved during the settle: \(settle)")
        let ordered = end == 0 ? zip(settle, settle.dropFirst()).allSatisfy { $0.1 <= $0.0 + 1e-9 }
            : zip(settle, settle.dropFirst()).allSatisfy { $0.1 >= $0.0 - 1e-9 }
        #expect(ordered, "towards \(end) only: \(settle)")
        #expect(scene.interaction.percentComplete == end)
    }

    @Test func zoomPushStartsOnlyOnTheRightHalfAndFinishesWhenMovingLeft() throws {
        let left = try Self.prepare("zoom-push")
        Self.drag(left, from: 100, by: -60, starts: false)
        #expect(left.interaction.phase == .idle, "a pan on the left half starts nothing")

        let flick = try Self.prepare("zoom-push")
        Self.drag(flick, from: 300, by: -60, rest: 0)
        #expect(flick.interaction.phase == .finished, "released while moving left")

        let still = try Self.prepare("zoom-push")
        Self.drag(still, from: 300, by: -100, rest: 0.5)
        #expect(still.interaction.phase == .cancelled, "at rest (velocity 0, not negative): cancelled")
    }

    @Test func dimmingPresentationKeepsThePicturesAspectInALandscapeWindow() throws {
        let window = Window(size: Size(width: 960, height: 540))
        let from = ViewController(name: "from"), to = ViewController(name: "to")
        window.rootViewController = from
        let scenario = try #require(TransitionScenario.named("dimming-presentation"))
        scenario.start(window, from, to)
        window.animationEngine.advance(to: 1)
        window.animationEngine.advance(to: 2)
        let frame = to.view.frame
        #expect(abs(frame.width / frame.height - 960.0 / 540) < 1e-9, "\(frame)")
        #expect(abs(frame.midX - 480) < 1e-9 && abs(frame.midY - 270) < 1e-9, "centred: \(frame)")
        #expect(abs(frame.width - 960 * (1 - 100.0 / 320)) < 1e-9, "the seed's side margin, 50 of 320 each side")
    }
}
