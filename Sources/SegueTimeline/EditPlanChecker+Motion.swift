import Foundation
import SegueExport

/// The checks of what moves in an edit: freeze items, reversed clips, contain-blur.
extension EditPlanChecker {
    /// `resize`'s name for a picture contained over a blurred, covering copy of itself.
    static let containBlur = "contain-blur"

    /// The clip at `resolved`, probed once however many items name it.
    func probedClip(_ resolved: String, path: String, place: String) throws -> ClipProbe {
        let probe = try cache.clips[resolved] ?? clipProbe(resolved, path: path, place: place)
        cache.clips[resolved] = probe
        return probe
    }

    /// A `freeze` item: the frame of the clip at `path` at `at` seconds, held `duration` seconds
    /// (silent). Played as a clip from `at` whose one frame is repeated.
    func freezeItem(path: String, at: Double, duration: Double, place: String, fps: FrameRate) throws -> EditPlan.Item {
        let resolved = resolve(path)
        let probe: ClipProbe
        do { probe = try probedClip(resolved, path: path, place: place) } catch let error as EditSpecError {
            // The probe names the clip's key, "clip"; here it is "freeze".
            throw EditSpecError(error.place == "\(place).clip" ? "\(place).freeze" : error.place, error.message)
        }
        guard at.isFinite, at >= 0 else { throw EditSpecError("\(place).at", "\(at) must be 0 or more seconds") }
        _ = try SpecNumber.checked(at, place: "\(place).at", in: 0...SpecNumber.maxFilePosition, "s (a position in the clip)")
        if let end = probe.duration, at > end - fps.seconds(1) / 2 {
            throw EditSpecError("\(place).at", "\(at) is at or past the clip's last frame (the clip lasts \(Self.seconds(end)) s)")
        }
        let count = try frames(duration, fps: fps, place: "\(place).duration")
        return EditPlan.Item(source: .clip(path: resolved, start: at, hasAudio: false, demuxer: probe.demuxer),
                             frames: count, place: place, timing: ClipTiming(freeze: true))
    }

    /// A reversed clip's frames are all held in memory before the first is shown: refused
    /// past `ClipTiming.reverseBytes`.
    func checkReverse(_ timing: ClipTiming, frames: Int, size: (width: Int, height: Int), place: String) throws {
        guard timing.reverse else { return }
        // At most 4 bytes a pixel (RGBA; planar 4:2:0 holds 1.5, 4:4:4 3).
        let bytes = Double(frames) * Double(size.width * size.height * 4)
        guard bytes <= Double(ClipTiming.reverseBytes) else {
            let most = ClipTiming.reverseBytes / (size.width * size.height * 4)
            throw EditSpecError("\(place).reverse", "\(frames) frames at \(size.width)x\(size.height) is more than a reversed clip may hold "
                + "in memory (\(most) frames, 1 GiB); split it into shorter reversed items")
        }
    }
}
