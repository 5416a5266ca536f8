import Foundation
import SegueExport
import SegueText
import SegueColor

/// An edit spec's documented limits (the README's budget table), each refused with its name
/// before any file the spec names is opened: far beyond any real edit, small enough that a
/// plan stays arithmetic over the spec plus one check per distinct file, in well under a second.
public enum EditSpecLimits {
    /// The spec file's size: 16 MiB (a 10,000-item spec is about 440 KB).
    public static let specBytes = 16 << 20
    public static let items = 100_000
    /// Distinct files (pictures, clips, music, `.glsl` files): each is opened and checked once.
    public static let distinctFiles = 1_000
    /// Extra sound tracks (`audio.tracks`): each is one more input of the sound's ffmpeg.
    public static let audioTracks = 1_000
    /// The whole edit's length: 24 hours.
    public static let seconds = 24 * 3600

    static func checkSpecSize(_ bytes: Int, path: String) throws {
        guard bytes <= specBytes else {
            throw EditSpecError("spec", "'\(path)' is \(bytes) bytes; a spec is at most \(specBytes) bytes (16 MiB)")
        }
    }

    /// The counts a spec shows before anything is opened.
    static func check(_ spec: EditSpec) throws {
        guard spec.items.count <= items else {
            throw EditSpecError("items", "\(spec.items.count) items; an edit holds at most \(items)")
        }
        var files = Set(spec.items.compactMap { item -> String? in
            switch item {
            case let .picture(path, _, _), let .clip(path, _, _, _), let .freeze(path, _, _): path
            case let .title(title): if case let .picture(path) = title.background { path } else { nil }
            }
        })
        if let music = spec.audio?.music { files.insert(music) }
        let tracks = spec.audio?.tracks ?? []
        guard tracks.count <= audioTracks else {
            throw EditSpecError("audio.tracks", "\(tracks.count) tracks; an edit holds at most \(audioTracks)")
        }
        files.formUnion(tracks.map(\.file))
        if let subtitles = spec.subtitles { files.insert(subtitles.file) }
        try checkTexts(spec)
        for transition in spec.transitions ?? [] where transition.effect.hasSuffix(".glsl") { files.insert(transition.effect) }
        guard files.count <= distinctFiles else {
            throw EditSpecError("items", "\(files.count) distinct files; an edit names at most \(distinctFiles)")
        }
    }

    static func checkLength(frames: Int, fps: FrameRate) throws {
        guard fps.seconds(frames) <= Double(seconds) else {
            throw EditSpecError("items", "the edit lasts \(Int(fps.seconds(frames))) s; an edit lasts at most \(seconds) s (24 hours)")
        }
    }
}

/// What a plan's checks found out once per distinct file or effect, for the items and
/// junctions that name it again: a plan costs one check per distinct file, not one per item.
final class EditPlanCache {
    var pictures: Set<String> = []
    var clips: [String: ClipProbe] = [:]
    var effects: [String: TimelineEffects.Makers] = [:]
    /// Fonts by name and size: a thousand subtitle cues look their font up once.
    var fonts: [String: Font] = [:]
}
