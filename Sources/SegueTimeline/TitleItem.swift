import Foundation
import SegueEffects
import SegueExport
import SegueImage

/// What a title card shows behind its text: a colour, a vertical gradient (top to bottom,
/// stops evenly spaced) or a picture fitted as the edit's pictures are.
public enum TitleBackground: Equatable, Sendable {
    case color(SIMD4<UInt8>)
    case gradient([SIMD4<UInt8>])
    case picture(path: String)

    /// The background at the frame's size: made once per item, then shown as a still.
    func render(width: Int, height: Int, resize: ResizeMode) throws -> RGBAImage {
        switch self {
        case let .color(color):
            return try RGBAImage(width: width, height: height, fill: color)
        case let .gradient(stops):
            var image = try RGBAImage(width: width, height: height, fill: stops[0])
            for y in 0..<height {
                let color = Self.mix(stops, at: height > 1 ? Double(y) / Double(height - 1) : 0)
                for x in 0..<width { image[x, y] = color }
            }
            return image
        case let .picture(path):
            let decoded = try PictureDecoder.read(path: path) {
                FittedPicture.neededSize(width: $0, height: $1, mode: resize, frameWidth: width, frameHeight: height)
            }
            return try FittedPicture.fit(decoded, mode: resize, width: width, height: height)
        }
    }

    /// The gradient's colour at `t` (0 at the top, 1 at the bottom), each channel linear between stops.
    static func mix(_ stops: [SIMD4<UInt8>], at t: Double) -> SIMD4<UInt8> {
        guard stops.count > 1 else { return stops[0] }
        let position = min(max(t, 0), 1) * Double(stops.count - 1)
        let lower = min(Int(position), stops.count - 2)
        let f = position - Double(lower)
        let (a, b) = (SIMD4<Double>(stops[lower]), SIMD4<Double>(stops[lower + 1]))
        let mixed = (a + (b - a) * f).rounded(.toNearestOrAwayFromZero)
        return SIMD4<UInt8>(mixed)
    }
}

extension EditPlanChecker {
    /// A title item: its background checked (a picture decoded once, as picture items are), its
    /// length in frames. Its text becomes an overlay of the item (`EditPlan.addText`).
    func titleItem(_ title: EditTitle, place: String, fps: FrameRate, frameWidth: Int, frameHeight: Int, resize: ResizeMode) throws -> EditPlan.Item {
        let background: TitleBackground
        switch title.background ?? .color("#000000") {
        case let .color(text):
            background = .color(try EditColor.parse(text, place: "\(place).background"))
        case let .gradient(texts):
            guard (2...16).contains(texts.count) else {
                throw EditSpecError("\(place).background.gradient", "\(texts.count) colours; a gradient takes 2...16 (top to bottom)")
            }
            background = .gradient(try texts.enumerated().map { try EditColor.parse($1, place: "\(place).background.gradient[\($0)]") })
        case let .picture(path):
            let resolved = try checkedPicture(path, frameWidth: frameWidth, frameHeight: frameHeight, resize: resize) {
                EditSpecError("\(place).background", "\($0) (a background is a colour such as \"#101018\", a picture file or {\"gradient\": [top, bottom]})")
            }
            background = .picture(path: resolved)
        }
        return EditPlan.Item(source: .title(background), frames: try frames(title.duration, fps: fps, place: "\(place).duration"), place: place)
    }
}

extension EditPlan {
    /// The texts of `spec` as overlays of this plan: titles', items' and the whole edit's, and
    /// subtitles (burned in as overlays, or kept for a soft track). Called once its items are known.
    mutating func addText(_ spec: EditSpec, checker: EditPlanChecker) throws {
        let (fps, width, height) = (frameRate, self.width, self.height)
        var overlays: [TextOverlay] = []
        for (index, item) in spec.items.enumerated() {
            let frames = items[index].frames
            if case let .title(title) = item {
                overlays.append(try checker.textOverlay(
                    TextStyle(title.text), place: "items[\(index)]", scope: .item(index), frames: 0..<frames, width: width, height: height,
                    fps: fps, defaultSize: Double(height) / 10, defaultPosition: "center", contentPlace: "items[\(index)].title"))
            }
            let texts = spec.itemTexts?[index] ?? []
            for (k, text) in texts.enumerated() {
                let place = "items[\(index)].text" + (texts.count > 1 ? "[\(k)]" : "")
                let span = try checker.textFrames(start: text.start, end: text.end, length: frames, fps: fps, place: place, within: "the item")
                overlays.append(try checker.textOverlay(
                    TextStyle(text), place: place, scope: .item(index), frames: span, width: width, height: height, fps: fps,
                    defaultSize: Double(height) / 15, defaultPosition: "bottom"))
            }
        }
        for (index, text) in (spec.texts ?? []).enumerated() {
            let place = "texts[\(index)]"
            let span = try checker.textFrames(start: text.start, end: text.end, length: totalFrames, fps: fps, place: place, within: "the edit")
            overlays.append(try checker.textOverlay(
                TextStyle(text), place: place, scope: .edit, frames: span, width: width, height: height, fps: fps,
                defaultSize: Double(height) / 15, defaultPosition: "bottom"))
        }
        if let subtitles = spec.subtitles {
            let track = try checker.subtitles(subtitles, totalFrames: totalFrames, fps: fps)
            inputPaths.append(track.path)
            if track.soft {
                softSubtitles = track
            } else {
                for cue in track.cues {
                    let frames = cue.frames(fps: fps, limit: totalFrames)
                    guard !frames.isEmpty else { continue }
                    overlays.append(try checker.textOverlay(
                        TextStyle(subtitles: subtitles, content: cue.text), place: "subtitles", scope: .edit, frames: frames,
                        width: width, height: height, fps: fps, defaultSize: Double(height) / 18, defaultPosition: "bottom",
                        contentPlace: "subtitles.file: '\(subtitles.file)' line \(cue.line)"))
                }
            }
        }
        textOverlays = overlays
    }

    /// Whether text is drawn on any frame of each item (its own, or the edit's over it): one
    /// pass over the overlays and one over the items, as their starts and ends never go back
    /// (10,000 texts over 100,000 items were checked item by item, text by text).
    func itemsWithText() -> [Bool] {
        var shown = [Bool](repeating: false, count: items.count)
        var spans: [Range<Int>] = []
        for overlay in textOverlays {
            switch overlay.scope {
            case let .item(item): shown[item] = true
            case .edit: if !overlay.frames.isEmpty { spans.append(overlay.frames) }
            }
        }
        // The edit's text spans as their union: sorted, disjoint ranges.
        var union: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = union.last, span.lowerBound <= last.upperBound {
                union[union.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                union.append(span)
            }
        }
        var next = 0
        for index in items.indices {
            let frames = itemStarts[index]..<(itemStarts[index] + items[index].frames)
            while next < union.count, union[next].upperBound <= frames.lowerBound { next += 1 }
            if next < union.count, union[next].overlaps(frames) { shown[index] = true }
        }
        return shown
    }
}
