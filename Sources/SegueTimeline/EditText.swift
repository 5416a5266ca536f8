import Foundation

/// Text drawn over an edit (docs/Export.md, "Titles, text and subtitles"): on an item (times
/// from the item's start, default its whole length) or over the whole edit (`texts`, times from
/// the edit's start). Size is in pixels of the output; colours are `#RGB`, `#RRGGBB`,
/// `#RRGGBBAA` or a CSS basic name.
public struct EditText: Codable, Sendable, Equatable {
    public var content: String
    /// A family fontconfig knows (`fc-list`) or a `.ttf`/`.otf`/`.ttc` file; default DejaVu Sans
    /// (characters it lacks, CJK among them, come from a font fontconfig finds for them).
    public var font: String?
    public var size: Double?
    public var color: String?
    public var position: EditTextPosition?
    public var start: Double?
    public var end: Double?
    /// fade (default), slide-in, type-on or none.
    public var animation: String?

    public init(content: String, font: String? = nil, size: Double? = nil, color: String? = nil, position: EditTextPosition? = nil,
                start: Double? = nil, end: Double? = nil, animation: String? = nil) {
        (self.content, self.font, self.size, self.color, self.position) = (content, font, size, color, position)
        (self.start, self.end, self.animation) = (start, end, animation)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case content, font, size, color, position, start, end, animation }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        content = try keys.decode(String.self, forKey: .content)
        font = try keys.decodeIfPresent(String.self, forKey: .font)
        size = try keys.decodeIfPresent(Double.self, forKey: .size)
        color = try keys.decodeIfPresent(String.self, forKey: .color)
        position = try keys.decodeIfPresent(EditTextPosition.self, forKey: .position)
        start = try keys.decodeIfPresent(Double.self, forKey: .start)
        end = try keys.decodeIfPresent(Double.self, forKey: .end)
        animation = try keys.decodeIfPresent(String.self, forKey: .animation)
    }
}

/// Where text sits: a named place (`center`, `top`, `bottom`, `left`, `right`, `top-left`,
/// `top-right`, `bottom-left`, `bottom-right`), inset by 5 % of the frame's height, or a box in
/// fractions of the frame (`{"x", "y", "width", "height"}`, text centred in it and wrapped to its width).
public enum EditTextPosition: Codable, Sendable, Equatable {
    case named(String)
    case box(x: Double, y: Double, width: Double, height: Double)

    enum CodingKeys: String, CodingKey, CaseIterable { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .named(name)
            return
        }
        guard (try? decoder.container(keyedBy: CodingKeys.self)) != nil else {
            throw EditSpecError(codingPath: decoder.codingPath, "a position is a name such as \"bottom\" or a box {\"x\", \"y\", \"width\", \"height\"}")
        }
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        self = .box(x: try keys.decode(Double.self, forKey: .x), y: try keys.decode(Double.self, forKey: .y),
                    width: try keys.decode(Double.self, forKey: .width), height: try keys.decode(Double.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .named(name):
            var value = encoder.singleValueContainer()
            try value.encode(name)
        case let .box(x, y, width, height):
            var keys = encoder.container(keyedBy: CodingKeys.self)
            try keys.encode(x, forKey: .x)
            try keys.encode(y, forKey: .y)
            try keys.encode(width, forKey: .width)
            try keys.encode(height, forKey: .height)
        }
    }
}

/// A title card: `title` over a `background` (a colour, `{"gradient": [top, bottom]}` or a
/// picture file) for `duration` seconds, styled as text is (default centred, white, a tenth of
/// the frame's height).
public struct EditTitle: Codable, Sendable, Equatable {
    public var title: String
    public var duration: Double
    public var background: EditTitleBackground?
    public var font: String?
    public var size: Double?
    public var color: String?
    public var position: EditTextPosition?
    public var animation: String?

    public init(title: String, duration: Double, background: EditTitleBackground? = nil, font: String? = nil, size: Double? = nil,
                color: String? = nil, position: EditTextPosition? = nil, animation: String? = nil) {
        (self.title, self.duration, self.background, self.font, self.size) = (title, duration, background, font, size)
        (self.color, self.position, self.animation) = (color, position, animation)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case title, duration, background, font, size, color, position, animation }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        title = try keys.decode(String.self, forKey: .title)
        duration = try keys.decode(Double.self, forKey: .duration)
        background = try keys.decodeIfPresent(EditTitleBackground.self, forKey: .background)
        font = try keys.decodeIfPresent(String.self, forKey: .font)
        size = try keys.decodeIfPresent(Double.self, forKey: .size)
        color = try keys.decodeIfPresent(String.self, forKey: .color)
        position = try keys.decodeIfPresent(EditTextPosition.self, forKey: .position)
        animation = try keys.decodeIfPresent(String.self, forKey: .animation)
    }

    /// The title as text over its item.
    var text: EditText {
        EditText(content: title, font: font, size: size, color: color, position: position ?? .named("center"), animation: animation ?? "none")
    }
}

/// Behind a title: a colour (`"#101018"`), a picture file (fitted as the edit's `resize` says)
/// or `{"gradient": [top, bottom]}`.
public enum EditTitleBackground: Codable, Sendable, Equatable {
    case color(String)
    case picture(String)
    case gradient([String])

    enum CodingKeys: String, CodingKey, CaseIterable { case gradient }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = EditColor.looksLikeColor(text) ? .color(text) : .picture(text)
            return
        }
        guard let keys = try? decoder.container(keyedBy: CodingKeys.self) else {
            throw EditSpecError(codingPath: decoder.codingPath, "a background is a colour, a picture file or {\"gradient\": [top, bottom]}")
        }
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["gradient"])
        self = .gradient(try keys.decode([String].self, forKey: .gradient))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .color(text), let .picture(text):
            var value = encoder.singleValueContainer()
            try value.encode(text)
        case let .gradient(colors):
            var keys = encoder.container(keyedBy: CodingKeys.self)
            try keys.encode(colors, forKey: .gradient)
        }
    }
}

/// Subtitles from an SRT file: burned into the pictures (styled as text is, default at the
/// bottom) or, with `"mode": "soft"`, muxed as a track players can turn on (mov_text in MP4,
/// WebVTT in WebM).
public struct EditSubtitles: Codable, Sendable, Equatable {
    public var file: String
    /// burn (default) or soft.
    public var mode: String?
    /// The soft track's ISO 639-2 language (`eng`, `deu`, `jpn`...).
    public var language: String?
    public var font: String?
    public var size: Double?
    public var color: String?
    public var position: EditTextPosition?

    public init(file: String, mode: String? = nil, language: String? = nil, font: String? = nil, size: Double? = nil,
                color: String? = nil, position: EditTextPosition? = nil) {
        (self.file, self.mode, self.language, self.font, self.size, self.color, self.position) = (file, mode, language, font, size, color, position)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case file, mode, language, font, size, color, position }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        file = try keys.decode(String.self, forKey: .file)
        mode = try keys.decodeIfPresent(String.self, forKey: .mode)
        language = try keys.decodeIfPresent(String.self, forKey: .language)
        font = try keys.decodeIfPresent(String.self, forKey: .font)
        size = try keys.decodeIfPresent(Double.self, forKey: .size)
        color = try keys.decodeIfPresent(String.self, forKey: .color)
        position = try keys.decodeIfPresent(EditTextPosition.self, forKey: .position)
    }
}

/// An item's `text`: one object or a list of them.
struct EditItemTexts: Decodable {
    let texts: [EditText]

    enum CodingKeys: String, CodingKey { case text }

    init(from decoder: any Decoder) throws {
        guard let keys = try? decoder.container(keyedBy: CodingKeys.self), keys.contains(.text) else {
            texts = []
            return
        }
        if (try? keys.nestedUnkeyedContainer(forKey: .text)) != nil {
            texts = try keys.decode([EditText].self, forKey: .text)
        } else {
            texts = [try keys.decode(EditText.self, forKey: .text)]
        }
    }
}
