import Segue

/// The presenting screen: a dark background with a card; a tap on the card shows the sheet.
@MainActor
public final class HomeController: ViewController {
    public static let background = Color(rgba8: 0x1F2433FF)
    public static let cardColor = Color(rgba8: 0xF28C1AFF)

    /// Kept here: `transitioningDelegate` is weak, as in UIKit.
    public let transitions = SheetTransitioningDelegate()
    public let card = View(name: "card")

    public init() { super.init(name: "home") }

    public override func loadView() {
        view = View(name: "home")
        view.backgroundColor = Self.background
        card.frame = Rect(x: 40, y: 40, width: 160, height: 100)
        card.backgroundColor = Self.cardColor
        card.cornerRadius = 12
        card.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.showSheet() })
        view.addSubview(card)
    }

    /// Presents a new sheet through the transitioning delegate; `completion` runs once it is up.
    public func showSheet(completion: (() -> Void)? = nil) {
        guard presentedViewController == nil else { return }
        let sheet = SheetController()
        sheet.modalPresentationStyle = .custom  // the home screen stays on screen under the sheet
        sheet.transitioningDelegate = transitions
        transitions.swipeToDismiss = SwipeDownToDismiss(sheet: sheet)
        present(sheet, animated: true, completion: completion)
    }
}

/// The presented screen: a light sheet with a handle at its top. Swiping it down dismisses it.
@MainActor
public final class SheetController: ViewController {
    public static let sheetColor = Color(rgba8: 0xEDF0F5FF)
    public static let handleColor = Color(rgba8: 0x8C94A3FF)

    public let handle = View(name: "handle")

    public init() { super.init(name: "sheet") }

    public override func loadView() {
        view = View(name: "sheet")
        view.backgroundColor = Self.sheetColor
        view.cornerRadius = 16
        handle.backgroundColor = Self.handleColor
        handle.cornerRadius = 4
        view.addSubview(handle)
    }

    /// Centres the handle at the top whatever width the sheet gets.
    public override func viewDidLayoutSubviews() {
        handle.frame = Rect(x: ((view.bounds.width - 60) / 2).rounded(.down), y: 12, width: 60, height: 8)
    }
}
