import SegueImage
import SegueScene

/// The window's overlay, drawn by the engine itself (the compositor, like everything else, so
/// it shows where window titles are hidden): a band at the bottom with the effect's name and
/// state, frame rate and frame times, a progress bar, and the key help line. Text is drawn with
/// `BitmapFont` into an image that is uploaded only when its text changes; the progress bar is
/// two coloured views, so a frame that only moves the bar uploads nothing.
@MainActor
final class PlayerOverlay {
    nonisolated static let helpLine = "SPACE PAUSE  </> STEP  R REVERSE  1-5 SPEED  L LOOP  N/P EFFECT  H HUD  Q QUIT"

    let view = View(name: "overlay")
    private let status = View(name: "overlay.status")
    private let help = View(name: "overlay.help")
    private let track = View(name: "overlay.track")
    private let fill = View(name: "overlay.fill")
    private var statusText = ""
    private var width = 0.0
    private var scale = 1

    private static let background = SIMD4<UInt8>(24, 24, 28, 255)
    private static let ink = SIMD4<UInt8>(235, 235, 235, 255)

    init() {
        track.backgroundColor = Color(red: 0.3, green: 0.3, blue: 0.33, alpha: 1)
        fill.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.15, alpha: 1)
        for child in [status, track, fill, help] { view.addSubview(child) }
    }

    /// Height of the band at this window width.
    nonisolated static func height(forWidth width: Double) -> Double {
        let scale = textScale(forWidth: width)
        return Double((2 * BitmapFont.glyphHeight + 5 * 4) * scale)  // two lines, a 4-high bar, 4-pixel gaps
    }

    nonisolated private static func textScale(forWidth width: Double) -> Int {
        BitmapFont.size(of: helpLine, scale: 2).width + 16 <= Int(width) ? 2 : 1
    }

    /// Lays the band out along the bottom of a window of `size`.
    func layout(in size: Size) {
        width = size.width
        scale = Self.textScale(forWidth: size.width)
        let s = Double(scale)
        let lineHeight = Double(BitmapFont.glyphHeight * scale)
        let height = Self.height(forWidth: size.width)
        view.frame = Rect(x: 0, y: size.height - height, width: size.width, height: height)
        view.backgroundColor = Color(red: 24.0 / 255, green: 24.0 / 255, blue: 28.0 / 255, alpha: 1)
        status.frame = Rect(x: 0, y: 4 * s, width: size.width, height: lineHeight)
        track.frame = Rect(x: 8 * s, y: 4 * s + lineHeight + 4 * s, width: max(0, size.width - 16 * s), height: 4 * s)
        help.frame = Rect(x: 0, y: track.frame.maxY + 4 * s, width: size.width, height: lineHeight)
        help.content = Self.textImage(Self.helpLine, width: Int(size.width), scale: scale).map { .image($0) }
        statusText = ""  // redrawn at the new width on the next update
    }

    /// Shows `progress` on the bar (every frame: two views move, nothing is uploaded).
    func update(progress: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        fill.frame = Rect(x: track.frame.minX, y: track.frame.minY, width: track.frame.width * p, height: track.frame.height)
    }

    /// Shows `text` on the status line (drawn and uploaded only when it changed).
    func update(text: String) {
        guard text != statusText else { return }
        statusText = text
        status.content = Self.textImage(text, width: Int(width), scale: scale).map { .image($0) }
    }

    /// One line of text on the band's colour; nil only for an impossible (empty) size.
    private static func textImage(_ text: String, width: Int, scale: Int) -> RGBAImage? {
        guard var image = try? RGBAImage(width: max(1, width), height: BitmapFont.glyphHeight * scale, fill: background) else { return nil }
        BitmapFont.draw(text, into: &image, x: 8 * scale, y: 0, scale: scale, color: ink)
        return image
    }
}
