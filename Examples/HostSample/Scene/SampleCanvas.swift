import SegueUIKit

/// The hosted sample's scene: a coloured box over a dark background. A pan on the box moves it;
/// the arrow keys move it by 10 points (50 with Shift); C changes its colour, R puts it back in
/// the middle; A fades it to half (or back) over a second; T changes its colour from a task
/// (0.3 s later, on the main actor); the scroll wheel moves it up and down
/// (10 points a step); every typed character
/// adds a small mark along the top. Taps, double taps and long presses on the background are
/// only reported. Its state (`offset`, `colorIndex`, `typedText`) is all a
/// frame shows, so a test can build the same frame headlessly from the trace.
public final class SampleCanvas: View, GestureRecognizerDelegate {
    public static let boxSize = 120.0
    public static let markSize = 8.0
    public static let background = Color(red: 0.12, green: 0.14, blue: 0.2)
    public static let colors = [
        Color(red: 0.95, green: 0.55, blue: 0.1), Color(red: 0.2, green: 0.7, blue: 0.35), Color(red: 0.3, green: 0.45, blue: 0.95),
    ]

    public let box = View(name: "box")
    /// The box's centre relative to the canvas's centre, in points.
    public var offset = Point(x: 0, y: 0) { didSet { setNeedsLayout() } }
    public var colorIndex = 0 { didSet { box.backgroundColor = Self.colors[colorIndex % Self.colors.count] } }
    public private(set) var typedText = ""
    /// Receives one line per thing that happened (the sample prints them; tests read them).
    public var trace: (String) -> Void = { _ in }
    private var panStart = Point(x: 0, y: 0)

    public init(size: Size) {
        super.init(frame: Rect(origin: Point(x: 0, y: 0), size: size), name: "canvas")
        backgroundColor = Self.background
        box.bounds = Rect(x: 0, y: 0, width: Self.boxSize, height: Self.boxSize)
        box.backgroundColor = Self.colors[0]
        addSubview(box)
        box.addGestureRecognizer(PanGestureRecognizer(minimumDistance: 10) { [weak self] pan in self?.panned(pan) })
        addBackgroundRecognizers()
    }

    /// On the background (presses on the box are the pan's): a tap that waits for the double tap
    /// to fail, the double tap, and a long press. They only report: the frame does not change.
    private func addBackgroundRecognizers() {
        let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2) { [weak self] tap in self?.trace("double tap \(tap.state)") }
        let tap = TapGestureRecognizer { [weak self] tap in self?.trace("tap \(tap.state)") }
        tap.require(toFail: doubleTap)
        let longPress = LongPressGestureRecognizer { [weak self] press in self?.trace("long press \(press.state)") }
        for recognizer in [doubleTap, tap, longPress] {
            recognizer.delegate = self
            addGestureRecognizer(recognizer)
        }
    }

    /// Types `text` as if it arrived from the keyboard (the headless reference replays it).
    public func type(_ text: String) {
        for character in text {
            typedText.append(character)
            let mark = View(frame: Rect(
                x: 4 + Double(typedText.count - 1) * (Self.markSize + 4), y: 4, width: Self.markSize, height: Self.markSize),
                name: "mark")
            mark.backgroundColor = Color(red: 1, green: 1, blue: 1)
            addSubview(mark)
        }
    }

    public override func layoutSubviews() {
        box.center = Point(x: bounds.midX + offset.x, y: bounds.midY + offset.y)
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began: panStart = offset
        case .changed, .ended:
            let translation = pan.translation(in: self)
            offset = Point(x: panStart.x + translation.x, y: panStart.y + translation.y)
        default: break
        }
        trace("pan \(pan.state) \(Self.format(offset))")
    }

    // MARK: Responder

    public override var canBecomeFirstResponder: Bool { true }

    public override func pressesBegan(_ press: KeyPress) {
        let step = press.modifiers.contains(.shift) ? 50.0 : 10.0
        switch press.key {
        case .left: offset.x -= step
        case .right: offset.x += step
        case .up: offset.y -= step
        case .down: offset.y += step
        case .character("C") where !press.isRepeat: colorIndex += 1
        case .character("R"): offset = Point(x: 0, y: 0)
        case .character("A") where !press.isRepeat: fade()
        case .character("T") where !press.isRepeat: changeColorFromATask()
        default: break
        }
        trace("key \(press.key.name) \(press.isRepeat ? "repeat" : "down") \(Self.format(press.modifiers)) \(Self.format(offset)) color \(colorIndex)")
    }

    /// A one-second animation: the host draws while it runs, and stops when it ends.
    private func fade() {
        trace("animation started")
        View.animate(withDuration: 1, animations: { self.box.alpha = self.box.alpha < 1 ? 1 : 0.5 }) { [weak self] _ in
            self?.trace("animation ended")
        }
    }

    /// Work finished off the main thread hops back to the main actor, which the host's loop
    /// gives a turn: the colour changes once the task is done.
    private func changeColorFromATask() {
        trace("task started")
        Task.detached {
            try? await Task.sleep(nanoseconds: 300_000_000)
            await MainActor.run {
                self.colorIndex += 1
                self.trace("task done color \(self.colorIndex)")
            }
        }
    }

    public override func pressesEnded(_ press: KeyPress) {
        trace("key \(press.key.name) up \(Self.format(press.modifiers))")
    }

    public override func pressesCancelled(_ press: KeyPress) {
        trace("key \(press.key.name) cancelled")
    }

    public override func insertText(_ text: String) {
        type(text)
        trace("text \(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")) typed \(typedText.count)")
    }

    public override func scrollWheel(_ event: ScrollWheelEvent) {
        offset.y -= event.delta.y * 10
        trace("scroll \(event.delta.x) \(event.delta.y) \(Self.format(offset))")
    }

    public static func format(_ point: Point) -> String { "offset \(point.x) \(point.y)" }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        touch.view !== box
    }

    public static func format(_ modifiers: KeyModifiers) -> String {
        let names: [(KeyModifiers, String)] = [(.shift, "shift"), (.control, "control"), (.alternate, "alt"), (.command, "command")]
        let held = names.filter { modifiers.contains($0.0) }.map(\.1)
        return "[" + held.joined(separator: ",") + "]"
    }
}

/// The sample's root view controller: a `SampleCanvas` that becomes first responder when shown.
public final class SampleController: ViewController {
    public let canvas: SampleCanvas

    public init(size: Size) {
        canvas = SampleCanvas(size: size)
        super.init(name: "sample")
    }

    public override func loadView() { view = canvas }

    public override func viewDidAppear(_ animated: Bool) { canvas.becomeFirstResponder() }
}
