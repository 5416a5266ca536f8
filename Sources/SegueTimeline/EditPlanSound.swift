import Foundation
import SegueExport

extension EditPlan {
    /// A clip item's own gain and fades (seconds at the item's ends), applied after the
    /// transitions' crossfades.
    public struct ClipSound: Equatable, Sendable {
        public var volume = 1.0
        public var fadeIn = 0.0
        public var fadeOut = 0.0
    }

    /// An extra sound on the timeline, in samples at `AudioGraph.sampleRate`: the file's
    /// `from..<from + length` starting at the edit's sample `start`, cut at the edit's end.
    public struct Track: Equatable, Sendable {
        public let path: String
        public let demuxer: String
        public let start: Int
        public let from: Int
        public let length: Int
        public let volume: Double
    }

    /// The music's gain under other sound (a factor below 1) and its ramps in seconds.
    public struct Duck: Equatable, Sendable {
        public let factor: Double
        public let attack: Double
        public let release: Double
    }

    /// What the spec's `audio` adds to the clips' sound and the music.
    public struct SoundMix: Equatable, Sendable {
        public var tracks: [Track] = []
        public var duck: Duck?
        /// The integrated loudness the whole mix is brought to (LUFS), with ffmpeg's two-pass loudnorm.
        public var loudnessTarget: Double?
    }
}

extension EditPlanChecker {
    static let defaultDuck = EditPlan.Duck(factor: pow(10, -12.0 / 20), attack: 0.25, release: 0.5)
    /// loudnorm's target range.
    static let loudnessTargets = -70.0 ... -5.0

    /// `items` with each clip's `volume` and fades from `spec`.
    func withClipSounds(_ items: [EditPlan.Item], spec: EditSpec, fps: FrameRate) throws -> [EditPlan.Item] {
        var items = items
        for index in items.indices {
            let given = spec.sound(ofItem: index), place = "items[\(index)]"
            guard !given.isEmpty else { continue }
            let seconds = fps.seconds(items[index].frames)
            var sound = EditPlan.ClipSound()
            if let volume = given.volume { sound.volume = try volume.checkedFactor(place: "\(place).volume") }
            sound.fadeIn = try fade(given.fadeIn, within: seconds, place: "\(place).fadeIn")
            sound.fadeOut = try fade(given.fadeOut, within: seconds, place: "\(place).fadeOut")
            items[index].sound = sound
        }
        return items
    }

    private func fade(_ value: Double?, within seconds: Double, place: String) throws -> Double {
        guard let value else { return 0 }
        guard value.isFinite, value >= 0, value <= seconds else {
            throw EditSpecError(place, "\(value) must be 0 or more seconds, at most the item's \(Self.seconds(seconds)) s")
        }
        return value
    }

    /// The spec's tracks, ducking and loudness target, checked against the edit of `totalFrames`.
    func soundMix(_ audio: EditAudio?, hasMusic: Bool, totalFrames: Int, fps: FrameRate) throws -> EditPlan.SoundMix {
        guard let audio else { return EditPlan.SoundMix() }
        if !hasMusic, let key = [("from", audio.from != nil), ("loop", audio.loop != nil), ("duck", audio.duck != nil)].first(where: \.1)?.0 {
            throw EditSpecError("audio.\(key)", "applies to the music; give \"music\"")
        }
        let total = fps.samples(before: totalFrames, rate: AudioGraph.sampleRate)
        var mix = EditPlan.SoundMix()
        var probes: [String: ClipProbe] = [:]
        for (index, track) in (audio.tracks ?? []).enumerated() {
            mix.tracks.append(try self.track(track, place: "audio.tracks[\(index)]", total: total, probes: &probes))
        }
        if let duck = audio.duck { mix.duck = try self.duck(duck, place: "audio.duck") }
        if let text = audio.normalize { mix.loudnessTarget = try loudness(text, place: "audio.normalize") }
        return mix
    }

    private func track(_ track: EditAudioTrack, place: String, total: Int, probes: inout [String: ClipProbe]) throws -> EditPlan.Track {
        let resolved = resolve(track.file)
        let probe = try probes[resolved] ?? soundProbe(resolved, named: track.file, place: "\(place).file")
        probes[resolved] = probe
        let rate = Double(AudioGraph.sampleRate)
        let start = track.start ?? 0
        let edit = Double(total) / rate
        guard start.isFinite, start >= 0, start <= edit,
              case let startSample = try SpecNumber.whole(start, place: "\(place).start", in: 0...edit, "s (the edit)", scaled: { $0 * rate }),
              startSample < total else {
            throw EditSpecError("\(place).start", "\(SpecNumber.shown(start)) must be 0 or more seconds, before the edit's end (\(Self.seconds(edit)) s)")
        }
        let from = track.from ?? 0
        guard from.isFinite, from >= 0, probe.duration.map({ from < $0 }) ?? true else {
            throw EditSpecError("\(place).from", "\(from) must be 0 or more seconds, before the file's end"
                + (probe.duration.map { " (\(Self.seconds($0)) s)" } ?? ""))
        }
        let positions = 0...SpecNumber.maxFilePosition
        let fromSample = try SpecNumber.whole(from, place: "\(place).from", in: positions, "s (a position in the file)") { $0 * rate }
        guard let end = track.to ?? probe.duration else { throw EditSpecError("\(place).to", "the file's length is unknown; give \"to\"") }
        if let duration = probe.duration, end > duration + 0.001 {
            throw EditSpecError("\(place).to", "\(end) is past the file's end (\(Self.seconds(duration)) s)")
        }
        guard end.isFinite, end > from else { throw EditSpecError("\(place).to", "\(end) must be after from (\(from))") }
        let endSample = try SpecNumber.whole(end, place: "\(place).to", in: positions, "s (a position in the file)") { $0 * rate }
        let length = min(endSample - fromSample, total - startSample)
        let volume = try (track.volume ?? .linear(1)).checkedFactor(place: "\(place).volume")
        return EditPlan.Track(path: resolved, demuxer: probe.demuxer, start: startSample, from: fromSample, length: max(length, 1), volume: volume)
    }

    /// A sound file or a video with sound, vetted as music is (no playlists, the demuxer forced later).
    private func soundProbe(_ resolved: String, named path: String, place: String) throws -> ClipProbe {
        try requireRegularFile(resolved, named: path, place: place)
        let probe: ClipProbe
        do {
            probe = try ClipProbe(path: resolved, tools: tools, role: .music)
        } catch .musicFormatRefused(_, let format) {
            throw EditSpecError(place, "'\(path)' is a '\(format)' file, not sound (a sound file or a video with sound; "
                + "playlists and concat scripts are refused: they make ffmpeg read other files)")
        } catch {
            throw EditSpecError(place, "\(error)")
        }
        guard probe.hasAudio else { throw EditSpecError(place, "'\(path)' has no sound") }
        return probe
    }

    private func duck(_ duck: EditDuck, place: String) throws -> EditPlan.Duck {
        var factor = Self.defaultDuck.factor
        if let amount = duck.amount {
            factor = try amount.checkedFactor(place: "\(place).amount")
            guard factor < 1 else { throw EditSpecError("\(place).amount", "\(amount.text) must lower the music: below 1 (linear) or 0 dB") }
        }
        func ramp(_ value: Double?, _ name: String, _ fallback: Double) throws -> Double {
            guard let value else { return fallback }
            guard value.isFinite, (0...10).contains(value) else { throw EditSpecError("\(place).\(name)", "\(value) must be 0...10 seconds") }
            return value
        }
        return EditPlan.Duck(factor: factor, attack: try ramp(duck.attack, "attack", Self.defaultDuck.attack),
                             release: try ramp(duck.release, "release", Self.defaultDuck.release))
    }

    /// "-14 LUFS" (or "-14"): an integrated loudness loudnorm can aim at.
    private func loudness(_ text: String, place: String) throws -> Double {
        var number = text.trimmingCharacters(in: .whitespaces)
        if number.uppercased().hasSuffix("LUFS") { number = String(number.dropLast(4)).trimmingCharacters(in: .whitespaces) }
        guard let value = Double(number), Self.loudnessTargets.contains(value) else {
            throw EditSpecError(place, "'\(text)' is not a loudness such as \"-14 LUFS\" (-70 to -5 LUFS)")
        }
        return value
    }

    /// The music's `from` (seconds into the song, before its end) and `loop` (default true).
    func musicStart(_ audio: EditAudio, duration: Double?, place: String) throws -> (from: Double, loop: Bool) {
        let from = audio.from ?? 0
        guard from.isFinite, from >= 0, duration.map({ from < $0 }) ?? true else {
            throw EditSpecError("\(place).from", "\(from) must be 0 or more seconds, before the music's end"
                + (duration.map { " (\(Self.seconds($0)) s)" } ?? ""))
        }
        // Its samples are counted when the sound is mixed (`AudioGraph`): a position that converts.
        _ = try SpecNumber.whole(from, place: "\(place).from", in: 0...SpecNumber.maxFilePosition, "s (a position in the music)") {
            $0 * Double(AudioGraph.sampleRate)
        }
        return (from, audio.loop ?? true)
    }
}
