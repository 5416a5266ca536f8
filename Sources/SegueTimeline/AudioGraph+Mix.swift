import Foundation

/// The parts of the sound's graph the spec's sound keys add: a clip's own volume and fades, an
/// extra track placed on the timeline, the music's start and whether it loops.
extension AudioGraph {
    /// A clip's `volume` and its linear fades at the item's ends (`seconds` long), after the
    /// transitions' crossfades, so both apply.
    static func clipSoundFilters(_ sound: EditPlan.ClipSound, seconds: Double) -> String {
        var filters = ""
        if sound.volume != 1 { filters += ",volume=\(sound.volume)" }
        if sound.fadeIn > 0 { filters += ",afade=t=in:st=0:d=\(sound.fadeIn)" }
        if sound.fadeOut > 0 { filters += ",afade=t=out:st=\(max(0, seconds - sound.fadeOut)):d=\(sound.fadeOut)" }
        return filters
    }

    /// A track's chain: its samples `from..<from + length` (from the sound's own start, as for a
    /// clip), at its volume, padded to its length and delayed to its start, labelled `label`.
    static func trackChain(_ track: EditPlan.Track, input: Int, format: String, label: String) -> String {
        "[\(input):a]asetpts=PTS-STARTPTS,\(format),atrim=start_sample=\(track.from):end_sample=\(track.from + track.length)"
            + ",asetpts=PTS-STARTPTS,volume=\(track.volume),apad=whole_len=\(track.length),atrim=end_sample=\(track.length)"
            + ",adelay=delays=\(track.start)S:all=1[\(label)]"
    }

    /// The music from its `from` (cut in samples after resampling, so exact whatever the file's
    /// frames); looped, the next pass starts at the song's beginning.
    static func musicStartFilters(_ music: EditPlan.Music, sampleRate: Int) -> String {
        guard music.from > 0 else { return "" }
        // `from` was checked against `SpecNumber.maxFilePosition` when planned: its samples convert.
        return ",atrim=start_sample=\(SpecNumber.integer(music.from * Double(sampleRate)) ?? 0),asetpts=PTS-STARTPTS"
    }

    /// Graphs longer than this go to ffmpeg in a file (`-filter_complex_script`): Linux refuses a
    /// single argument over 128 KiB (E2BIG), which about 500 clips with sound reach.
    static let inlineFilterLimit = 16 << 10

    var needsScript: Bool { filter.utf8.count > Self.inlineFilterLimit }
}

/// The music lowered under the other sound by a volume envelope computed from the plan, not by
/// ffmpeg's `sidechaincompress`: the spans where clips (not muted) and tracks play are known to
/// the sample, so the music goes down by exactly the set amount whatever the voice's level, is
/// fully down when the voice starts (the attack ramps before it), and every chunk of an edit
/// renders the same envelope. A compressor would lower it by an amount that follows the voice's
/// level and react only after it starts; the envelope also ducks a clip's quiet passages.
enum AudioDucking {
    /// Frames of 5 ms, so the envelope (evaluated once per frame) moves in fine steps.
    static let frameSamples = 240

    /// The filters after the music's own, lowering it by `duck.factor` over each of `spans`
    /// (samples), with linear ramps: down over `attack` before a span, up over `release` after.
    static func filters(_ duck: EditPlan.Duck, under spans: [Range<Int>], sampleRate: Int) -> String {
        let merged = merge(spans, gap: SpecNumber.integer((duck.attack + duck.release) * Double(sampleRate)) ?? 0)   // ramps of 0...10 s
        guard !merged.isEmpty else { return "" }
        let rate = Double(sampleRate)
        var filters = ",asetnsamples=n=\(frameSamples):p=0"
        for span in merged {
            let (start, end) = (Double(span.lowerBound) / rate, Double(span.upperBound) / rate)
            let down = duck.attack > 0 ? "clip((t-(\(start - duck.attack)))/\(duck.attack),0,1)" : "gte(t,\(start))"
            let up = duck.release > 0 ? "clip((\(end + duck.release)-t)/\(duck.release),0,1)" : "lt(t,\(end))"
            let from = start - duck.attack - Double(frameSamples) / rate
            filters += ",volume=eval=frame:volume='1-\(1 - duck.factor)*\(down)*\(up)':enable='between(t,\(from),\(end + duck.release))'"
        }
        return filters
    }

    /// `spans` sorted and joined where they overlap or leave less than `gap` between them (the
    /// music would not come back up before going down again).
    static func merge(_ spans: [Range<Int>], gap: Int) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for span in spans.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound - last.upperBound < max(gap, 1) {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}
