import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueImage

/// An `EditSpec` checked against the files it names and turned into whole frames: every error
/// is found here, with its place in the spec, before anything renders. Frame arithmetic is
/// xfade's: item i lasts `items[i].frames`, transition j overlaps the last `frames` of item j
/// with the first of item j + 1, so the edit lasts Σ items − Σ transitions frames.
public struct EditPlan {
    public enum Source: Equatable {
        case picture(path: String)
        /// The clip from `start` seconds; `hasAudio` when it has a sound stream. `demuxer` is the
        /// one ffprobe found (and `ClipDecoder.clipDemuxers` allows), forced on every later open.
        case clip(path: String, start: Double, hasAudio: Bool, demuxer: String)
        /// A title card's background (its text is an overlay of the item).
        case title(TitleBackground)
    }

    public struct Item: Equatable {
        public let source: Source
        public let frames: Int
        /// `items[i]`, for messages.
        public let place: String
        /// A picture's Ken Burns zoom and pan; nil for a still.
        public var motion: KenBurns? = nil
        /// A clip's speed, direction or held frame.
        public var timing = ClipTiming()
        /// A clip's own volume and fades (see `EditPlan.ClipSound`).
        public internal(set) var sound = ClipSound()
    }

    public struct Transition {
        /// The effect's name as the spec gives it ("cut" for a hard cut).
        public let name: String
        /// 0 for a cut.
        public let frames: Int
        public let easing: Easing
        /// The ffmpeg `afade` curve of each side's sound ("qsin" for equal power).
        public let audioCurve: String
        /// Makes the effect over the two sides' textures, mixing in a blend space; nil for a cut.
        public let make: ((BlendSpace) -> TransitionExporter.MakeEffect)?
        /// `make` for a blend of `BlendSignal`'s values: an HLG or PQ output's signal mixed with
        /// that transfer's curve, its colour parameters mapped to HDR reference white.
        var makeInSignal: ((BlendSpace, BlendSignal) -> TransitionExporter.MakeEffect)? = nil
    }

    public struct Music: Equatable {
        public let path: String
        /// As for a clip: the demuxer ffprobe found, forced when ffmpeg opens it.
        public let demuxer: String
        public let volume: Double
        public let fadeIn: Double
        public let fadeOut: Double
        /// Seconds into the song where it starts; looped, later passes start at its beginning.
        public var from = 0.0
        public var loop = true
    }

    public let width: Int
    public let height: Int
    /// The exact rate (`FrameRate`): 30/1, 30000/1001 ...
    public let frameRate: FrameRate
    /// `frameRate` as a number of frames a second (29.97002997... for NTSC 29.97).
    public var framesPerSecond: Double { frameRate.value }
    public let resize: ResizeMode
    /// `resize: contain-blur`: contained (`resize` is `.contain`) over a blurred, covering copy.
    public let blurredBackdrop: Bool
    /// How HDR clips are tone-mapped to SDR (the spec's `tonemap`; a front end may override it).
    public var toneMap: ToneMapOperator
    /// Where HLG clips' reference white lands in SDR (the spec's `hlgReferenceWhite`; else
    /// `bt2408` when HLG clips are cut with SDR material, `ffmpeg` otherwise; a front end may
    /// override it).
    public var hlgReferenceWhite: HLGReferenceWhite
    /// What shows where no item covers the frame (the spec's `background`; `segue edit --alpha`
    /// makes it transparent): a transparent edit needs an output that keeps alpha.
    public var background: EditBackground = .black
    /// Where transitions mix (the spec's `blend`, sRGB unless told; a front end may override it).
    public var blendSpace: BlendSpace
    /// HLG clips pass to the blend as they are, their signal unchanged (matrix only), rather
    /// than tone-mapped to SDR: set for an edit whose output is HLG (`EditOutputCoding`).
    var keepsHLG = false
    /// PQ clips pass to the blend as they are (their signal, matrix only): set for an edit whose
    /// output is PQ, which only PQ clips make (`EditOutputCoding`).
    var keepsPQ = false
    public let items: [Item]
    public let transitions: [Transition]
    public let music: Music?
    /// Extra tracks, ducking and loudness (see `EditPlan.SoundMix`).
    public let sound: SoundMix
    /// The spec's identity (`ChunkTag.identity(of:)`), written into every video rendered from it.
    public let specIdentity: String
    /// Every file the edit reads (the spec, pictures, clips, music, `.glsl` files and their
    /// textures), which no output may replace (`OutputPath.refuseInputs`).
    public internal(set) var inputPaths: [String]
    /// Titles, captions and burned-in subtitles (`EditPlan.addText`), drawn on the GPU.
    public internal(set) var textOverlays: [TextOverlay] = []
    /// Subtitles muxed as a track of their own (`"mode": "soft"`).
    public internal(set) var softSubtitles: SubtitleTrack?

    /// Frames of the whole edit.
    public let totalFrames: Int
    /// Where each item starts in the edit, summed once when the plan is made: a plan of N items
    /// (and its text and smart-render checks) is linear in N, not quadratic.
    let itemStarts: [Int]

    /// The edit's frame where item `index` starts.
    public func startFrame(ofItem index: Int) -> Int { itemStarts[index] }

    /// The first item whose frames reach past `frame` (the last item when none does): items'
    /// starts and ends never go back, so a binary search finds it.
    func firstItem(endingAfter frame: Int) -> Int {
        var (low, high) = (0, items.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if itemStarts[middle] + items[middle].frames > frame { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Each item's start, and the edit's length: Σ items − Σ transitions.
    static func starts(items: [Item], transitions: [Transition]) -> (starts: [Int], total: Int) {
        var starts: [Int] = []
        starts.reserveCapacity(items.count)
        var at = 0
        for index in items.indices {
            starts.append(at)
            at += items[index].frames - (index < transitions.count ? transitions[index].frames : 0)
        }
        return (starts, at)
    }

    /// Whether any item or the music has sound (else the video has no audio stream).
    public var hasAudio: Bool {
        music != nil || !sound.tracks.isEmpty || items.contains { if case .clip(_, _, true, _) = $0.source { true } else { false } }
    }

    /// Reads and checks the spec at `path`; relative paths in it are taken from its folder.
    /// `adjusting` changes the spec once read, before it is checked (a draft's size).
    public static func load(
        specAt path: String, tools: FFmpegTools, adjusting: (inout EditSpec) throws -> Void = { _ in }
    ) throws -> EditPlan {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
            try EditSpecLimits.checkSpecSize(size, path: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EditSpecError("spec", "cannot read '\(path)' (no such file, or not readable)")
        }
        try EditSpecLimits.checkSpecSize(data.count, path: path)
        // The folder the kernel finds the spec in: `lnk/../edit.json` is beside what lnk points at.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var spec = try decode(data)
        try adjusting(&spec)
        var plan = try EditPlan(spec: spec, folder: folder, tools: tools)
        plan.inputPaths.append(path)
        return plan
    }

    /// The spec in `data` (JSON); a mistake is an `EditSpecError` with its place.
    public static func decode(_ data: Data) throws -> EditSpec {
        let scanned = scan(data)   // once: a 16 MiB spec is read byte by byte here
        if let place = scanned.trailingComma {
            throw EditSpecError("spec", "not valid JSON: a trailing comma at line \(place.line), column \(place.column)")
        }
        if let place = scanned.nul {
            throw EditSpecError("spec", "a NUL character (\\u0000) at line \(place.line), column \(place.column): no path or name holds one "
                + "(the system would cut the name there)")
        }
        do {
            return try JSONDecoder().decode(EditSpec.self, from: data)
        } catch let error as EditSpecError {
            throw error
        } catch let DecodingError.typeMismatch(type, context) {
            throw EditSpecError(codingPath: context.codingPath, "expected \(Self.describe(type))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw EditSpecError(codingPath: context.codingPath + [key], "is missing")
        } catch let DecodingError.valueNotFound(type, context) {
            throw EditSpecError(codingPath: context.codingPath, "expected \(Self.describe(type)), not null")
        } catch let DecodingError.dataCorrupted(context) {
            if let place = syntaxErrorPlace(in: data) {
                throw EditSpecError("spec", "not valid JSON: it breaks at line \(place.line), column \(place.column)")
            }
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw EditSpecError(codingPath: context.codingPath, "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
        }
    }

    /// Where a `,` is followed (past white space) by `]` or `}`, outside strings: JSON has no
    /// trailing commas, though Foundation's decoder lets them pass silently.
    static func trailingComma(in data: Data) -> (line: Int, column: Int)? {
        scan(data).trailingComma
    }

    /// Where a string holds `\u0000`: a path with it was cut there by the system (`a.png\u0000.jpg`
    /// opened `a.png`), so no string of a spec may hold one.
    static func nulEscape(in data: Data) -> (line: Int, column: Int)? {
        scan(data).nul
    }

    private static func scan(_ data: Data) -> (trailingComma: (line: Int, column: Int)?, nul: (line: Int, column: Int)?) {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var (inString, escaped, line, column) = (false, false, 1, 0)
        var comma: (line: Int, column: Int)?
        var nul: (line: Int, column: Int)?
        let bytes = [UInt8](data)
        for (index, byte) in bytes.enumerated() {
            column += 1
            if inString {
                if escaped {
                    escaped = false
                    if nul == nil, byte == UInt8(ascii: "u"), index + 4 < bytes.count,
                       bytes[(index + 1)...(index + 4)].elementsEqual("0000".utf8) { nul = (line, column - 1) }
                } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == 0x0A { (line, column) = (line + 1, 0) }
            if space.contains(byte) { continue }
            if byte == UInt8(ascii: ",") { comma = (line, column); continue }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), let comma { return (comma, nul) }
            comma = nil
            if byte == UInt8(ascii: "\"") { inString = true }
        }
        return (nil, nul)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [EditItem].Type, is [EditTransition].Type: "a list"
        default: "an object"
        }
    }

    /// Checks `spec` against the files it names (paths relative to `folder`).
    public init(spec: EditSpec, folder: URL, tools: FFmpegTools) throws {
        try EditSpecLimits.check(spec)
        let checker = EditPlanChecker(folder: folder, tools: tools)
        specIdentity = ChunkTag.identity(of: spec)
        (width, height) = try checker.size(spec.size)
        frameRate = try spec.fps?.rate() ?? FrameRate(30)
        resize = try checker.resize(spec.resize)
        blurredBackdrop = spec.resize == EditPlanChecker.containBlur
        toneMap = try checker.toneMap(spec.tonemap)
        let chosenReferenceWhite = try checker.hlgReferenceWhite(spec.hlgReferenceWhite)
        background = try checker.background(spec.background)
        blendSpace = try checker.blendSpace(spec.blend)
        guard !spec.items.isEmpty else { throw EditSpecError("items", "an edit needs at least one item") }
        let (fps, mode, frameWidth, frameHeight) = (frameRate, resize, width, height)
        let items = try checker.withClipSounds(spec.items.enumerated().map { index, item in
            try checker.item(item, place: "items[\(index)]", fps: fps, frameWidth: frameWidth, frameHeight: frameHeight, resize: mode)
        }, spec: spec, fps: fps)
        let junctions = items.count - 1
        let given = spec.transitions ?? Array(repeating: EditTransition(effect: "cut"), count: junctions)
        guard given.count == junctions else {
            throw EditSpecError("transitions", "\(given.count) given for \(items.count) items; give one per junction (\(junctions))")
        }
        let transitions = try given.enumerated().map { index, transition in
            try checker.transition(transition, place: "transitions[\(index)]", fps: fps, resize: mode)
        }
        try checker.checkOverlaps(items: items, transitions: transitions, fps: fps)
        (itemStarts, totalFrames) = Self.starts(items: items, transitions: transitions)
        try EditSpecLimits.checkLength(frames: totalFrames, fps: fps)
        (self.items, self.transitions) = (items, transitions)
        let ranges = checker.dynamicRanges(of: items)
        hlgReferenceWhite = chosenReferenceWhite ?? HLGReferenceWhite.defaultFor(hasHLG: ranges.hlg, hasSDR: ranges.sdr)
        music = try spec.audio.flatMap { try checker.music($0, place: "audio") }
        sound = try checker.soundMix(spec.audio, hasMusic: music != nil, totalFrames: totalFrames, fps: fps)
        inputPaths = items.compactMap {
            switch $0.source {
            case let .picture(path), let .clip(path, _, _, _), let .title(.picture(path)): path
            case .title: nil
            }
        } + (music.map { [$0.path] } ?? []) + sound.tracks.map(\.path)
        for transition in given {
            if transition.effect.hasSuffix(".glsl") { inputPaths.append(checker.resolve(transition.effect)) }
            for case let .text(file) in (transition.params ?? [:]).values { inputPaths.append(checker.resolve(file)) }
        }
        try addText(spec, checker: checker)
    }
}
