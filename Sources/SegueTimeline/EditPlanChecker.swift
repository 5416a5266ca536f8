import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueImage

/// The checks behind `EditPlan`: each part of the spec against its rules and the files it
/// names, every failure an `EditSpecError` with the part's place.
struct EditPlanChecker {
    let folder: URL
    let tools: FFmpegTools
    let cache = EditPlanCache()

    /// Longest item or transition, in seconds: far beyond any edit, small enough that frame
    /// counts stay ordinary Ints.
    static let maxSeconds = 24.0 * 3600

    /// `path` from the spec, relative to its folder unless absolute. Not standardised as text
    /// (as `ClipDecoder.fileURL`): `lnk/../a.mkv` must name the file the kernel reaches.
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : folder.path + "/" + path
    }

    func size(_ text: String) throws -> (Int, Int) {
        if let preset = EditSizePreset.size(named: text) { return preset }
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
              width <= RGBAImage.maxDimension, height <= RGBAImage.maxDimension else {
            throw EditSpecError("size", "'\(text)' is not WIDTHxHEIGHT with sides 1...\(RGBAImage.maxDimension), nor one of \(EditSizePreset.names)")
        }
        return (width, height)
    }

    func resize(_ text: String?) throws -> ResizeMode {
        if text == Self.containBlur { return .contain }
        guard let text else { return .cover }
        guard let mode = ResizeMode.all.first(where: { $0.name == text }) else {
            throw EditSpecError("resize", "'\(text)' is not one of " + (ResizeMode.all.map(\.name) + [Self.containBlur]).joined(separator: ", "))
        }
        return mode
    }

    func blendSpace(_ text: String?) throws -> BlendSpace {
        guard let text else { return .srgb }
        guard let space = BlendSpace(rawValue: text) else {
            throw EditSpecError("blend", "'\(text)' is not one of " + BlendSpace.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return space
    }

    func toneMap(_ text: String?) throws -> ToneMapOperator {
        guard let text else { return .hable }
        guard let toneMap = ToneMapOperator(rawValue: text) else {
            throw EditSpecError("tonemap", "'\(text)' is not one of " + ToneMapOperator.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return toneMap
    }

    /// The spec's `hlgReferenceWhite`, nil when it gives none (the plan then picks by its items).
    func hlgReferenceWhite(_ text: String?) throws -> HLGReferenceWhite? {
        guard let text else { return nil }
        guard let choice = HLGReferenceWhite(rawValue: text) else {
            throw EditSpecError("hlgReferenceWhite", "'\(text)' is not one of " + HLGReferenceWhite.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    /// Whether the items hold HLG clips, and SDR material (pictures, title cards, SDR clips) beside them.
    func dynamicRanges(of items: [EditPlan.Item]) -> (hlg: Bool, sdr: Bool) {
        var (hlg, sdr) = (false, false)
        for item in items {
            switch item.source {
            case .picture, .title: sdr = true
            case .clip(let path, _, _, _):
                switch cache.clips[path]?.transfer {
                case .hlg: hlg = true
                case .pq: break
                default: sdr = true
                }
            }
        }
        return (hlg, sdr)
    }

    func background(_ text: String?) throws -> EditBackground {
        guard let text else { return .black }
        guard let background = EditBackground(rawValue: text) else {
            throw EditSpecError("background", "'\(text)' is not one of " + EditBackground.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return background
    }

    /// Whole frames for `seconds`, which must be positive (or zero where `allowZero`).
    func frames(_ seconds: Double, fps: FrameRate, place: String, allowZero: Bool = false) throws -> Int {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maxSeconds, allowZero || seconds > 0 else {
            throw EditSpecError(place, "\(seconds) must be a number of seconds, more than 0 and at most \(Int(Self.maxSeconds))")
        }
        let count = try SpecNumber.whole(seconds, place: place, in: 0...Self.maxSeconds, "s") { fps.frames(inSeconds: $0) }
        guard count >= 1 || allowZero else {
            throw EditSpecError(place, "\(seconds) s is less than one frame at \(fps) fps")
        }
        return count
    }

    /// `path` resolved and decoded now (at the size the edit uses), so a damaged picture fails
    /// before rendering; once per file, however many items show it. `refusal` words the error.
    func checkedPicture(
        _ path: String, frameWidth: Int, frameHeight: Int, resize: ResizeMode, refusal: (any Error) -> EditSpecError
    ) throws -> String {
        let resolved = resolve(path)
        guard !cache.pictures.contains(resolved) else { return resolved }
        if let problem = Self.regularFileProblem(resolved, named: path) { throw refusal(problem) }
        do {
            _ = try PictureDecoder.read(path: resolved) {
                FittedPicture.neededSize(width: $0, height: $1, mode: resize, frameWidth: frameWidth, frameHeight: frameHeight)
            }
        } catch {
            throw refusal(error)
        }
        cache.pictures.insert(resolved)
        return resolved
    }

    func item(_ item: EditItem, place: String, fps: FrameRate, frameWidth: Int, frameHeight: Int, resize: ResizeMode) throws -> EditPlan.Item {
        switch item {
        case let .picture(path, duration, motion):
            let resolved = try checkedPicture(path, frameWidth: frameWidth, frameHeight: frameHeight, resize: resize) {
                EditSpecError("\(place).picture", "\($0)")
            }
            return EditPlan.Item(source: .picture(path: resolved), frames: try frames(duration, fps: fps, place: "\(place).duration"), place: place,
                                 motion: try KenBurns.checked(motion, place: place))
        case let .freeze(path, at, duration):
            return try freezeItem(path: path, at: at ?? 0, duration: duration, place: place, fps: fps)
        case let .clip(path, from, to, spelledTiming):
            let resolved = resolve(path)
            let probe = try probedClip(resolved, path: path, place: place)
            let start = from ?? 0
            guard start.isFinite, start >= 0 else { throw EditSpecError("\(place).from", "\(start) must be 0 or more seconds") }
            _ = try SpecNumber.checked(start, place: "\(place).from", in: 0...SpecNumber.maxFilePosition, "s (a position in the clip)")
            if let to { _ = try SpecNumber.checked(to, place: "\(place).to", in: 0...SpecNumber.maxFilePosition, "s (a position in the clip)") }
            guard let length = to ?? probe.duration else {
                throw EditSpecError("\(place).to", "the clip's length is unknown; give \"to\"")
            }
            if let end = probe.duration {
                if start >= end { throw EditSpecError("\(place).from", "\(start) is at or past the clip's end (\(Self.seconds(end)) s)") }
                // Half a frame of slack: containers round their durations.
                if length > end + fps.seconds(1) / 2 {
                    throw EditSpecError("\(place).to", "\(length) is past the clip's end (\(Self.seconds(end)) s)")
                }
            }
            guard length > start else { throw EditSpecError("\(place).to", "\(length) must be after from (\(start))") }
            let timing = try ClipTiming.checked(spelledTiming, place: place)
            let count = try frames((length - start) / timing.speed, fps: fps, place: to == nil ? "\(place).clip" : "\(place).to")
            try checkReverse(timing, frames: count, size: (frameWidth, frameHeight), place: place)
            return EditPlan.Item(
                source: .clip(path: resolved, start: start, hasAudio: probe.hasAudio && timing.keepsSound, demuxer: probe.demuxer),
                frames: count, place: place, timing: timing)
        case let .title(title):
            return try titleItem(title, place: place, fps: fps, frameWidth: frameWidth, frameHeight: frameHeight, resize: resize)
        }
    }

    /// The probe of a clip the plan has not met yet: a regular file (a FIFO would block the
    /// picture sniffing forever), not a still picture, with pictures.
    func clipProbe(_ resolved: String, path: String, place: String) throws -> ClipProbe {
        try requireRegularFile(resolved, named: path, place: "\(place).clip")
        if let type = try? PictureDecoder.type(ofFileAt: resolved), type.isStillPicture {
            throw EditSpecError("\(place).clip", "'\(path)' is a \(type.rawValue) picture, not a clip; use {\"picture\": ..., \"duration\": ...}")
        }
        let probe: ClipProbe
        do {
            probe = try ClipProbe(path: resolved, tools: tools)
        } catch .clipFormatRefused(_, let format) where ClipProbe.soundDemuxers.contains(String(format.prefix { $0 != "," })) {
            // A sound file is no playlist: it simply has no pictures to show.
            throw EditSpecError("\(place).clip", "'\(path)' has no pictures (no video stream)")
        } catch {
            throw EditSpecError("\(place).clip", "\(error)")
        }
        guard probe.hasVideo else { throw EditSpecError("\(place).clip", "'\(path)' has no pictures (no video stream)") }
        return probe
    }

    func transition(_ transition: EditTransition, place: String, fps: FrameRate, resize: ResizeMode) throws -> EditPlan.Transition {
        let audioCurve = try AudioCrossfade.curve(transition.audio, place: "\(place).audio")
        if transition.effect == "cut" {
            return EditPlan.Transition(name: "cut", frames: 0, easing: .timing(.curve(.linear, duration: 0)), audioCurve: audioCurve, make: nil)
        }
        let seconds = transition.duration ?? 1
        let count = try frames(seconds, fps: fps, place: "\(place).duration")
        guard let easing = Easing(transition.easing ?? "linear", duration: seconds) else {
            throw EditSpecError("\(place).easing", "'\(transition.easing ?? "")' is not an easing; use \(Easing.accepted)")
        }
        // Parsed, checked and its textures read once per effect and settings, however many junctions use it.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let key = transition.effect + "\u{0}" + String(decoding: (try? encoder.encode(transition.params ?? [:])) ?? Data(), as: UTF8.self)
        // Stored once: storing the closure read back from the cache again wrapped it in one more
        // reabstraction thunk at every junction, a chain 100,000 deep whose release overflowed the stack.
        let makers: TimelineEffects.Makers
        if let cached = cache.effects[key] {
            makers = cached
        } else {
            makers = TimelineEffects.Makers(try TimelineEffects.make(
                effect: transition.effect, params: transition.params ?? [:], place: place, resize: resize, resolve: resolve))
            cache.effects[key] = makers
        }
        return EditPlan.Transition(name: transition.effect, frames: count, easing: easing, audioCurve: audioCurve, make: makers.make,
                                   makeInSignal: makers.inSignal)
    }

    /// Each item must hold the transitions on both its sides.
    func checkOverlaps(items: [EditPlan.Item], transitions: [EditPlan.Transition], fps: FrameRate) throws {
        for (index, transition) in transitions.enumerated() where transition.frames > 0 {
            let before = items[index].frames - (index > 0 ? transitions[index - 1].frames : 0)
            let after = items[index + 1].frames - (index + 1 < transitions.count ? transitions[index + 1].frames : 0)
            let room = min(before, after)
            if transition.frames > room {
                let which = before <= after ? index : index + 1
                throw EditSpecError("transitions[\(index)].duration",
                    "\(Self.seconds(fps.seconds(transition.frames))) s is longer than items[\(which)] can give "
                    + "(\(Self.seconds(fps.seconds(room))) s, after the transitions on its other side)")
            }
        }
    }

    func music(_ audio: EditAudio, place: String) throws -> EditPlan.Music? {
        guard let path = audio.music else {
            if audio.volume != nil || audio.fadeIn != nil || audio.fadeOut != nil {
                throw EditSpecError("\(place).music", "is missing (volume and fades apply to the music)")
            }
            return nil
        }
        let resolved = resolve(path)
        // Music is user input exactly as a clip is: a regular file, a media container (not a
        // playlist), opened later as the demuxer found here.
        try requireRegularFile(resolved, named: path, place: "\(place).music")
        let probe: ClipProbe
        do {
            probe = try ClipProbe(path: resolved, tools: tools, role: .music)
        } catch {
            throw EditSpecError("\(place).music", "\(error)")
        }
        guard probe.hasAudio else { throw EditSpecError("\(place).music", "'\(path)' has no sound") }
        let volume = audio.volume ?? 1
        guard volume.isFinite, (0...10).contains(volume) else { throw EditSpecError("\(place).volume", "\(volume) must be 0...10") }
        for (name, value) in [("fadeIn", audio.fadeIn), ("fadeOut", audio.fadeOut)] {
            if let value, !(value.isFinite && value >= 0 && value <= Self.maxSeconds) {
                throw EditSpecError("\(place).\(name)", "\(value) must be 0 or more seconds")
            }
        }
        let (from, loop) = try musicStart(audio, duration: probe.duration, place: place)
        return EditPlan.Music(path: resolved, demuxer: probe.demuxer, volume: volume, fadeIn: audio.fadeIn ?? 0, fadeOut: audio.fadeOut ?? 0,
                              from: from, loop: loop)
    }

    /// A readable regular file, else an error at `place`: a missing file, a folder, a FIFO or a
    /// device is refused before anything opens it (a FIFO would block the open, or the read,
    /// until killed). Every file a spec names goes through this before it is opened: pictures,
    /// clips, music and tracks, fonts, SRT files, `.glsl` files and their textures.
    func requireRegularFile(_ resolved: String, named path: String, place: String) throws {
        try Self.requireRegularFile(resolved, named: path, place: place)
    }

    static func requireRegularFile(_ resolved: String, named path: String, place: String) throws {
        if let problem = regularFileProblem(resolved, named: path) { throw EditSpecError(place, problem.description) }
    }

    /// Why `resolved` is no readable regular file, or nil when it is one.
    static func regularFileProblem(_ resolved: String, named path: String) -> FileProblem? {
        var info = stat()
        guard stat(resolved, &info) == 0, access(resolved, R_OK) == 0 else {
            return FileProblem(description: "cannot read '\(path)' (no such file, or not readable)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return FileProblem(description: "'\(path)' is not a regular file (a pipe, device or folder); give a file")
        }
        return nil
    }

    struct FileProblem: Error, CustomStringConvertible {
        let description: String
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) }
}
