import SeedPalette
import SegueUIKit
import SegueText

/// Shared elements (`View.transitionID`): a list of cards; a click on one pushes its detail with
/// the navigation's own slide, and the card's title, picture and avatar fly into the detail's.
/// Back, Escape or a drag from the left edge (the navigation's interactive pop) flies them back.
/// No animator is written for it: the ids are all it takes.
public final class SharedCardsController: ViewController {
    /// The cards' pictures' colours.
    public static let colors: [Color] = [
        Color(red: 0.95, green: 0.45, blue: 0.3), Color(red: 0.25, green: 0.6, blue: 0.95), Color(red: 0.35, green: 0.75, blue: 0.45),
    ]
    public static let titles = ["Harbour at dawn", "Blue hour", "Green valley"]

    public private(set) lazy var listView = SharedCardsView { [weak self] in self?.onClose() }
    public var cards: [SharedCard] { listView.cards }
    var onClose: @MainActor () -> Void = {}
    var trace: @MainActor (String) -> Void = { _ in }

    init() { super.init(name: "screen.sharedCards") }

    public override func loadView() { view = listView }

    public override func viewDidLoad() {
        for (index, card) in cards.enumerated() {
            card.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.open(index) })
        }
    }

    /// Pushes card `index`'s detail: that card's views take the ids its detail's views carry.
    public func open(_ index: Int) {
        guard let navigation = navigationController, navigation.topViewController === self, !navigation.isTransitioning else { return }
        for (other, card) in cards.enumerated() { card.setSharedIDs(other == index) }
        let detail = CardDetailController(index: index) { [weak self] in _ = self?.navigationController?.popViewController(animated: true) }
        detail.trace = trace
        navigation.pushViewController(detail, animated: true)
    }

    public override func viewDidAppear(_ animated: Bool) { trace("appeared sharedCards") }
    public override func viewDidDisappear(_ animated: Bool) { trace("disappeared sharedCards") }
}

/// One card: a white rounded panel with a picture, an avatar over the picture's corner and a title.
public final class SharedCard: View {
    public let picture = View(name: "card.picture")
    public let avatar = View(name: "card.avatar")
    public let titleLabel: Label

    init(index: Int) {
        titleLabel = Label(text: SharedCardsController.titles[index], font: .systemFont(ofSize: 18), name: "card.title")
        super.init(frame: .zero, name: "card.\(index)")
        backgroundColor = .white
        cornerRadius = 10
        picture.backgroundColor = SharedCardsController.colors[index]
        picture.cornerRadius = 6
        picture.clipsToBounds = true
        avatar.backgroundColor = Palette.text
        avatar.clipsToBounds = true
        titleLabel.textColor = Palette.text
        titleLabel.isUserInteractionEnabled = false
        for view in [picture, avatar] { view.isUserInteractionEnabled = false }
        addSubview(picture)
        addSubview(titleLabel)
        addSubview(avatar)
    }

    /// The card that opens carries the ids; the others none (they stay in the list as they are).
    func setSharedIDs(_ shared: Bool) {
        picture.transitionID = shared ? "card.picture" : nil
        avatar.transitionID = shared ? "card.avatar" : nil
        titleLabel.transitionID = shared ? "card.title" : nil
    }

    public override func layoutSubviews() {
        let width = bounds.width, height = bounds.height, inset = 10.0
        let pictureHeight = max(0, height - 60)
        picture.frame = Rect(x: inset, y: inset, width: max(0, width - 2 * inset), height: max(0, pictureHeight - inset))
        avatar.frame = Rect(x: 2 * inset, y: pictureHeight - 20, width: 32, height: 32)
        avatar.cornerRadius = 16
        titleLabel.frame = Rect(x: inset, y: pictureHeight + 16, width: max(0, width - 2 * inset), height: 28)
    }
}

/// The list's view: Back, the cards in a row, what to do.
public final class SharedCardsView: View {
    public let cards: [SharedCard]
    public let closeButton = Button(title: "Back", font: .systemFont(ofSize: 18), name: "screen.close")
    public let instructionLabel = Label(text: SeedDemo.sharedCards.instruction, font: .systemFont(ofSize: 16), name: "screen.instruction")

    init(onClose: @escaping @MainActor () -> Void) {
        cards = SharedCardsController.colors.indices.map { SharedCard(index: $0) }
        super.init(frame: .zero, name: "screen.sharedCards")
        backgroundColor = SeedDemo.sharedCards.color
        closeButton.backgroundColor = Color(white: 0, alpha: 0.25)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.addAction(for: .primaryActionTriggered) { _ in onClose() }
        instructionLabel.textColor = .white
        instructionLabel.textAlignment = .center
        instructionLabel.numberOfLines = 0
        addSubview(closeButton)
        for card in cards { addSubview(card) }
        addSubview(instructionLabel)
    }

    public override func layoutSubviews() {
        let width = bounds.width, height = bounds.height, margin = 20.0
        closeButton.frame = Rect(x: margin, y: margin, width: 100, height: 40)
        let count = Double(cards.count)
        let cardWidth = max(0, (width - (count + 1) * margin) / count)
        let cardHeight = max(0, min(cardWidth * 1.05, height - 230))
        for (index, card) in cards.enumerated() {
            card.frame = Rect(x: margin + Double(index) * (cardWidth + margin), y: 80, width: cardWidth, height: cardHeight)
        }
        instructionLabel.frame = Rect(x: margin, y: max(0, height - 80), width: max(0, width - 2 * margin), height: 48)
    }
}

/// A card's detail: its picture across the top, the avatar on the picture's lower edge, the title
/// larger below; the three views carry the ids of the card that opened it.
public final class CardDetailController: ViewController {
    public let index: Int
    public let picture = View(name: "detail.picture")
    public let avatar = View(name: "detail.avatar")
    public let titleLabel: Label
    private let back = Button(title: "Back", font: .systemFont(ofSize: 18), name: "detail.back")
    private let onClose: @MainActor () -> Void
    var trace: @MainActor (String) -> Void = { _ in }

    init(index: Int, onClose: @escaping @MainActor () -> Void) {
        self.index = index
        self.onClose = onClose
        titleLabel = Label(text: SharedCardsController.titles[index], font: .systemFont(ofSize: 30), name: "detail.title")
        super.init(name: "cardDetail.\(index)")
    }

    public override func loadView() {
        view = CardDetailView(controller: self)
    }

    public override func viewDidLoad() {
        view.backgroundColor = Palette.background
        picture.backgroundColor = SharedCardsController.colors[index]
        picture.transitionID = "card.picture"
        avatar.backgroundColor = Palette.text
        avatar.clipsToBounds = true
        avatar.transitionID = "card.avatar"
        titleLabel.textColor = Palette.text
        titleLabel.transitionID = "card.title"
        back.backgroundColor = Color(white: 0, alpha: 0.25)
        back.setTitleColor(.white, for: .normal)
        back.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.onClose() }
        for view in [picture, avatar, titleLabel, back] { view.isUserInteractionEnabled = view === back }
        view.addSubview(picture)
        view.addSubview(avatar)
        view.addSubview(titleLabel)
        view.addSubview(back)
    }

    /// Where each view goes for the view's size (the detail's view calls it on every layout).
    fileprivate func layOut(in bounds: Rect) {
        let width = bounds.width, top = (bounds.height * 0.5).rounded()
        picture.frame = Rect(x: 0, y: 0, width: width, height: top)
        avatar.frame = Rect(x: 30, y: top - 40, width: 80, height: 80)
        avatar.cornerRadius = 40
        titleLabel.frame = Rect(x: 130, y: top + 14, width: max(0, width - 160), height: 40)
        back.frame = Rect(x: 20, y: 20, width: 100, height: 40)
    }

    public override func viewDidAppear(_ animated: Bool) { trace("appeared cardDetail.\(index)") }
    public override func viewDidDisappear(_ animated: Bool) { trace("disappeared cardDetail.\(index)") }
}

/// The detail's view: lays its controller's views out when its size changes.
final class CardDetailView: View {
    private unowned let controller: CardDetailController

    init(controller: CardDetailController) {
        self.controller = controller
        super.init(frame: .zero, name: "screen.cardDetail")
    }

    override func layoutSubviews() { controller.layOut(in: bounds) }
}
