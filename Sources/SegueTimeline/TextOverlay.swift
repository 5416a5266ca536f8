import Foundation
import SegueExport
import SegueText

/// Text of an edit, checked and laid out (shaped by HarfBuzz, wrapped) at the output's size:
/// a title's, an item's caption, text over the whole edit, or a burned-in subtitle cue.
public struct TextOverlay {
    public enum Scope: Equatable, Sendable {
        /// Drawn on item `index`'s own frames before any transition, so it moves with the item.
        case item(Int)
        /// Drawn over the finished frames of the edit (transitions included).
        case edit
    }

    public enum Animation: String, Sendable, CaseIterable {
        /// Opacity from 0 over the first `animationFrames`, back to 0 over the last.
        case fade
        /// Rises a tenth of the frame's height into place while fading in (eased out); fades out.
        case slideIn = "slide-in"
        /// Glyphs appear one by one, 20 a second (at most over 60 % of the span); fades out.
        case typeOn = "type-on"
        case none
    }

    public let scope: Scope
    /// The frames it shows on: the item's own (from 0) for `.item`, the edit's for `.edit`.
    public let frames: Range<Int>
    /// `items[2].text[0]`, `texts[1]`, `subtitles (cue at line 14)`, for messages.
    public let place: String
    public let layout: TextLayout
    public let color: SIMD4<UInt8>
    public let alignment: TextAlignment
    /// The text's top-left corner in the frame, in whole pixels (top row 0).
    public let origin: (x: Int, y: Int)
    public let animation: Animation
    /// Frames of the fade (or slide) in and of the fade out: half a second, at most a third of the span.
    public let animationFrames: Int
    let frameHeight: Int
    let framesPerSecond: Double

    /// How it looks at `frame` (in `frames`' terms): opacity, vertical shift in pixels and the
    /// glyphs shown (all unless typing on).
    public func state(at frame: Int) -> (opacity: Double, shiftY: Int, glyphs: Int) {
        let all = layout.glyphCount
        guard frames.contains(frame) else { return (0, 0, 0) }
        if animation == .none { return (1, 0, all) }
        let sinceStart = Double(frame - frames.lowerBound), untilEnd = Double(frames.upperBound - frame)
        let span = Double(animationFrames)
        let fadeOut = min(1, untilEnd / span)
        switch animation {
        case .fade:
            return (min(1, sinceStart / span) * fadeOut, 0, all)
        case .slideIn:
            let progress = min(1, sinceStart / span)
            let eased = 1 - pow(1 - progress, 3)
            return (progress * fadeOut, Int(((1 - eased) * Double(frameHeight) / 10).rounded()), all)
        case .typeOn:
            let typing = min(Double(all) * framesPerSecond / 20, Double(frames.count) * 0.6)
            let shown = typing <= 0 ? all : min(all, Int((Double(all) * (sinceStart + 1) / typing).rounded(.up)))
            return (fadeOut, 0, shown)
        case .none:
            return (1, 0, all)
        }
    }
}

/// The text style an overlay is made from, with the defaults of where it comes from.
struct TextStyle {
    var content: String
    var font: String?
    var size: Double?
    var color: String?
    var position: EditTextPosition?
    var animation: String?

    init(_ text: EditText) {
        (content, font, size, color, position, animation) = (text.content, text.font, text.size, text.color, text.position, text.animation)
    }

    init(subtitles: EditSubtitles, content: String) {
        (self.content, font, size, color, position, animation) = (content, subtitles.font, subtitles.size, subtitles.color, subtitles.position, "none")
    }
}

extension EditPlanChecker {
    /// Checks `style` at `place` and lays it out for a `width` x `height` frame, shown on `frames`.
    func textOverlay(
        _ style: TextStyle, place: String, scope: TextOverlay.Scope, frames: Range<Int>, width: Int, height: Int, fps: FrameRate,
        defaultSize: Double, defaultPosition: String, contentPlace: String? = nil
    ) throws -> TextOverlay {
        guard !frames.isEmpty else { throw EditSpecError(place, "shows on no frame (its end is at or before its start)") }
        let size = style.size ?? defaultSize
        guard size.isFinite, size >= 1, size <= TextLimits.maxPixelSize else {
            throw EditSpecError("\(place).size", "\(size) must be a size in pixels, 1...\(Int(TextLimits.maxPixelSize))")
        }
        let color = try EditColor.parse(style.color ?? "white", place: "\(place).color")
        guard let animation = TextOverlay.Animation(rawValue: style.animation ?? "fade") else {
            throw EditSpecError("\(place).animation", "'\(style.animation ?? "")' is not one of "
                + TextOverlay.Animation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let font = try self.font(style.font, size: size, place: "\(place).font")
        let area = try TextPlacement(style.position ?? .named(defaultPosition), width: width, height: height, place: "\(place).position")
        let layout: TextLayout
        do {
            layout = try TextLayout(text: style.content, font: font, maxWidth: Double(area.width))
        } catch {
            throw EditSpecError(contentPlace ?? "\(place).content", "\(error)")
        }
        guard layout.width * layout.height <= Double(TextLimits.maxPixels) else {
            throw EditSpecError(contentPlace ?? "\(place).content", "the text's picture (\(Int(layout.width))x\(Int(layout.height))) is too large")
        }
        return TextOverlay(
            scope: scope, frames: frames, place: place, layout: layout, color: color, alignment: area.alignment,
            origin: area.origin(width: layout.width, height: layout.height), animation: animation,
            animationFrames: max(1, min(Int((fps.value / 2).rounded()), frames.count / 3)), frameHeight: height, framesPerSecond: fps.value)
    }

    /// A family fontconfig knows, or a font file (relative to the spec's folder).
    func font(_ name: String?, size: Double, place: String) throws -> Font {
        guard let name else { return Font.systemFont(ofSize: size) }
        let key = "\(name)\u{0}\(size)"
        if let known = cache.fonts[key] { return known }
        let lower = name.lowercased()
        do {
            let font = if [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }) {
                try Font(fileAt: try regularFile(resolve(name), named: name, place: place), size: size)
            } else {
                try Font(name: name, size: size)
            }
            cache.fonts[key] = font
            return font
        } catch let error as EditSpecError {
            throw error
        } catch {
            throw EditSpecError(place, "\(error)")
        }
    }

    /// `resolved`, once `requireRegularFile` has found it a readable regular file.
    func regularFile(_ resolved: String, named path: String, place: String) throws -> String {
        try requireRegularFile(resolved, named: path, place: place)
        return resolved
    }

    /// Frames `start`..`end` seconds (defaults: 0 and `length` frames), within `0..<length`.
    func textFrames(start: Double?, end: Double?, length: Int, fps: FrameRate, place: String, within what: String) throws -> Range<Int> {
        let total = fps.seconds(length)
        for (name, value) in [("start", start), ("end", end)] {
            if let value, !(value.isFinite && value >= 0 && value <= total + 0.5 / fps.value) {
                throw EditSpecError("\(place).\(name)", "\(value) is outside \(what) (0...\(Self.seconds(total)) s)")
            }
        }
        let range = 0...(total + 0.5 / fps.value)
        let first = try start.map { try SpecNumber.whole($0, place: "\(place).start", in: range, "s") { fps.frames(inSeconds: $0) } } ?? 0
        let last = min(length, try end.map { try SpecNumber.whole($0, place: "\(place).end", in: range, "s") { fps.frames(inSeconds: $0) } } ?? length)
        guard first < last else {
            throw EditSpecError("\(place).end", "\(Self.seconds(fps.seconds(last))) s must be after start (\(Self.seconds(fps.seconds(first))) s)")
        }
        return first..<last
    }
}

/// Where a text's lines go in the frame: its area (the frame inset by 5 % of its height, or a
/// box), the lines' alignment, and how the text block sits in the area.
struct TextPlacement {
    static let names = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
    let x: Int, y: Int, width: Int, height: Int
    let alignment: TextAlignment
    /// -1, 0, 1: left/top, centre, right/bottom.
    let horizontal: Int, vertical: Int

    init(_ position: EditTextPosition, width frameWidth: Int, height frameHeight: Int, place: String) throws {
        switch position {
        case let .named(name):
            guard Self.names.contains(name) else {
                throw EditSpecError(place, "'\(name)' is not one of \(Self.names.joined(separator: ", ")) or a box {\"x\", \"y\", \"width\", \"height\"}")
            }
            let margin = Int((Double(frameHeight) * 0.05).rounded())
            (x, y, width, height) = (margin, margin, max(1, frameWidth - 2 * margin), max(1, frameHeight - 2 * margin))
            horizontal = name.hasSuffix("left") ? -1 : name.hasSuffix("right") ? 1 : 0
            vertical = name.hasPrefix("top") ? -1 : name.hasPrefix("bottom") ? 1 : 0
        case let .box(bx, by, bw, bh):
            guard [bx, by, bw, bh].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }), bw > 0, bh > 0 else {
                throw EditSpecError(place, "a box's x, y, width and height are fractions of the frame, 0...1 (width and height above 0)")
            }
            // Fractions 0...1 of the frame (checked above), so every product converts.
            x = SpecNumber.integer(bx * Double(frameWidth)) ?? 0
            y = SpecNumber.integer(by * Double(frameHeight)) ?? 0
            width = max(1, SpecNumber.integer(bw * Double(frameWidth)) ?? 1)
            height = max(1, SpecNumber.integer(bh * Double(frameHeight)) ?? 1)
            (horizontal, vertical) = (0, 0)
        }
        alignment = horizontal < 0 ? .left : horizontal > 0 ? .right : .center
    }

    /// The top-left corner of a `width` x `height` text block, in whole pixels.
    func origin(width textWidth: Double, height textHeight: Double) -> (x: Int, y: Int) {
        let w = textWidth.rounded(.up), h = textHeight.rounded(.up)
        let left = horizontal < 0 ? Double(x) : horizontal > 0 ? Double(x + width) - w : Double(x) + (Double(width) - w) / 2
        let top = vertical < 0 ? Double(y) : vertical > 0 ? Double(y + height) - h : Double(y) + (Double(height) - h) / 2
        return (Int(left.rounded()), Int(top.rounded()))
    }
}

/// Colours as an edit spec writes them: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a CSS basic name.
enum EditColor {
    static let names: [String: String] = [
        "white": "#ffffff", "black": "#000000", "red": "#ff0000", "green": "#008000", "blue": "#0000ff", "yellow": "#ffff00",
        "cyan": "#00ffff", "magenta": "#ff00ff", "gray": "#808080", "grey": "#808080", "orange": "#ffa500",
        "transparent": "#00000000",
    ]

    static func looksLikeColor(_ text: String) -> Bool { text.hasPrefix("#") || names[text.lowercased()] != nil }

    static func parse(_ text: String, place: String) throws -> SIMD4<UInt8> {
        let hex = (names[text.lowercased()] ?? text).dropFirst()
        guard (names[text.lowercased()] ?? text).hasPrefix("#"), [3, 6, 8].contains(hex.count),
              hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {   // not full-width digits (Unicode's hex digits)
            throw EditSpecError(place, "'\(text)' is not a colour (#RGB, #RRGGBB, #RRGGBBAA or one of \(names.keys.sorted().joined(separator: ", ")))")
        }
        let digits = hex.count == 3 ? hex.flatMap { [$0, $0] } : Array(hex)
        var bytes: [UInt8] = stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...($0 + 1)]), radix: 16) ?? 0 }
        if bytes.count == 3 { bytes.append(255) }
        return SIMD4(bytes[0], bytes[1], bytes[2], bytes[3])
    }
}

extension EditSpecLimits {
    /// Texts over items and the edit: each is shaped once, when the plan is made.
    public static let texts = 10_000
    /// The UTF-8 of all texts and titles together: what shaping costs grows with it (10,000
    /// texts holding 4 MiB and an SRT file of 20,000 cues plan in about 4 s; docs/Benchmarks.md).
    public static let textBytes = 4 << 20

    static func checkTexts(_ spec: EditSpec) throws {
        let all = (spec.texts ?? []) + (spec.itemTexts ?? []).flatMap { $0 }
        guard all.count <= texts else { throw EditSpecError("texts", "\(all.count) texts; an edit holds at most \(texts)") }
        let titles = spec.items.reduce(0) { sum, item in if case let .title(title) = item { sum + title.title.utf8.count } else { sum } }
        let bytes = all.reduce(titles) { $0 + $1.content.utf8.count }
        guard bytes <= textBytes else {
            throw EditSpecError("texts", "\(bytes) bytes of text; an edit's texts and titles hold at most \(textBytes) bytes (4 MiB) of UTF-8 in all")
        }
    }
}
