import CardTransitions
import Segue

/// The app's root screen: a row of coloured cards. A tap on a card presents its detail screen
/// through `transitions`, which animates with the package's own `CornerRevealAnimator`.
@MainActor
public final class CardListController: ViewController {
    public static let background = Color(red: 0.12, green: 0.14, blue: 0.2)
    public static let colors = [
        Color(red: 0.95, green: 0.55, blue: 0.1), Color(red: 0.2, green: 0.7, blue: 0.35), Color(red: 0.3, green: 0.45, blue: 0.95),
    ]

    /// Held here: a controller's `transitioningDelegate` is weak, as in UIKit.
    public let transitions = CardTransitioningDelegate()
    public var cards: [View] { (view as? CardRow)?.cards ?? [] }

    public init() { super.init(name: "cards") }

    public override func loadView() {
        let row = CardRow(colors: Self.colors)
        row.backgroundColor = Self.background
        for (index, card) in row.cards.enumerated() {
            card.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.showCard(index) })
        }
        view = row
    }

    /// Presents card `index`'s detail screen, as a tap on it does.
    public func showCard(_ index: Int) {
        guard presentedViewController == nil else { return }
        let detail = CardDetailController(color: Self.colors[index], transitions: transitions)
        detail.transitioningDelegate = transitions
        present(detail, animated: true)
    }
}

/// The cards side by side, centred, each a third of the height wide and half of it high.
final class CardRow: View {
    let cards: [View]

    init(colors: [Color]) {
        cards = colors.indices.map { View(name: "card \($0)") }
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: 0), name: "card row")
        for (card, color) in zip(cards, colors) {
            card.backgroundColor = color
            addSubview(card)
        }
    }

    override func layoutSubviews() {
        // Whole points, so a window and a headless render draw the same pixels.
        let width = (bounds.width / 4).rounded(.down), height = (bounds.height / 2).rounded(.down)
        let gap = ((bounds.width - width * Double(cards.count)) / Double(cards.count + 1)).rounded(.down)
        let top = ((bounds.height - height) / 2).rounded(.down)
        for (index, card) in cards.enumerated() {
            card.frame = Rect(x: gap + Double(index) * (width + gap), y: top, width: width, height: height)
        }
    }
}
