import SegueTiming
import SegueGL
import SegueUIKit
import SegueCompositor
import SegueTransitions

/// Seeded random gestures against each interactive example, in a fresh window per sequence:
/// a press, moves, a release or a cancel, sometimes a resize mid-gesture and a new press while
/// the transition settles. Each sequence must end settled (no transition running after 30 s of
/// clock) with the hierarchy of a finished or a cancelled transition, without an unexpected
/// diagnostic; time domains and animation groups go back to 0 and GL objects stay flat.
/// `segue bench --sections soak` runs 1,000 per example; the tests run a few.
@MainActor
public final class GestureStress {
    /// A sequence's subject: a catalog's scenario with a gesture, or Apple's interruptible photo
    /// zoom (its own pan, grabbed in flight too).
    public struct Example: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        /// The scenario whose gesture is stressed; nil for the photo zoom.
        let scenario: TransitionScenario?

        /// A scenario with a gesture (one without is no example: a soak of it would press nothing).
        public init?(_ scenario: TransitionScenario) {
            guard scenario.gesture != nil else { return nil }
            (name, self.scenario) = (scenario.name, scenario)
        }

        private init(navigationZoom name: String) { (self.name, scenario) = (name, nil) }

        /// Apple's interruptible photo zoom, grabbed by its own pan.
        public static let photoZoom = Example(navigationZoom: "photo-zoom")
        /// iOS 18's zoom (`preferredTransition = .zoom`): a grid cell's detail, dragged down or
        /// pinched (three in ten presses are two fingers) to dismiss.
        public static let preferredZoom = Example(navigationZoom: "preferred-zoom")

        /// Every interactive scenario of `catalog`, then the photo zoom.
        public static func all(in catalog: TransitionCatalog) -> [Example] {
            // preferred-zoom's scenario gesture is stressed as the grid's zoom below, on its own drag.
            catalog.interactive.compactMap { $0.scenario.flatMap(Example.init) }.filter { $0 != .preferredZoom }
                + [.photoZoom, .preferredZoom]
        }

        /// The built-ins' examples.
        public static var allCases: [Example] { all(in: .builtIn) }

        var gesture: ScenarioGesture? { scenario?.gesture }
        public var description: String { name }
        public static func == (a: Example, b: Example) -> Bool { a.name == b.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    public struct Report: Codable, Sendable {
        public let example: String
        public let sequences: Int
        /// Sequences per end state: finished, cancelled, untouched (no gesture started one).
        public let outcomes: [String: Int]
        public let stuck: Int
        /// Sequences whose settled hierarchy was neither the finished nor the cancelled one.
        public let wrongHierarchy: Int
        /// The first few unexpected diagnostics (and how many there were).
        public let unexpectedDiagnostics: [String]
        public let unexpectedDiagnosticCount: Int
        /// Live GL objects after the warm-up sequences, half-way and at the end (each measured
        /// after a frame that freed the textures of the torn-down window). Flat: the second half
        /// adds nothing.
        public let glObjectsAfterWarmup: Int
        public let glObjectsHalfway: Int
        public let glObjectsAtEnd: Int
        /// The most targets the device's pool held between sequences (untrimmed).
        public let maxPoolTargets: Int
        /// Programs in the device's cache half-way and at the end: an effect variant met for the
        /// first time compiles once and stays cached (two GL objects), which is not growth.
        public let cachedProgramsHalfway: Int
        public let cachedProgramsAtEnd: Int

        /// No GL object appeared in the second half beyond newly cached programs.
        public var glObjectsFlat: Bool {
            glObjectsAtEnd - glObjectsHalfway <= 2 * max(0, cachedProgramsAtEnd - cachedProgramsHalfway)
        }
        public let maxTimeDomainsSettled: Int
        public let maxAnimationGroupsSettled: Int

        public var isClean: Bool {
            stuck == 0 && wrongHierarchy == 0 && unexpectedDiagnosticCount == 0 && glObjectsFlat
                && maxTimeDomainsSettled == 0 && maxAnimationGroupsSettled == 0
        }
    }

    /// Reports that are the documented answer to a repeated request, not faults: a second press
    /// asks for a transition while one runs (dropped or queued), or for one already made (already
    /// presenting, already in the stack, nothing to pop), and its release then finishes or
    /// cancels an interaction that has nothing in progress (ignored, reported).
    static let expectedDiagnostics = [
        "while a presentation is in progress", "is already presenting", "was requested while another transition runs",
        "already in", "with no interactive transition in progress; ignored",
    ]
    /// Sequences run before the GL object count is taken as the reference (pools and caches fill).
    static let warmup = 5

    private let device: GLDevice
    private let compositor: Compositor
    private let target: OffscreenTarget
    private let clock = VirtualClock(step: 1.0 / 60)
    private let idleRoot = View(frame: Rect(origin: .zero, size: GestureStress.size), name: "idle")
    static let size = Size(width: 160, height: 120)

    public init(device: GLDevice) throws(GLError) {
        self.device = device
        compositor = try Compositor(device: device)
        target = try device.makeOffscreenTarget(width: Int(Self.size.width), height: Int(Self.size.height), stencil: true)
    }

    /// Releases the GL objects it made (before the device).
    public func release() {
        compositor.release()
        target.release()
    }

    public func run(_ example: Example, sequences: Int, seed: UInt64) throws -> Report {
        var random = SplitMix64(seed: seed)
        var outcomes: [String: Int] = [:]
        var stuck = 0, wrong = 0, unexpected: [String] = [], unexpectedCount = 0
        var glAfterWarmup = 0, glHalfway = 0, programsHalfway = 0, maxDomains = 0, maxGroups = 0, maxPoolTargets = 0
        for index in 0..<sequences {
            // Each sequence has a window of its own: its diagnostics hold this sequence's reports.
            let scene = prepare(example)
            try sequence(scene, &random)
            let settled = try settle(scene)
            if !settled { stuck += 1 }
            let phase = scene.phase()
            outcomes[phase.label, default: 0] += 1
            if !scene.isClean(phase) { wrong += 1 }
            let fresh = scene.window.diagnostics.messages
            for message in fresh where !Self.expectedDiagnostics.contains(where: { message.contains($0) }) {
                unexpectedCount += 1
                if unexpected.count < 5 { unexpected.append("\(example.name) #\(index): \(message)") }
            }
            maxDomains = max(maxDomains, scene.window.animationEngine.timeDomainCount)
            maxGroups = max(maxGroups, scene.window.animationEngine.animationGroupCount)
            scene.tearDown()
            TransitionScenario.releaseRetainedObjects(in: scene.window)
            currentWindow = nil
            // A frame of an empty view: the compositor frees the textures of views that died.
            try compositor.render(idleRoot, into: target)
            device.finish()
            maxPoolTargets = max(maxPoolTargets, device.targetPool.targetCount)
            // At the sample points the pool's idle intermediates go first: it keeps one per size
            // in use, and windows here change size; what is left is what is held.
            if index == min(Self.warmup, sequences) - 1 {
                device.targetPool.trim()
                glAfterWarmup = device.liveObjects
            }
            if index == sequences / 2 {
                device.targetPool.trim()
                glHalfway = device.liveObjects
                programsHalfway = device.cachedProgramCount
            }
        }
        device.targetPool.trim()
        return Report(
            example: example.name, sequences: sequences, outcomes: outcomes, stuck: stuck, wrongHierarchy: wrong,
            unexpectedDiagnostics: unexpected, unexpectedDiagnosticCount: unexpectedCount, glObjectsAfterWarmup: glAfterWarmup,
            glObjectsHalfway: glHalfway, glObjectsAtEnd: device.liveObjects, maxPoolTargets: maxPoolTargets,
            cachedProgramsHalfway: programsHalfway, cachedProgramsAtEnd: device.cachedProgramCount, maxTimeDomainsSettled: maxDomains, maxAnimationGroupsSettled: maxGroups)
    }

    // MARK: Sequences

    private func sequence(_ scene: StressScene, _ random: inout SplitMix64) throws {
        let window = scene.window
        let (w, h) = (window.rootView.bounds.width, window.rootView.bounds.height)
        // The photo zoom can be grabbed in flight: half its sequences start with a running push or pop.
        if let start = scene.startTransition, random.chance(0.5) {
            start()
            try frames(random.int(0...20))
        }
        try gesture(scene, &random, width: w, height: h, resize: true)
        try frames(random.int(0...20))
        // A new press while the transition settles.
        if random.chance(0.35) { try gesture(scene, &random, width: w, height: h, resize: false) }
    }

    private func gesture(_ scene: StressScene, _ random: inout SplitMix64, width: Double, height: Double, resize: Bool) throws {
        // iOS 18's zoom is dismissed by a pinch too: some of its presses are two fingers.
        if scene.example == .preferredZoom, random.chance(0.3) { return try pinch(scene, &random, width: width, height: height) }
        var point = Point(x: random.double(0...width), y: random.double(0...height))
        let gesture = scene.example.gesture
        // Most presses where the gesture begins its transition.
        if let region = gesture?.pressRegion, region != 0...1, random.chance(0.7) {
            point.x = random.double(width * region.lowerBound...width * region.upperBound)
        }
        scene.window.pointerDown(at: point, time: clock.now)
        let direction = gesture?.direction ?? 1
        for _ in 0..<random.int(1...12) {
            point.x += random.double(-15...40) * direction
            let vertical = scene.example == .photoZoom || scene.example == .preferredZoom
            point.y += random.double(-20...20) * (vertical ? -2 : 1) * (random.chance(0.5) ? -1 : 1)
            try frames(1)
            scene.window.pointerMoved(to: point, time: clock.now)
            if resize, random.chance(0.08) {
                let size = Size(width: random.double(80...240), height: random.double(60...180))
                scene.window.resize(to: size, duration: random.chance(0.5) ? 0 : 0.2)
            }
        }
        try frames(random.int(0...6))
        if random.chance(0.25) {
            scene.window.pointerCancelled(time: clock.now)
        } else {
            scene.window.pointerUp(at: point, time: clock.now)
        }
    }

    /// Two fingers down around a random point, moved together (mostly) or apart and about, then
    /// lifted or cancelled.
    private func pinch(_ scene: StressScene, _ random: inout SplitMix64, width: Double, height: Double) throws {
        let window = scene.window
        var center = Point(x: random.double(0...width), y: random.double(0...height))
        var distance = random.double(20...max(20, width))
        func fingers() -> (Point, Point) {
            (Point(x: center.x - distance / 2, y: center.y), Point(x: center.x + distance / 2, y: center.y))
        }
        let down = fingers()
        window.pinchDown(at: down.0, down.1, time: clock.now)
        for _ in 0..<random.int(1...12) {
            distance = max(2, distance + random.double(-30...12))
            center.y += random.double(-10...10)
            try frames(1)
            let moved = fingers()
            window.pinchMoved(to: moved.0, moved.1, time: clock.now)
        }
        try frames(random.int(0...6))
        if random.chance(0.25) { window.pointerCancelled(time: clock.now) } else { window.pinchUp(time: clock.now) }
    }

    private func frames(_ count: Int) throws {
        for _ in 0..<count { try render() }
    }

    private var currentWindow: Window?

    private func render() throws {
        let time = clock.tick()
        guard let window = currentWindow else { return }
        try window.renderFrame(at: time, compositor: compositor, into: target)
    }

    /// Renders until nothing runs (at most 30 s of clock), then one more frame.
    private func settle(_ scene: StressScene) throws -> Bool {
        let limit = clock.now + 30
        repeat { try render() } while scene.isBusy && clock.now < limit
        try render()
        return !scene.isBusy
    }

    private func prepare(_ example: Example) -> StressScene {
        let scene = StressScene(example: example, size: Self.size, startTime: clock.now)
        currentWindow = scene.window
        scene.window.attach(compositor)
        return scene
    }
}

extension ScenarioInteractionPhase {
    var label: String {
        switch self {
        case .idle: "untouched"
        case .running: "running"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }
}
