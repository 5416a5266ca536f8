import SegueUIKit
import SegueText

/// Where the overlay's parts go in a window of a given size, decided once per size. The band
/// keeps to `maximumShare` of the window's height (the 5×7-font band hid 13–23% of the picture):
/// it takes the largest font from `preferredFontSize` down to `minimumFontSize` at which the
/// status (one line, or two when one is too narrow) and the key line fit; without room for the
/// key line it shows the status alone (the largest font that fits). Every line's box is as wide
/// as the window allows, and its text is fitted to it (`OverlayLine.fitted`).
public struct OverlayLayout: Equatable, Sendable {
    public static let maximumShare = 0.10
    public static let minimumFontSize = 9.0

    public var fontSize: Double
    public var padding: Double
    public var gap: Double
    public var lineHeight: Double
    /// Frames inside the band (origin at its top-left).
    public var statusFrames: [Rect]
    public var trackFrame: Rect
    public var keysFrame: Rect?
    public var bandHeight: Double

    public var font: Font { .systemFont(ofSize: fontSize) }
    /// The width text may take on a line.
    public var textWidth: Double { statusFrames.first?.width ?? 0 }

    /// The font a window of `height` would like (about 2.5% of it, 9 to 14 pixels).
    public static func preferredFontSize(height: Double) -> Double { min(max((height * 0.025).rounded(), minimumFontSize), 14) }

    /// The layout for a window of `size`; `longestName` is the longest show name it may show.
    public static func make(for size: Size, longestName: String) -> OverlayLayout {
        let budget = size.height * maximumShare
        var statusOnly: OverlayLayout?
        var font = preferredFontSize(height: size.height)
        while font >= minimumFontSize {
            let fitting = candidates(font: font, size: size, longestName: longestName)
            if let withKeys = fitting.first(where: { $0.keysFrame != nil && $0.bandHeight <= budget }) { return withKeys }
            if statusOnly == nil { statusOnly = fitting.first { $0.keysFrame == nil && $0.bandHeight <= budget } }
            font -= 1
        }
        // A window too small for any band within the budget: the smallest status-only band.
        return statusOnly ?? candidates(font: minimumFontSize, size: size, longestName: longestName).last!
    }

    /// At one font: status on one or two lines (one when the widest status fits), with and
    /// without the key line, smallest band first within each kind.
    private static func candidates(font fontSize: Double, size: Size, longestName: String) -> [OverlayLayout] {
        let font = Font.systemFont(ofSize: fontSize)
        let padding = max(2, (fontSize * 0.25).rounded())
        let gap = max(2, (fontSize * 0.2).rounded())
        let lineHeight = ((try? TextLayout(text: "Ág", font: font).height) ?? fontSize * 1.2).rounded(.up)
        let barHeight = max(2, (fontSize * 0.25).rounded())
        let width = max(1, size.width - 2 * padding)
        let widest = PlayerStatus.widest(name: longestName)
        let oneLineFits = OverlayLine.width(widest.lines(1)[0].text, font: font) <= width
        let statusLines = oneLineFits ? 1 : 2
        let keysFit = OverlayLine.width(PlayerKeyLine.minimal.text, font: font) <= width
        func layout(status: Int, keys: Bool) -> OverlayLayout {
            var y = padding
            var statusFrames: [Rect] = []
            for _ in 0..<status {
                statusFrames.append(Rect(x: padding, y: y, width: width, height: lineHeight))
                y += lineHeight + gap
            }
            let track = Rect(x: padding, y: y, width: width, height: barHeight)
            y += barHeight
            var keysFrame: Rect?
            if keys {
                y += gap
                keysFrame = Rect(x: padding, y: y, width: width, height: lineHeight)
                y += lineHeight
            }
            return OverlayLayout(
                fontSize: fontSize, padding: padding, gap: gap, lineHeight: lineHeight, statusFrames: statusFrames,
                trackFrame: track, keysFrame: keysFrame, bandHeight: y + padding)
        }
        var found: [OverlayLayout] = []
        if keysFit { found.append(layout(status: statusLines, keys: true)) }
        found.append(layout(status: statusLines, keys: false))
        if statusLines == 2 { found.append(layout(status: 1, keys: false)) }  // elided, as a last resort
        return found
    }

    /// The progress a press at `point` (in band coordinates) seeks to, or nil when it is not on
    /// the bar: the track's width, and its row widened to a comfortable target (the gap and
    /// half a line above and below, within the band).
    public func seekProgress(at point: Point) -> Double? {
        let reach = gap + lineHeight / 2
        guard point.y >= trackFrame.minY - reach, point.y <= trackFrame.maxY + reach,
              point.x >= trackFrame.minX - padding, point.x <= trackFrame.maxX + padding, trackFrame.width > 0
        else { return nil }
        return min(max((point.x - trackFrame.minX) / trackFrame.width, 0), 1)
    }
}
