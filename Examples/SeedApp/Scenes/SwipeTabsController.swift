import SeedPalette
import SegueUIKit

/// Example g: the seed's custom container (`SwipeContainerViewController`, which builds its
/// own transition context) with three tabs; a swipe left shows the next one, entering from the
/// right, a swipe right the previous one (0.25 s, ease-in-out). The seed app pushes it with the
/// navigation controller's own slide.
public final class SwipeTabsController: SwipeContainerViewController {
    public static let tabColors = [Palette.items, Palette.detail, Palette.action]
    var trace: @MainActor (String) -> Void = { _ in }

    init(onClose: @escaping @MainActor () -> Void) {
        let tabs = Self.tabColors.indices.map { index in
            TabController(index: index, color: Self.tabColors[index], onClose: onClose)
        }
        super.init(viewControllers: tabs, name: "swipeTabs")
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        trace("appeared swipeTabs")
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        trace("disappeared swipeTabs")
    }

    public override func loadView() {
        super.loadView()
        for (direction, step) in [(SwipeGestureRecognizer.Direction.left, 1), (.right, -1)] {
            view.addGestureRecognizer(SwipeGestureRecognizer(direction: direction) { [weak self] _ in
                guard let self else { return }
                let index = self.selectedIndex + step
                guard self.viewControllers.indices.contains(index), !self.isTransitioning else { return }
                self.transition(to: index, animated: true) { [weak self] finished in
                    if finished { self?.trace("tab \(index)") }
                }
            })
        }
    }
}

/// One tab: the seed app's screen layout in the tab's colour.
final class TabController: ViewController {
    private let screenView: DemoScreenView

    init(index: Int, color: Color, onClose: @escaping @MainActor () -> Void) {
        screenView = DemoScreenView(demo: .swipeTabs, title: "Tab \(index + 1) of 3", color: color, onClose: onClose)
        super.init(name: "tab\(index + 1)")
    }

    override func loadView() { view = screenView }
}
