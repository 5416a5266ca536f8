import Foundation

/// An edit as a JSON file describes it (`segue edit SPEC.json`, schema in
/// docs/edit-spec.schema.json): pictures and clips one after another, one transition per
/// junction, overlapping as ffmpeg's xfade does, and optional music. Unknown keys are errors,
/// so a misspelt setting is never silently ignored.
public struct EditSpec: Codable, Sendable, Equatable {
    /// "WIDTHxHEIGHT".
    public var size: String
    public var fps: Int?
    /// cover (default), contain or stretch.
    public var resize: String?
    public var items: [EditItem]
    /// One per junction (items.count − 1); absent means hard cuts.
    public var transitions: [EditTransition]?
    public var audio: EditAudio?
    /// How HDR clips (HLG, PQ) are brought to SDR: hable (default), mobius, reinhard or clip
    /// (`ToneMapOperator`, ffmpeg's `tonemap` names).
    public var tonemap: String?
    /// Where transitions mix: `srgb` (the default, as gl-transitions and xfade) or `linear` light.
    public var blend: String?

    public init(size: String, fps: Int? = nil, resize: String? = nil, items: [EditItem],
                transitions: [EditTransition]? = nil, audio: EditAudio? = nil, tonemap: String? = nil, blend: String? = nil) {
        (self.size, self.fps, self.resize, self.items, self.transitions, self.audio) = (size, fps, resize, items, transitions, audio)
        self.tonemap = tonemap
        self.blend = blend
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case size, fps, resize, items, transitions, audio, tonemap, blend }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        size = try keys.decode(String.self, forKey: .size)
        // Read as a number first: 29.97 is a fractional rate, not "not valid JSON".
        if let rate = try keys.decodeIfPresent(Double.self, forKey: .fps) {
            guard rate.isFinite, rate == rate.rounded(), abs(rate) < 1e9 else {
                throw EditSpecError("fps", "\(rate) is not a whole number of frames a second; an edit runs at a whole rate, such as 30 "
                    + "(fractional rates such as 29.97 are not supported)")
            }
            fps = Int(rate)
        } else {
            fps = nil
        }
        resize = try keys.decodeIfPresent(String.self, forKey: .resize)
        items = try keys.decode([EditItem].self, forKey: .items)
        transitions = try keys.decodeIfPresent([EditTransition].self, forKey: .transitions)
        audio = try keys.decodeIfPresent(EditAudio.self, forKey: .audio)
        tonemap = try keys.decodeIfPresent(String.self, forKey: .tonemap)
        blend = try keys.decodeIfPresent(String.self, forKey: .blend)
    }
}

/// A picture shown for `duration` seconds, or the span `from`..`to` (seconds, default the whole
/// clip) of a clip.
public enum EditItem: Codable, Sendable, Equatable {
    case picture(path: String, duration: Double)
    case clip(path: String, from: Double?, to: Double?)

    enum CodingKeys: String, CodingKey, CaseIterable { case picture, duration, clip, from, to }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        switch (keys.contains(.picture), keys.contains(.clip)) {
        case (true, false):
            try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["picture", "duration"])
            self = .picture(path: try keys.decode(String.self, forKey: .picture), duration: try keys.decode(Double.self, forKey: .duration))
        case (false, true):
            try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["clip", "from", "to"])
            self = .clip(path: try keys.decode(String.self, forKey: .clip),
                         from: try keys.decodeIfPresent(Double.self, forKey: .from), to: try keys.decodeIfPresent(Double.self, forKey: .to))
        default:
            throw EditSpecError(codingPath: decoder.codingPath, "an item has one of \"picture\" (with \"duration\") or \"clip\" (with optional \"from\", \"to\")")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .picture(path, duration):
            try keys.encode(path, forKey: .picture)
            try keys.encode(duration, forKey: .duration)
        case let .clip(path, from, to):
            try keys.encode(path, forKey: .clip)
            try keys.encodeIfPresent(from, forKey: .from)
            try keys.encodeIfPresent(to, forKey: .to)
        }
    }
}

/// The transition at one junction: a built-in effect's name, a `.glsl` file (gl-transitions
/// format) or "cut", over `duration` seconds (default 1), eased by `easing` (see `Easing`), with
/// the effect's `params`; `audio` is the sound's crossfade curve (see `AudioCrossfade`).
public struct EditTransition: Codable, Sendable, Equatable {
    public var effect: String
    public var duration: Double?
    public var easing: String?
    public var params: [String: EditParameter]?
    public var audio: String?

    public init(effect: String, duration: Double? = nil, easing: String? = nil, params: [String: EditParameter]? = nil, audio: String? = nil) {
        (self.effect, self.duration, self.easing, self.params, self.audio) = (effect, duration, easing, params, audio)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case effect, duration, easing, params, audio }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        effect = try keys.decode(String.self, forKey: .effect)
        duration = try keys.decodeIfPresent(Double.self, forKey: .duration)
        easing = try keys.decodeIfPresent(String.self, forKey: .easing)
        params = try keys.decodeIfPresent([String: EditParameter].self, forKey: .params)
        audio = try keys.decodeIfPresent(String.self, forKey: .audio)
    }
}

/// A parameter value as JSON gives it: a number, a boolean, a list of numbers (vectors) or a
/// string (a texture's file or luma map, or the value as the command line's --param writes it).
public enum EditParameter: Codable, Sendable, Equatable {
    case number(Double), bool(Bool), numbers([Double]), text(String)

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let bool = try? value.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? value.decode(Double.self) { self = .number(number) }
        else if let numbers = try? value.decode([Double].self) { self = .numbers(numbers) }
        else if let text = try? value.decode(String.self) { self = .text(text) }
        else { throw EditSpecError(codingPath: decoder.codingPath, "a parameter is a number, a boolean, a list of numbers or a string") }
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case let .number(number): try value.encode(number)
        case let .bool(bool): try value.encode(bool)
        case let .numbers(numbers): try value.encode(numbers)
        case let .text(text): try value.encode(text)
        }
    }

    /// The value as `--param name=value` writes it, which `GLTransitionSource.value(for:from:)` parses.
    var commandLineText: String {
        switch self {
        case let .number(number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case let .bool(bool): bool ? "true" : "false"
        case let .numbers(numbers): numbers.map { EditParameter.number($0).commandLineText }.joined(separator: ",")
        case let .text(text): text
        }
    }
}

/// Music under the whole edit: `volume` (gain, default 1), fades in and out in seconds.
public struct EditAudio: Codable, Sendable, Equatable {
    public var music: String?
    public var volume: Double?
    public var fadeIn: Double?
    public var fadeOut: Double?

    public init(music: String? = nil, volume: Double? = nil, fadeIn: Double? = nil, fadeOut: Double? = nil) {
        (self.music, self.volume, self.fadeIn, self.fadeOut) = (music, volume, fadeIn, fadeOut)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case music, volume, fadeIn, fadeOut }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        music = try keys.decodeIfPresent(String.self, forKey: .music)
        volume = try keys.decodeIfPresent(Double.self, forKey: .volume)
        fadeIn = try keys.decodeIfPresent(Double.self, forKey: .fadeIn)
        fadeOut = try keys.decodeIfPresent(Double.self, forKey: .fadeOut)
    }
}

/// An edit that cannot be made, with its place in the spec (`items[2].to`) and why.
public struct EditSpecError: Error, Equatable, CustomStringConvertible {
    /// Where in the spec: `items[2].to`, `transitions[0].effect`, or "spec" for the whole file.
    public let place: String
    public let message: String

    public init(_ place: String, _ message: String) {
        (self.place, self.message) = (place, message)
    }

    init(codingPath: [any CodingKey], _ message: String) {
        self.init(Self.place(codingPath), message)
    }

    public var description: String { "\(place): \(message)" }

    /// `items[2].to` from a decoder's coding path.
    static func place(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "spec" : text
    }
}

/// The unknown-key check every object of the spec makes.
enum EditSpecKeys {
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func rejectUnknown(in decoder: any Decoder, allowed: [String]) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            throw EditSpecError(codingPath: decoder.codingPath + [AnyKey(stringValue: unknown)],
                                "unknown key; this object takes " + allowed.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}
