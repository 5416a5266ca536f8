import SegueImage
import SegueUIKit
import SegueText

/// The window's overlay, drawn by the engine itself (the compositor, like everything else, so
/// it shows where window titles are hidden): a band at the bottom with the show's name,
/// parameters and state, frame rate and frame times, a progress bar (press or drag on it to
/// seek), and the key line. Text is set in a real font (`OverlayLayout` picks its size and lines
/// so that the band stays within a tenth of the window and no line is cut) into one image per
/// line, drawn and uploaded only when its text changes; the progress bar is two coloured views,
/// so a frame that only moves the bar uploads nothing.
@MainActor
public final class PlayerOverlay {
    /// The band. Only its progress bar takes presses (hit testing): a press elsewhere on the band
    /// reaches the show under it, as before the band was drawn.
    public let view = OverlayBandView(name: "overlay")
    private let track = View(name: "overlay.track")
    private let fill = View(name: "overlay.fill")
    private var statusViews: [View] = []
    private let keys = View(name: "overlay.keys")
    public private(set) var layout: OverlayLayout?
    /// The text each status line shows now (for tests and `--trace-scrub`).
    public private(set) var statusTexts: [String] = []
    public private(set) var keysText = ""
    private var status: PlayerStatus?
    private let longestName: String
    /// The key line: without N/P when there is one show.
    private var keyLine = PlayerKeyLine.full

    private static let background = Color(red: 24.0 / 255, green: 24.0 / 255, blue: 28.0 / 255, alpha: 1)
    private static let ink = SIMD4<UInt8>(235, 235, 235, 255)

    /// `longestName`: the longest name the overlay may have to show (the layout makes room for it).
    /// `showCount`: how many shows the player has; with one, the key line does not offer N/P.
    public convenience init(longestName: String, showCount: Int) {
        self.init(longestName: longestName)
        if showCount <= 1 { keyLine = PlayerKeyLine.single }
    }

    public init(longestName: String) {
        self.longestName = longestName
        track.backgroundColor = Color(red: 0.3, green: 0.3, blue: 0.33, alpha: 1)
        fill.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.15, alpha: 1)
        view.backgroundColor = Self.background
        for child in [track, fill, keys] { view.addSubview(child) }
        view.seekRegion = { [unowned self] point in self.layout?.seekProgress(at: point) != nil }
    }

    /// Lays the band out along the bottom of a window of `size`.
    public func layout(in size: Size) {
        let layout = OverlayLayout.make(for: size, longestName: longestName)
        self.layout = layout
        view.frame = Rect(x: 0, y: size.height - layout.bandHeight, width: size.width, height: layout.bandHeight)
        for line in statusViews { line.removeFromSuperview() }
        statusViews = layout.statusFrames.enumerated().map { index, frame in
            let line = View(frame: frame, name: "overlay.status\(index)")
            view.addSubview(line)
            return line
        }
        track.frame = layout.trackFrame
        keys.isHidden = layout.keysFrame == nil
        if let frame = layout.keysFrame {
            keys.frame = frame
            keysText = keyLine.fitted(width: frame.width, font: layout.font)
            keys.content = Self.textImage(keysText, box: frame, font: layout.font).map { .image($0) }
        } else {
            keysText = ""
        }
        statusTexts = []
        if let status { update(status: status, force: true) }
    }

    /// Shows `progress` on the bar (every frame: two views move, nothing is uploaded).
    public func update(progress: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        let track = track.frame
        fill.frame = Rect(x: track.minX, y: track.minY, width: track.width * p, height: track.height)
    }

    /// Shows `status` (each line drawn and uploaded only when its text changed).
    public func update(status: PlayerStatus, force: Bool = false) {
        guard force || status != self.status, let layout else { return }
        self.status = status
        let lines = status.lines(layout.statusFrames.count)
        let texts = lines.map { $0.fitted(width: layout.textWidth, font: layout.font) }
        for (index, text) in texts.enumerated() where index >= statusTexts.count || statusTexts[index] != text {
            statusViews[index].content = Self.textImage(text, box: layout.statusFrames[index], font: layout.font).map { .image($0) }
        }
        statusTexts = texts
    }

    /// The progress a press at `point` (window pixels) on the bar seeks to, or nil when the
    /// press is elsewhere (or the overlay is hidden).
    public func seekProgress(at point: Point) -> Double? {
        guard !view.isHidden, let layout, view.frame.contains(point) else { return nil }
        return layout.seekProgress(at: Point(x: point.x - view.frame.minX, y: point.y - view.frame.minY))
    }

    /// The progress at window x `x` along the bar, wherever the pointer is vertically (a seek
    /// that started on the bar goes on while the pointer leaves it).
    public func seekProgress(atX x: Double) -> Double? {
        guard let track = layout?.trackFrame, track.width > 0 else { return nil }
        return min(max((x - view.frame.minX - track.minX) / track.width, 0), 1)
    }

    /// One line of text on the band's colour, the size of its box; nil for an empty box or a
    /// font that cannot be drawn (the line then shows the band alone).
    private static func textImage(_ text: String, box: Rect, font: Font) -> RGBAImage? {
        let width = Int(box.width.rounded(.up)), height = Int(box.height.rounded(.up))
        let band = background.rgba8
        guard width > 0, height > 0, var image = try? RGBAImage(width: width, height: height, fill: band) else { return nil }
        guard !text.isEmpty, let layout = try? TextLayout(text: text, font: font) else { return image }
        let top = ((Double(height) - layout.height) / 2).rounded(.down)
        try? layout.draw(into: &image, origin: (0, top), boxWidth: Double(width), alignment: .left, color: ink)
        return image
    }
}

/// The overlay's band: inside it for hit testing only where its progress bar seeks.
@MainActor
public final class OverlayBandView: View {
    /// Whether a point (the band's coordinates) is on the bar's seek region.
    var seekRegion: (@MainActor (Point) -> Bool)?

    public override func point(inside point: Point, with event: TouchEvent?) -> Bool {
        bounds.contains(point) && (seekRegion?(point) ?? false)
    }
}

extension Color {
    /// Opaque bytes of this colour.
    fileprivate var rgba8: SIMD4<UInt8> {
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        return SIMD4(byte(red), byte(green), byte(blue), 255)
    }
}
