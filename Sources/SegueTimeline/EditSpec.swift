import Foundation

/// An edit as a JSON file describes it (`segue edit SPEC.json`, schema in
/// docs/edit-spec.schema.json): pictures and clips one after another, one transition per
/// junction, overlapping as ffmpeg's xfade does, and optional music. Unknown keys are errors,
/// so a misspelt setting is never silently ignored.
public struct EditSpec: Codable, Sendable, Equatable {
    /// "WIDTHxHEIGHT".
    /// "WIDTHxHEIGHT" or a preset (`EditSizePreset`: 1080p, 720p, 4k, vertical, square).
    public var size: String
    /// 30, 29.97, "30000/1001" ... (`FrameRate`); 30 when absent.
    public var fps: EditFrameRate?
    /// cover (default), contain or stretch.
    public var resize: String?
    public var items: [EditItem]
    /// One per junction (items.count − 1); absent means hard cuts.
    public var transitions: [EditTransition]?
    public var audio: EditAudio?
    /// How HDR clips (HLG, PQ) are brought to SDR: hable (default), mobius, reinhard or clip
    /// (`ToneMapOperator`, ffmpeg's `tonemap` names).
    public var tonemap: String?
    /// Where HLG clips' reference white lands in SDR: bt2408 (SDR white; the default when HLG
    /// clips are cut with SDR material) or ffmpeg (75 %, as ffmpeg's tonemap; the default
    /// otherwise). See `HLGReferenceWhite`.
    public var hlgReferenceWhite: String?
    /// Text over the whole edit (times from its start); see `EditText`.
    public var texts: [EditText]?
    public var subtitles: EditSubtitles?
    /// Each item's `text` (read from the items; nil when no item has any).
    public var itemTexts: [[EditText]]?
    /// Each item's `volume`, `fadeIn`, `fadeOut` (see `EditClipSound`), by index; empty when none has any.
    public var clipSounds: [EditClipSound] = []

    /// What shows where no item covers the frame: black (default) or transparent (`EditBackground`).
    public var background: String?
    /// Where transitions mix: `srgb` (the default, as gl-transitions and xfade) or `linear` light.
    public var blend: String?

    public init(size: String, fps: EditFrameRate? = nil, resize: String? = nil, items: [EditItem],
                transitions: [EditTransition]? = nil, audio: EditAudio? = nil, tonemap: String? = nil, background: String? = nil,
                blend: String? = nil) {
        self.init(size: size, fps: fps, resize: resize, items: items, transitions: transitions, audio: audio, tonemap: tonemap,
                  background: background, blend: blend, hlgReferenceWhite: nil)
    }

    /// With where HLG's reference white lands (`hlgReferenceWhite`: `bt2408` or `ffmpeg`; nil for the default).
    public init(size: String, fps: EditFrameRate? = nil, resize: String? = nil, items: [EditItem],
                transitions: [EditTransition]? = nil, audio: EditAudio? = nil, tonemap: String? = nil, background: String? = nil,
                blend: String? = nil, hlgReferenceWhite: String?) {
        (self.size, self.fps, self.resize, self.items, self.transitions, self.audio) = (size, fps, resize, items, transitions, audio)
        (self.tonemap, self.background, self.blend, self.hlgReferenceWhite) = (tonemap, background, blend, hlgReferenceWhite)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case size, fps, resize, items, transitions, audio, tonemap, hlgReferenceWhite, background, blend, texts, subtitles, itemTexts
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        // itemTexts is what EditSpec's own encoder writes for the items' text: read back, not advertised.
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue).filter { $0 != "itemTexts" || keys.contains(.itemTexts) })
        size = try keys.decode(String.self, forKey: .size)
        fps = try keys.decodeIfPresent(EditFrameRate.self, forKey: .fps)
        resize = try keys.decodeIfPresent(String.self, forKey: .resize)
        items = try keys.decode([EditItem].self, forKey: .items)
        clipSounds = try Self.decodeClipSounds(keys)
        transitions = try keys.decodeIfPresent([EditTransition].self, forKey: .transitions)
        audio = try keys.decodeIfPresent(EditAudio.self, forKey: .audio)
        tonemap = try keys.decodeIfPresent(String.self, forKey: .tonemap)
        hlgReferenceWhite = try keys.decodeIfPresent(String.self, forKey: .hlgReferenceWhite)
        background = try keys.decodeIfPresent(String.self, forKey: .background)
        blend = try keys.decodeIfPresent(String.self, forKey: .blend)
        texts = try keys.decodeIfPresent([EditText].self, forKey: .texts)
        subtitles = try keys.decodeIfPresent(EditSubtitles.self, forKey: .subtitles)
        let perItem = try keys.decode([EditItemTexts].self, forKey: .items).map(\.texts)
        itemTexts = perItem.allSatisfy(\.isEmpty) ? try keys.decodeIfPresent([[EditText]].self, forKey: .itemTexts) : perItem
    }

    /// Every key `init(from:)` reads; each item written with its sound's keys (`clipSounds`).
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(size, forKey: .size)
        try keys.encodeIfPresent(fps, forKey: .fps)
        try keys.encodeIfPresent(resize, forKey: .resize)
        try keys.encode(items.indices.map { EditItemWithSound(item: items[$0], sound: sound(ofItem: $0)) }, forKey: .items)
        try keys.encodeIfPresent(transitions, forKey: .transitions)
        try keys.encodeIfPresent(audio, forKey: .audio)
        try keys.encodeIfPresent(tonemap, forKey: .tonemap)
        try keys.encodeIfPresent(hlgReferenceWhite, forKey: .hlgReferenceWhite)
        try keys.encodeIfPresent(background, forKey: .background)
        try keys.encodeIfPresent(blend, forKey: .blend)
        try keys.encodeIfPresent(texts, forKey: .texts)
        try keys.encodeIfPresent(subtitles, forKey: .subtitles)
        try keys.encodeIfPresent(itemTexts, forKey: .itemTexts)
    }
}

/// A picture shown for `duration` seconds (with an optional Ken Burns `motion`), the span
/// `from`..`to` (seconds, default the whole clip) of a clip (at a `timing`: speed, reverse), or a
/// clip's frame at `at` seconds held for `duration` (`freeze`).
public enum EditItem: Codable, Sendable, Equatable {
    case picture(path: String, duration: Double, motion: EditPictureMotion = EditPictureMotion())
    case clip(path: String, from: Double?, to: Double?, timing: EditClipTiming = EditClipTiming())
    case freeze(path: String, at: Double?, duration: Double)
    /// A title card (see `EditTitle`).
    case title(EditTitle)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case picture, duration, clip, from, to, freeze, at, title
        case zoom, pan, zoomAmount, speed, reverse
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        if keys.contains(.title), !keys.contains(.picture), !keys.contains(.clip), !keys.contains(.freeze) {
            self = .title(try EditTitle(from: decoder))
            return
        }
        switch (keys.contains(.picture), keys.contains(.clip), keys.contains(.freeze)) {
        case (true, false, false):
            try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["picture", "duration", "text"] + EditPictureMotion.keys)
            let motion = EditPictureMotion(zoom: try keys.decodeIfPresent(String.self, forKey: .zoom),
                                           pan: try keys.decodeIfPresent(String.self, forKey: .pan),
                                           zoomAmount: try keys.decodeIfPresent(Double.self, forKey: .zoomAmount))
            self = .picture(path: try keys.decode(String.self, forKey: .picture), duration: try keys.decode(Double.self, forKey: .duration),
                            motion: motion)
        case (false, true, false):
            try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["clip", "from", "to", "text"] + EditClipTiming.keys + EditClipSound.keys)
            let timing = EditClipTiming(speed: try keys.decodeIfPresent(Double.self, forKey: .speed),
                                        reverse: try keys.decodeIfPresent(Bool.self, forKey: .reverse))
            self = .clip(path: try keys.decode(String.self, forKey: .clip),
                         from: try keys.decodeIfPresent(Double.self, forKey: .from), to: try keys.decodeIfPresent(Double.self, forKey: .to),
                         timing: timing)
        case (false, false, true):
            try EditSpecKeys.rejectUnknown(in: decoder, allowed: ["freeze", "at", "duration"])
            self = .freeze(path: try keys.decode(String.self, forKey: .freeze), at: try keys.decodeIfPresent(Double.self, forKey: .at),
                           duration: try keys.decode(Double.self, forKey: .duration))
        default:
            throw EditSpecError(codingPath: decoder.codingPath, "an item has one of \"picture\" (with \"duration\"), \"clip\" "
                + "(with optional \"from\", \"to\"), \"freeze\" (a clip, with \"at\" and \"duration\") or \"title\" (with \"duration\")")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .picture(path, duration, motion):
            try keys.encode(path, forKey: .picture)
            try keys.encode(duration, forKey: .duration)
            try keys.encodeIfPresent(motion.zoom, forKey: .zoom)
            try keys.encodeIfPresent(motion.pan, forKey: .pan)
            try keys.encodeIfPresent(motion.zoomAmount, forKey: .zoomAmount)
        case let .clip(path, from, to, timing):
            try keys.encode(path, forKey: .clip)
            try keys.encodeIfPresent(from, forKey: .from)
            try keys.encodeIfPresent(to, forKey: .to)
            try keys.encodeIfPresent(timing.speed, forKey: .speed)
            try keys.encodeIfPresent(timing.reverse, forKey: .reverse)
        case let .freeze(path, at, duration):
            try keys.encode(path, forKey: .freeze)
            try keys.encodeIfPresent(at, forKey: .at)
            try keys.encode(duration, forKey: .duration)
        case let .title(title):
            try title.encode(to: encoder)
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

/// Music under the whole edit: `volume` (linear gain, default 1), fades in and out in seconds,
/// `from` seconds into the song, looped unless `loop` is false; extra `tracks` (see
/// `EditAudioTrack`), the music ducked under other sound (`EditDuck`), and the whole mix
/// normalised to `normalize` ("-14 LUFS", ffmpeg's two-pass loudnorm).
public struct EditAudio: Codable, Sendable, Equatable {
    public var music: String?
    public var volume: Double?
    public var fadeIn: Double?
    public var fadeOut: Double?
    public var from: Double?
    public var loop: Bool?
    public var tracks: [EditAudioTrack]?
    public var duck: EditDuck?
    public var normalize: String?

    public init(music: String? = nil, volume: Double? = nil, fadeIn: Double? = nil, fadeOut: Double? = nil) {
        (self.music, self.volume, self.fadeIn, self.fadeOut) = (music, volume, fadeIn, fadeOut)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case music, volume, fadeIn, fadeOut, from, loop, tracks, duck, normalize }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        music = try keys.decodeIfPresent(String.self, forKey: .music)
        volume = try keys.decodeIfPresent(Double.self, forKey: .volume)
        fadeIn = try keys.decodeIfPresent(Double.self, forKey: .fadeIn)
        fadeOut = try keys.decodeIfPresent(Double.self, forKey: .fadeOut)
        from = try keys.decodeIfPresent(Double.self, forKey: .from)
        loop = try keys.decodeIfPresent(Bool.self, forKey: .loop)
        tracks = try keys.decodeIfPresent([EditAudioTrack].self, forKey: .tracks)
        duck = try keys.decodeIfPresent(EditDuck.self, forKey: .duck)
        normalize = try keys.decodeIfPresent(String.self, forKey: .normalize)
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

/// What an edit shows where no item covers the frame (contain's bars, a picture's own
/// transparency, a transition's transparent edges).
public enum EditBackground: String, Sendable, CaseIterable {
    /// Black: the frames are opaque (every output).
    case black
    /// Nothing: the frames keep their alpha, for an output that stores it (.webm, .mov, .gif,
    /// PNG frames), such as a stinger laid over footage later.
    case transparent
}
