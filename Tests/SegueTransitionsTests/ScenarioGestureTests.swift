import SegueAnimation
import SegueScene
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
        let gesture = try #require(TransitionScenario.gesture(named: name))
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
