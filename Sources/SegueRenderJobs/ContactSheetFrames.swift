import Foundation
import SegueImage
import SegueText

/// The frames a contact sheet of a render shows: about 24 of a long render, evenly spaced, and
/// the last, each labelled with its index and progress. Offer every frame as it is rendered.
public struct ContactSheetFrames {
    public let total: Int
    public private(set) var frames: [(image: RGBAImage, label: String)] = []

    public init(total: Int) { self.total = total }

    public mutating func offer(_ frame: TransitionRenderer.Frame) {
        let every = max(1, total / 24)  // keep the sheet readable for long renders
        guard frame.index % every == 0 || frame.index == total - 1 else { return }
        frames.append((frame.image, "#\(frame.index) p=\(String(format: "%.2f", frame.progress))"))
    }

    /// The sheet: up to six columns of thumbnails at most 320 pixels wide (or `width`), under
    /// `title`, lettered with a real font (DejaVu Sans through fontconfig; the bitmap font if none).
    public func make(width: Int, title: String, text: any ContactSheetTextRenderer = FontSheetText()) throws(ImageError) -> RGBAImage {
        let columns = min(6, max(1, Int(Double(frames.count).squareRoot().rounded(.up))))
        return try ContactSheet.make(
            frames: frames, columns: columns, thumbnailWidth: min(320, width), title: title, text: text)
    }
}

extension TransitionRenderer {
    /// `count` frames as one contact sheet (see `ContactSheetFrames`), titled with the
    /// transition's name, the size and the GL renderer.
    public func contactSheet(from: RGBAImage, to: RGBAImage, count: Int) throws -> RGBAImage {
        var sheet = ContactSheetFrames(total: count)
        let glRenderer = try render(from: from, to: to, count: count) { sheet.offer($0) }
        return try sheet.make(width: width, title: "\(name)  \(width)x\(height)  \(count) frames  (\(glRenderer))")
    }
}
