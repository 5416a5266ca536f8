import SegueExport
/// The sound of an edit as one ffmpeg filter graph, built from the same whole frames as the
/// pictures: each clip's sound is cut to its frames (`atrim`), faded in and out under the
/// transitions on its sides (`afade`, equal power by default), padded to its length and delayed
/// to its first frame in samples (`adelay`), then everything is summed (`amix`, unscaled) over a
/// silent bed as long as the edit, so pictures are silent and every junction lands on its frame
/// to the sample. A clip's own volume and fades follow its crossfades; extra tracks are placed
/// the same way (see `AudioGraph+Mix.swift`). Music, looped, goes under everything with its
/// volume and fades, ducked under the other sound; the mix may be normalised (`LoudnessPass`).
struct AudioGraph {
    static let sampleRate = 48_000

    /// ffmpeg inputs after the video pipe (input 0): `-i` arguments in order.
    private(set) var inputArguments: [String] = []
    /// The `-filter_complex` text; its output is labelled `[aout]`.
    private(set) var filter = ""

    /// nil when the edit has no sound at all. `loudness` is the whole mix's first loudnorm pass
    /// (nil: the graph is that pass, when the plan normalises).
    init?(plan: EditPlan, range: Range<Int>? = nil, loudness: LoudnessMeasurement? = nil) {
        guard plan.hasAudio else { return nil }
        func samples(_ frames: Int) -> Int { plan.frameRate.samples(before: frames, rate: Self.sampleRate) }
        func seconds(_ frames: Int) -> String { String(plan.frameRate.seconds(frames)) }
        let format = "aresample=\(Self.sampleRate),aformat=sample_fmts=fltp:sample_rates=\(Self.sampleRate):channel_layouts=stereo"
        let total = samples(plan.totalFrames)
        var chains = ["anullsrc=r=\(Self.sampleRate):cl=stereo,atrim=end_sample=\(total)[bed]"]
        var labels = ["[bed]"]
        var input = 1
        // Each item's first frame, kept as the loop goes (not summed again per item).
        var firstFrame = 0
        // The samples where sound other than the music plays, which ducking lowers the music under.
        var sounding: [Range<Int>] = []
        for (index, item) in plan.items.enumerated() {
            defer { firstFrame += item.frames - (index < plan.transitions.count ? plan.transitions[index].frames : 0) }
            guard case let .clip(path, start, true, demuxer) = item.source else { continue }
            inputArguments += ClipProbe.inputArguments(path: path, demuxer: demuxer)
            // Times from the sound's own start (a stream may start past 0, as in MPEG-TS), as -ss
            // counts them for the pictures.
            // The span the clip's frames show (longer or shorter at a speed), then reversed or
            // time-stretched as they are (`ClipTiming.audioFilters`).
            let end = start + item.timing.sourceSeconds(frames: item.frames, rate: plan.frameRate)
            var chain = "[\(input):a]asetpts=PTS-STARTPTS,\(format),atrim=start=\(start):end=\(end),asetpts=PTS-STARTPTS" + item.timing.audioFilters
            if index > 0, plan.transitions[index - 1].frames > 0 {
                let before = plan.transitions[index - 1]
                chain += ",afade=t=in:st=0:d=\(seconds(before.frames)):curve=\(before.audioCurve)"
            }
            if index < plan.transitions.count, plan.transitions[index].frames > 0 {
                let after = plan.transitions[index]
                chain += ",afade=t=out:st=\(seconds(item.frames - after.frames)):d=\(seconds(after.frames)):curve=\(after.audioCurve)"
            }
            chain += Self.clipSoundFilters(item.sound, seconds: plan.frameRate.seconds(item.frames))
            let length = samples(firstFrame + item.frames) - samples(firstFrame)
            if item.sound.volume > 0 { sounding.append(samples(firstFrame)..<(samples(firstFrame) + length)) }
            chain += ",apad=whole_len=\(length),atrim=end_sample=\(length)"
            chain += ",adelay=delays=\(samples(firstFrame))S:all=1[clip\(index)]"
            chains.append(chain)
            labels.append("[clip\(index)]")
            input += 1
        }
        for (index, track) in plan.sound.tracks.enumerated() {
            inputArguments += ClipProbe.inputArguments(path: track.path, demuxer: track.demuxer)
            chains.append(Self.trackChain(track, input: input, format: format, label: "track\(index)"))
            labels.append("[track\(index)]")
            if track.volume > 0 { sounding.append(track.start..<(track.start + track.length)) }
            input += 1
        }
        if let music = plan.music {
            // Looped (-stream_loop before its -i) so a short song lasts the edit.
            inputArguments += (music.loop ? ["-stream_loop", "-1"] : []) + ClipProbe.inputArguments(path: music.path, demuxer: music.demuxer)
            let length = Double(total) / Double(Self.sampleRate)
            var chain = "[\(input):a]\(format)" + Self.musicStartFilters(music, sampleRate: Self.sampleRate)
                + ",atrim=end_sample=\(total),volume=\(music.volume)"
            if music.fadeIn > 0 { chain += ",afade=t=in:st=0:d=\(min(music.fadeIn, length))" }
            if music.fadeOut > 0 {
                let fade = min(music.fadeOut, length)
                chain += ",afade=t=out:st=\(length - fade):d=\(fade)"
            }
            if let duck = plan.sound.duck { chain += AudioDucking.filters(duck, under: sounding, sampleRate: Self.sampleRate) }
            chains.append(chain + "[music]")
            labels.append("[music]")
        }
        var mix = labels.joined() + "amix=inputs=\(labels.count):duration=first:normalize=0,atrim=end_sample=\(total)"
        if let target = plan.sound.loudnessTarget {
            mix += "," + LoudnessPass.filter(target: target, measured: loudness, sampleRate: Self.sampleRate) + ",atrim=end_sample=\(total)"
        }
        if let range {
            mix += ",atrim=start_sample=\(samples(range.lowerBound)):end_sample=\(samples(range.upperBound)),asetpts=PTS-STARTPTS"
        }
        chains.append(mix + "[aout]")
        filter = chains.joined(separator: ";")
    }

    /// Codec options for the sound in `format`: AAC in MP4, Opus in WebM; GIF has none.
    static func codecArguments(_ format: VideoFormat) -> [String]? {
        switch format {
        case .mp4, .mov, .mkv: ["-c:a", "aac", "-b:a", "192k"]
        case .webm: ["-c:a", "libopus", "-b:a", "128k"]
        case .gif: nil
        }
    }
}
