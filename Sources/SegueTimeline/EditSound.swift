import Foundation

/// A loudness as the spec writes it: a number is a linear gain (1 as it is, 0.5 about −6 dB, 0
/// mutes), a string is decibels (`"-6 dB"`, `"+3dB"`, `"-inf dB"` mutes).
public enum EditGain: Codable, Sendable, Equatable {
    case linear(Double)
    case decibels(Double)

    /// The linear factor the samples are multiplied by.
    public var factor: Double {
        switch self {
        case let .linear(gain): gain
        case let .decibels(db): db == -.infinity ? 0 : pow(10, db / 20)
        }
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Double.self) {
            self = .linear(number)
            return
        }
        guard let text = try? value.decode(String.self), let db = Self.decibels(text) else {
            throw EditSpecError(codingPath: decoder.codingPath, "expected a gain: a number (linear, 0 mutes) or decibels such as \"-6 dB\"")
        }
        self = .decibels(db)
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case let .linear(gain): try value.encode(gain)
        case let .decibels(db): try value.encode("\(db) dB")
        }
    }

    /// `-6 dB`, `+3dB`, `-inf dB` (any case); nil for anything else.
    static func decibels(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasSuffix("db") else { return nil }
        let number = trimmed.dropLast(2).trimmingCharacters(in: .whitespaces)
        if number.lowercased() == "-inf" { return -.infinity }
        guard let value = Double(number), value.isFinite else { return nil }
        return value
    }

    /// The gain checked against 0...10 linear (+20 dB), at `place`.
    func checkedFactor(place: String) throws -> Double {
        let factor = factor
        guard factor.isFinite, (0...10).contains(factor) else {
            throw EditSpecError(place, "\(self.text) must be 0...10 (linear) or at most +20 dB")
        }
        return factor
    }

    var text: String {
        switch self {
        case let .linear(gain): String(gain)
        case let .decibels(db): "\(db) dB"
        }
    }
}

/// A clip item's own sound settings, read from the item's object beside `clip`, `from`, `to`:
/// `volume` (an `EditGain`) and fades in and out in seconds at the item's ends.
public struct EditClipSound: Codable, Sendable, Equatable {
    public var volume: EditGain?
    public var fadeIn: Double?
    public var fadeOut: Double?

    /// The keys an item takes for its sound.
    static let keys = ["volume", "fadeIn", "fadeOut"]

    public init(volume: EditGain? = nil, fadeIn: Double? = nil, fadeOut: Double? = nil) {
        (self.volume, self.fadeIn, self.fadeOut) = (volume, fadeIn, fadeOut)
    }

    public var isEmpty: Bool { volume == nil && fadeIn == nil && fadeOut == nil }
}

/// An extra sound on the edit's timeline (a voice-over, an effect): `file` from `from` to `to`
/// seconds into it (default: all of it), starting `start` seconds into the edit, at `volume`.
public struct EditAudioTrack: Codable, Sendable, Equatable {
    public var file: String
    public var start: Double?
    public var volume: EditGain?
    public var from: Double?
    public var to: Double?

    public init(file: String, start: Double? = nil, volume: EditGain? = nil, from: Double? = nil, to: Double? = nil) {
        (self.file, self.start, self.volume, self.from, self.to) = (file, start, volume, from, to)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case file, start, volume, from, to }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        file = try keys.decode(String.self, forKey: .file)
        start = try keys.decodeIfPresent(Double.self, forKey: .start)
        volume = try keys.decodeIfPresent(EditGain.self, forKey: .volume)
        from = try keys.decodeIfPresent(Double.self, forKey: .from)
        to = try keys.decodeIfPresent(Double.self, forKey: .to)
    }
}

/// The music lowered under every other sound (clips' and tracks'): by `amount` (an `EditGain`,
/// default −12 dB), going down over `attack` seconds before the sound starts and back up over
/// `release` seconds after it ends. `"duck": true` takes the defaults.
public struct EditDuck: Codable, Sendable, Equatable {
    public var amount: EditGain?
    public var attack: Double?
    public var release: Double?

    public init(amount: EditGain? = nil, attack: Double? = nil, release: Double? = nil) {
        (self.amount, self.attack, self.release) = (amount, attack, release)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case amount, attack, release }

    public init(from decoder: any Decoder) throws {
        if let on = try? decoder.singleValueContainer().decode(Bool.self) {
            guard on else { throw EditSpecError(codingPath: decoder.codingPath, "false: leave \"duck\" out for no ducking") }
            self.init()
            return
        }
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try EditSpecKeys.rejectUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        self.init(amount: try keys.decodeIfPresent(EditGain.self, forKey: .amount), attack: try keys.decodeIfPresent(Double.self, forKey: .attack),
                  release: try keys.decodeIfPresent(Double.self, forKey: .release))
    }
}

extension EditSpec {
    /// Item `index`'s sound settings (none for pictures, or when the item gives none).
    public func sound(ofItem index: Int) -> EditClipSound {
        index < clipSounds.count ? clipSounds[index] : EditClipSound()
    }

    /// Each item's sound keys, read from the same objects `EditItem` reads (which refuses them
    /// on anything but a clip); empty when no item has any, so older specs keep their identity.
    static func decodeClipSounds(_ keys: KeyedDecodingContainer<CodingKeys>) throws -> [EditClipSound] {
        let sounds = try keys.decode([EditClipSound].self, forKey: .items)
        return sounds.allSatisfy(\.isEmpty) ? [] : sounds
    }
}

/// An item written as its own keys and its sound's, in one object.
struct EditItemWithSound: Encodable {
    let item: EditItem
    let sound: EditClipSound

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        if !sound.isEmpty { try sound.encode(to: encoder) }
    }
}
