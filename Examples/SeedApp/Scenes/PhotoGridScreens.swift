import SeedPalette
import SegueUIKit
import SegueText

/// The zoom demo (iOS 18's `preferredTransition = .zoom`): a grid of photo tiles; a click on a
/// tile pushes its photo, which grows out of the tile; Back, Escape, a drag down or a pinch (Ctrl +
/// scroll wheel down in a window) shrinks it back into the tile (the screen follows the finger or
/// the pinch), and a click during a zoom grabs it.
public final class PhotoGridController: ViewController {
    /// The tiles' colours, the photos' too (a photo fills its screen with its tile's colour).
    public static let colors: [Color] = [
        Color(red: 0.95, green: 0.35, blue: 0.3), Color(red: 1, green: 0.7, blue: 0.2), Color(red: 0.3, green: 0.75, blue: 0.4),
        Color(red: 0.25, green: 0.6, blue: 0.95), Color(red: 0.6, green: 0.4, blue: 0.9), Color(red: 0.95, green: 0.5, blue: 0.75),
        Color(red: 0.4, green: 0.8, blue: 0.8), Color(red: 0.75, green: 0.75, blue: 0.3),
    ]
    /// Where tile `index` sits (points, 4 columns of 2 rows in the grid's top part).
    public static func tileFrame(_ index: Int) -> Rect {
        Rect(x: 40 + Double(index % 4) * 170, y: 80 + Double(index / 4) * 120, width: 150, height: 100)
    }

    public private(set) lazy var gridView = PhotoGridView { [weak self] in self?.onClose() }
    public var tiles: [View] { gridView.tiles }
    var onClose: @MainActor () -> Void = {}
    var trace: @MainActor (String) -> Void = { _ in }

    init() { super.init(name: "screen.photoGrid") }

    public override func loadView() { view = gridView }

    public override func viewDidLoad() {
        for (index, tile) in tiles.enumerated() {
            tile.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.open(index) })
        }
    }

    /// Pushes photo `index`, zooming out of its tile.
    public func open(_ index: Int) {
        guard let navigation = navigationController, navigation.topViewController === self, !navigation.isTransitioning else { return }
        let photo = PhotoController(index: index) { [weak self] in _ = self?.navigationController?.popViewController(animated: true) }
        photo.trace = trace
        // Asked at each zoom, in and out: the tile as it is now.
        photo.preferredTransition = .zoom { [weak self] _ in self?.tiles[index] }
        navigation.pushViewController(photo, animated: true)
    }

    public override func viewDidAppear(_ animated: Bool) { trace("appeared photoGrid") }
    public override func viewDidDisappear(_ animated: Bool) { trace("disappeared photoGrid") }
}

/// The grid's view: Back, the tiles and what to do.
public final class PhotoGridView: View {
    public let tiles: [View]
    public let closeButton = Button(title: "Back", font: .systemFont(ofSize: 18), name: "screen.close")
    public let instructionLabel = Label(text: SeedDemo.photoGrid.instruction, font: .systemFont(ofSize: 16), name: "screen.instruction")

    init(onClose: @escaping @MainActor () -> Void) {
        tiles = PhotoGridController.colors.indices.map { index in
            let tile = View(frame: PhotoGridController.tileFrame(index), name: "tile.\(index)")
            tile.backgroundColor = PhotoGridController.colors[index]
            tile.cornerRadius = 12
            tile.clipsToBounds = true
            return tile
        }
        super.init(frame: .zero, name: "screen.photoGrid")
        backgroundColor = SeedDemo.photoGrid.color
        closeButton.backgroundColor = Color(white: 0, alpha: 0.25)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.addAction(for: .primaryActionTriggered) { _ in onClose() }
        instructionLabel.textColor = .white
        instructionLabel.textAlignment = .center
        addSubview(closeButton)
        for tile in tiles { addSubview(tile) }
        addSubview(instructionLabel)
    }

    public override func layoutSubviews() {
        closeButton.frame = Rect(x: 20, y: 20, width: 100, height: 40)
        instructionLabel.frame = Rect(x: 20, y: max(0, bounds.height - 70), width: max(0, bounds.width - 40), height: 40)
    }
}

/// One photo, full screen in its tile's colour, with Back.
public final class PhotoController: ViewController {
    public let index: Int
    private let onClose: @MainActor () -> Void
    var trace: @MainActor (String) -> Void = { _ in }

    init(index: Int, onClose: @escaping @MainActor () -> Void) {
        self.index = index
        self.onClose = onClose
        super.init(name: "photo.\(index)")
    }

    public override func viewDidLoad() {
        view.backgroundColor = PhotoGridController.colors[index]
        let back = Button(title: "Back", font: .systemFont(ofSize: 18), name: "photo.back")
        back.frame = Rect(x: 20, y: 20, width: 100, height: 40)
        back.backgroundColor = Color(white: 0, alpha: 0.25)
        back.setTitleColor(.white, for: .normal)
        back.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.onClose() }
        view.addSubview(back)
    }

    public override func viewDidAppear(_ animated: Bool) { trace("appeared photo.\(index)") }
    public override func viewDidDisappear(_ animated: Bool) { trace("disappeared photo.\(index)") }
}
