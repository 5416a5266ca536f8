import SeedPalette
import SegueScene
import SegueText

/// The root screen: a title and one labelled button per seed app, in two columns.
public final class SeedMenuView: View {
    public let titleLabel = Label(text: "Segue: the seeds' transitions", font: .systemFont(ofSize: 28), name: "menu.title")
    public let hintLabel = Label(
        text: "Click a button or press its number; Escape closes the screen on top", font: .systemFont(ofSize: 15), name: "menu.hint")
    public let buttons: [Button]

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
        addSubview(titleLabel)
        addSubview(hintLabel)
        for button in buttons { addSubview(button) }
    }

    public override func layoutSubviews() {
        let width = bounds.width, margin = 40.0
        titleLabel.frame = Rect(x: margin, y: 30, width: max(0, width - 2 * margin), height: 40)
        hintLabel.frame = Rect(x: margin, y: 76, width: max(0, width - 2 * margin), height: 22)
        let columnWidth = max(0, (width - 3 * margin) / 2), rowHeight = 48.0, top = 120.0
        let rows = (buttons.count + 1) / 2
        for (index, button) in buttons.enumerated() {
            let column = Double(index / rows), row = Double(index % rows)
            button.frame = Rect(x: margin + column * (columnWidth + margin), y: top + row * (rowHeight + 16), width: columnWidth, height: rowHeight)
        }
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
