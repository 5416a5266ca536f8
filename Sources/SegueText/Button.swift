import SegueUIKit

/// UIButton: a `Control` (SegueUIKit; tracking, control events) with a title drawn by a
/// `Label`, here in SegueText because the label lives here. Pressed, it shows the highlighted
/// title colour when one is set, else fades its title as a system button does; the title
/// follows the button's size. A release inside also sends `.primaryActionTriggered`.
@MainActor
open class Button: Control {
    /// UIControl.State, for the per-state title and colour.
    public enum TitleState: Sendable, Hashable { case normal, highlighted, disabled, selected }

    /// The title's label (UIButton.titleLabel): set its font or alignment; the text and colour
    /// come from `setTitle(_:for:)` and `setTitleColor(_:for:)`.
    public let titleLabel: Label
    /// The title's opacity while highlighted when no highlighted colour is set.
    public var highlightedTitleAlpha = 0.3 { didSet { updateTitle() } }

    private var titles: [TitleState: String] = [:]
    private var titleColors: [TitleState: Color] = [.normal: Color(red: 0, green: 0.478, blue: 1, alpha: 1)]

    public init(frame: Rect = .zero, title: String = "", font: Font = .systemFont(ofSize: 17), name: String = "button") {
        titleLabel = Label(frame: Rect(origin: .zero, size: frame.standardized.size), text: title, font: font, name: "\(name).title")
        super.init(frame: frame, name: name)
        titles[.normal] = title
        titleLabel.textAlignment = .center
        titleLabel.autoresizesToFillSuperview = true
        addSubview(titleLabel)
        updateTitle()
    }

    public func setTitle(_ title: String?, for state: TitleState) {
        titles[state] = title
        updateTitle()
    }

    public func setTitleColor(_ color: Color?, for state: TitleState) {
        titleColors[state] = color
        updateTitle()
    }

    public func title(for state: TitleState) -> String? { titles[state] ?? titles[.normal] }
    public func titleColor(for state: TitleState) -> Color? { titleColors[state] ?? titleColors[.normal] }

    /// The state whose title and colour are shown now (disabled, else highlighted, else selected).
    public var currentTitleState: TitleState {
        !isEnabled ? .disabled : isHighlighted ? .highlighted : isSelected ? .selected : .normal
    }

    open override var isHighlighted: Bool { didSet { if isHighlighted != oldValue { updateTitle() } } }
    open override var isEnabled: Bool { didSet { if isEnabled != oldValue { updateTitle() } } }
    open override var isSelected: Bool { didSet { if isSelected != oldValue { updateTitle() } } }

    open override func sendActions(for events: Control.Event) {
        super.sendActions(for: events.contains(.touchUpInside) ? events.union(.primaryActionTriggered) : events)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(size)
        // UIButton's content insets are zero; a little room keeps the title off the edges.
        return Size(width: text.width + 16, height: text.height + 12)
    }

    private func updateTitle() {
        let state = currentTitleState
        titleLabel.text = title(for: state) ?? ""
        if let color = titleColors[state] ?? titleColors[.normal] { titleLabel.textColor = color }
        let fades = state == .highlighted && titleColors[.highlighted] == nil
        titleLabel.alpha = fades ? highlightedTitleAlpha : state == .disabled && titleColors[.disabled] == nil ? 0.35 : 1
    }
}
