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
    /// Where tile `index` sits in the app's own 960×600 window (4 columns of 2 rows).
    public static func tileFrame(_ index: Int) -> Rect { tileFrame(index, in: SeedAppController.windowSize) }

    /// Where tile `index` sits in a grid view of `size` points: as many columns (at most 4) as
    /// give the largest whole tiles between Back (above) and the instruction (below), tiles
    /// 150×100 at most and 3:2, so every tile is whole at any window size.
    public static func tileFrame(_ index: Int, in size: Size) -> Rect {
        let margin = min(40, (size.width * 0.06).rounded()), gap = margin < 40 ? 10.0 : 20.0
        let top = 80.0, bottom = 80.0
        let width = max(0, size.width - 2 * margin), height = max(0, size.height - top - bottom)
        var best = (columns: 4, tile: Size(width: 0, height: 0))
        for columns in stride(from: 4, through: 1, by: -1) {
            let rows = (colors.count + columns - 1) / columns
            var tileWidth = min(150, (width - Double(columns - 1) * gap) / Double(columns))
            var tileHeight = tileWidth * 2 / 3
            let rowsHeight = (height - Double(rows - 1) * gap) / Double(rows)
            if tileHeight > rowsHeight {
                tileHeight = max(0, rowsHeight)
                tileWidth = tileHeight * 3 / 2
            }
            // Ties keep more columns (the 960-point window's 4).
            if tileWidth * tileHeight > best.tile.width * best.tile.height {
                best = (columns, Size(width: tileWidth, height: tileHeight))
            }
        }
        let column = Double(index % best.columns), row = Double(index / best.columns)
        return Rect(
            x: margin + column * (best.tile.width + gap), y: top + row * (best.tile.height + gap),
            width: best.tile.width, height: best.tile.height)
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
            let tile = View(frame: PhotoGridController.tileFrame(index), name: "tile.\(index)")  // laid out to the width
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
        for (index, tile) in tiles.enumerated() {
            tile.frame = PhotoGridController.tileFrame(index, in: bounds.size)
        }
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
