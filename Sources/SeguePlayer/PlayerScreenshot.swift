import Foundation
import SegueGL
import SegueImage

/// S in the demo window: the show's picture at the progress on screen, as a PNG — the picture
/// alone at the show's own size (the overlay and any letterbox bands are the window's, not the
/// transition's), so it equals a headless `segue render` frame at that progress.
@MainActor
public enum PlayerScreenshot {
    /// Draws `show` once more into its offscreen stage (time does not move) and writes it into
    /// `directory` as `segue-NAME-PROGRESS.png` (a number added when that file exists).
    /// Returns the path.
    public static func save(_ show: any PlayerShow, into directory: String) throws -> String {
        let direct = show.directTarget
        show.directTarget = nil
        defer { show.directTarget = direct }
        try show.draw(advancing: 0)
        let image = try show.stage.readImage()
        let path = freePath(in: directory, name: show.name, progress: show.shownProgress)
        try PNGCodec.write(image, to: path)
        return path
    }

    /// `segue-NAME-0.450.png`, or `-2`, `-3`, … before `.png` when taken.
    public static func freePath(in directory: String, name: String, progress: Double) -> String {
        // A shader file's name without its folder and extension.
        let base = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
        let safe = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        let stem = (directory as NSString).appendingPathComponent("segue-\(safe)-" + String(format: "%.3f", progress))
        var path = stem + ".png"
        var number = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(number).png"
            number += 1
        }
        return path
    }
}
