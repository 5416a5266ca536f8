import SeedPalette
import SegueUIKit
import SegueText

/// The root screen: a title and one labelled button per seed app, in two columns (one in a
/// narrow window).
public final class SeedMenuView: View {
    public let titleLabel = Label(text: "Segue: the seeds' transitions", font: .systemFont(ofSize: 28), name: "menu.title")
    public let hintLabel = Label(
        text: "Click a button or press its number; Escape closes the screen on top", font: .systemFont(ofSize: 15), name: "menu.hint")
    public let buttons: [Button]
    /// The button Tab moved the keyboard focus to (Return or Space presses it), nil: none.
    public private(set) var focusedIndex: Int? { didSet { placeFocusRing() } }
    /// The focused button's ring: a band around it, under it.
    public let focusRing = View(name: "menu.focus")

    public init(onChoose: @escaping @MainActor (SeedDemo) -> Void) {
        buttons = SeedDemo.allCases.map { demo in
            let button = Button(title: "\(demo.rawValue + 1)  \(demo.title)", font: .systemFont(ofSize: 18), name: "button.\(demo)")
            button.backgroundColor = Palette.items
            button.setTitleColor(.white, for: .normal)
            button.addAction(for: .primaryActionTriggered) { _ in onChoose(demo) }
            return button
        }
        super.init(frame: .zero, name: "menu")
        backgroundColor = Palette.background
        titleLabel.textColor = Palette.text
        titleLabel.textAlignment = .center
        hintLabel.textColor = Palette.text
        hintLabel.textAlignment = .center
        // Wrapped, not elided, in a narrow window.
        titleLabel.numberOfLines = 0
        hintLabel.numberOfLines = 0
        addSubview(titleLabel)
        addSubview(hintLabel)
        focusRing.backgroundColor = Palette.text
        focusRing.isHidden = true
        focusRing.isUserInteractionEnabled = false
        addSubview(focusRing)
        for button in buttons { addSubview(button) }
    }

    /// Tab (+1) and Shift+Tab (−1): the next or previous button takes the focus, wrapping around;
    /// from none, the first or the last.
    public func moveFocus(by offset: Int) {
        let count = buttons.count
        guard count > 0 else { return }
        focusedIndex = focusedIndex.map { (($0 + offset) % count + count) % count } ?? (offset >= 0 ? 0 : count - 1)
    }

    /// Return or Space: presses the focused button (its primary action). False when none has the focus.
    @discardableResult
    public func activateFocused() -> Bool {
        guard let focusedIndex else { return false }
        buttons[focusedIndex].sendActions(for: .primaryActionTriggered)
        return true
    }

    private func placeFocusRing() {
        guard let focusedIndex else { return focusRing.isHidden = true }
        focusRing.isHidden = false
        focusRing.frame = buttons[focusedIndex].frame.insetBy(dx: -3, dy: -3)
    }

    /// Two columns where the widest title fits in one (the 960×600 window), else one; the title
    /// and the hint wrap to the width, and the rows share the height left under them, so no label
    /// is elided at the seeds' own 320×480 (issue 28, defect 6). Sizes come from the labels'
    /// `sizeThatFits`.
    /// The bounds size of the last `layoutSubviews()` (the window tests compare it with the window's).
    public private(set) var laidOutSize: Size?

    public override func layoutSubviews() {
        let width = bounds.width, height = bounds.height
        laidOutSize = bounds.size
        let margin = min(40, (width * 0.06).rounded()), textWidth = max(0, width - 2 * margin)
        let titleHeight = max(40, titleLabel.sizeThatFits(Size(width: textWidth, height: 0)).height)
        titleLabel.frame = Rect(x: margin, y: min(30, margin), width: textWidth, height: titleHeight)
        let hintHeight = max(22, hintLabel.sizeThatFits(Size(width: textWidth, height: 0)).height)
        hintLabel.frame = Rect(x: margin, y: titleLabel.frame.maxY + 6, width: textWidth, height: hintHeight)
        let top = hintLabel.frame.maxY + min(22, margin)
        let widest = buttons.map { $0.sizeThatFits(Size(width: 0, height: 0)).width }.max() ?? 0
        let columns = widest <= (width - 3 * margin) / 2 ? 2 : 1
        let columnWidth = max(0, (width - Double(columns + 1) * margin) / Double(columns))
        // Two columns of the seeds' ten (the layout the window tests' screenshots were taken
        // with); an odd one more goes under the second column.
        let rows = columns == 1 ? buttons.count : max(1, buttons.count / 2)
        let shownRows = buttons.count - (columns - 1) * rows
        // 48-point rows 16 apart where they fit; else the height left, shared (never below a title's own height).
        let tallest = buttons.map { $0.titleLabel.sizeThatFits(Size(width: 0, height: 0)).height }.max() ?? 0
        var rowHeight = 48.0, gap = 16.0
        let room = height - top - margin / 2
        if Double(shownRows) * (rowHeight + gap) - gap > room {
            gap = 4
            rowHeight = max(tallest + 2, (room + gap) / Double(shownRows) - gap)
        }
        for (index, button) in buttons.enumerated() {
            let columnIndex = min(index / rows, columns - 1)
            let column = Double(columnIndex), row = Double(index - columnIndex * rows)
            button.frame = Rect(
                x: margin + column * (columnWidth + margin), y: top + row * (rowHeight + gap), width: columnWidth, height: rowHeight)
        }
        placeFocusRing()
    }
}

/// The root screen's controller; `trace` hears when it appears (back at the root).
public final class SeedMenuController: ViewController {
    public private(set) lazy var menuView = SeedMenuView { [weak self] demo in self?.onChoose(demo) }
    var onChoose: @MainActor (SeedDemo) -> Void = { _ in }
    var trace: @MainActor (String) -> Void = { _ in }

    public init() { super.init(name: "menu") }

    public override func loadView() { view = menuView }
    public override func viewDidAppear(_ animated: Bool) { trace("appeared menu") }
}

/// A seed app's screen: its colour, its name, what to do, and a Close (or Back) button.
public final class DemoScreenView: View {
    public let titleLabel: Label
    public let instructionLabel: Label
    public let closeButton: Button

    init(demo: SeedDemo, title: String? = nil, color: Color? = nil, onClose: @escaping @MainActor () -> Void) {
        titleLabel = Label(text: title ?? demo.title, font: .systemFont(ofSize: 30), name: "screen.title")
        instructionLabel = Label(text: demo.instruction, font: .systemFont(ofSize: 16), name: "screen.instruction")
        closeButton = Button(title: demo.isPush ? "Back" : "Close", font: .systemFont(ofSize: 18), name: "screen.close")
        super.init(frame: .zero, name: "screen.\(demo)")
        backgroundColor = color ?? demo.color
        for label in [titleLabel, instructionLabel] {
            label.textColor = .white
            label.textAlignment = .center
            label.numberOfLines = 0
            addSubview(label)
        }
        closeButton.backgroundColor = Color(white: 0, alpha: 0.25)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.addAction(for: .primaryActionTriggered) { _ in onClose() }
        addSubview(closeButton)
    }

    public override func layoutSubviews() {
        let width = bounds.width, height = bounds.height, margin = 20.0
        closeButton.frame = Rect(x: margin, y: margin, width: 100, height: 40)
        titleLabel.frame = Rect(x: margin, y: max(margin + 50, height / 2 - 60), width: max(0, width - 2 * margin), height: 40)
        instructionLabel.frame = Rect(x: margin, y: titleLabel.frame.maxY + 12, width: max(0, width - 2 * margin), height: 48)
    }
}

/// The controller a seed app presents or pushes; `trace` hears it appear and disappear.
public final class DemoScreenController: ViewController {
    public let demo: SeedDemo
    public private(set) lazy var screenView = DemoScreenView(demo: demo) { [weak self] in self?.onClose() }
    var onClose: @MainActor () -> Void = {}
    var trace: @MainActor (String) -> Void = { _ in }

    init(demo: SeedDemo) {
        self.demo = demo
        super.init(name: "screen.\(demo)")
    }

    public override func loadView() { view = screenView }
    public override func viewDidAppear(_ animated: Bool) { trace("appeared \(demo)") }
    public override func viewDidDisappear(_ animated: Bool) { trace("disappeared \(demo)") }
}
