import Foundation
import SegueAnimation
import SegueGL
import SegueImage
import SeguePlatform
import SegueScene
import SegueTransitions

/// Plays a built-in view-controller transition in a window, over and over; a horizontal drag
/// scrubs it (pointer x = progress). Time is an input: the scene's state at a time is what
/// the scenario gives when started at 0 and advanced to that time, so scrubbing backwards
/// rebuilds the scene and advances it once, deterministically. GLFW pointer events reach a
/// `PanGestureRecognizer` through a `PointerDispatcher`.
@MainActor
struct ScenarioPlayer {
    let scenario: TransitionScenario
    let fromImage: RGBAImage
    let toImage: RGBAImage
    let window: GLFWWindowContext
    let device: GLDevice
    let trace: (String) -> Void

    private final class Scene {
        let window: Window
        init(window: Window) { self.window = window }
    }

    func run(closeAfter seconds: Double?) throws {
        let compositor = try Compositor(device: device)
        defer { compositor.release() }
        let drawable = window.drawableSize ?? (fromImage.width, fromImage.height)
        let target = DefaultFramebufferTarget(width: drawable.width, height: drawable.height)
        let size = Size(width: Double(drawable.width), height: Double(drawable.height))

        var scene = makeScene(size: size, compositor: compositor)
        var sceneTime = 0.0
        var scrubbing = false
        // The recognizer lives on a view of its own that outlives scene rebuilds.
        let input = View(frame: Rect(origin: .zero, size: size), name: "input")
        let dispatcher = PointerDispatcher(root: input)
        let pan = PanGestureRecognizer(minimumDistance: 1) { pan in
            switch pan.state {
            case .began, .changed:
                scrubbing = true
                let progress = min(max(pan.location(in: nil).x / size.width, 0), 1)
                let time = progress * scenario.duration
                if time < AnimationEngine.main.now { scene = makeScene(size: size, compositor: compositor) }
                sceneTime = time
                trace("scrub \(progress)")
            case .ended, .cancelled:
                scrubbing = false
                trace("resume \(sceneTime / scenario.duration)")
            default:
                break
            }
        }
        dispatcher.add(pan, to: input)

        let clock = RealClock()
        var last = clock.now
        while !window.shouldClose {
            let now = clock.now
            for event in window.pollEvents() {
                let point = Point(x: event.x, y: event.y)
                switch event.kind {
                case .down: dispatcher.pointerDown(at: point, time: now)
                case .moved: dispatcher.pointerMoved(to: point, time: now)
                case .up: dispatcher.pointerUp(at: point, time: now)
                }
            }
            if !scrubbing {
                sceneTime += now - last
                // Hold the end for a moment, then start over.
                if sceneTime > scenario.duration + 0.75 {
                    scene = makeScene(size: size, compositor: compositor)
                    sceneTime = 0
                }
            }
            last = now
            try scene.window.renderFrame(at: sceneTime, compositor: compositor, into: target)
            try window.present()
            if let seconds, now >= seconds { break }
        }
    }

    /// A fresh scene at time 0 with the transition started.
    private func makeScene(size: Size, compositor: Compositor) -> Scene {
        AnimationEngine.main.reset(to: 0)
        TransitionDiagnostics.shared.clear()
        TransitionScenario.releaseRetainedObjects()
        let window = Window(size: size)
        window.attach(compositor)
        let from = ViewController(name: "from")
        from.view.content = .image(fromImage)
        let to = ViewController(name: "to")
        to.view.content = .image(toImage)
        window.rootViewController = from
        scenario.start(window, from, to)
        return Scene(window: window)
    }
}
