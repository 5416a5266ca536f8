import Foundation
import SegueExport
import SegueOutput

extension TimelineExporter {
    /// The subtitle codec and container a soft track is muxed with, by the output's format
    /// (by name, so that formats added later fall through to a refusal); nil when it takes none.
    static func subtitleMuxing(_ format: VideoFormat) -> (codec: String, container: String)? {
        switch format.rawValue {
        case "mp4": ("mov_text", "mp4")
        case "mov": ("mov_text", "mov")
        case "webm": ("webvtt", "webm")
        case "mkv": ("srt", "matroska")
        default: nil
        }
    }

    /// Refuses a soft subtitle track where the output cannot carry one (GIF, PNG frames), before anything renders.
    func checkSubtitleTrack(frameFolder: Bool) throws {
        guard plan.softSubtitles != nil else { return }
        if frameFolder || Self.subtitleMuxing(settings.format) == nil {
            throw EditSpecError("subtitles.mode", "\(frameFolder ? "a frame folder" : "a \(settings.format.rawValue.uppercased())") has no "
                + "subtitle track; use \"mode\": \"burn\" to draw them into the pictures")
        }
    }

    /// Commits the finished video in `file` once `verify` finds it what was asked; with a soft
    /// subtitle track, first copies its streams and the track (the cues within `range`, shifted
    /// to its start) into a second file, which is verified and committed instead. The SRT goes
    /// to ffmpeg on its stdin: nothing is written but the output.
    func commit(_ file: PartialFile, range: Range<Int>) throws {
        guard let track = plan.softSubtitles, let muxing = Self.subtitleMuxing(settings.format) else {
            try verify(file, frames: range.count, range: range, subtitles: false)
            do { try file.commit() } catch { throw ExportError.output(error) }
            return
        }
        let srt = track.srt(frames: range, fps: plan.frameRate)
        if srt.isEmpty {
            // No cue falls within these frames: a track with no cue is not made.
            try verify(file, frames: range.count, range: range, subtitles: false)
            do { try file.commit() } catch { throw ExportError.output(error) }
            return
        }
        let muxed: PartialFile
        do { muxed = try PartialFile(destination: file.destination.path, purpose: "the video with its subtitles", cleanup: tools.cleanup) } catch {
            throw ExportError.output(error)
        }
        do {
            let arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
                             "-i", "file:" + file.partial.path, "-f", "srt", "-i", "pipe:0",
                             "-map", "0", "-map", "1:0", "-c", "copy", "-c:s", muxing.codec, "-metadata:s:s:0", "language=" + track.language]
                + (muxing.container == "mp4" || muxing.container == "mov" ? ["-movflags", "+faststart"] : [])
                + ["-f", muxing.container, TransitionExporter.childStdout]
            let muxer = try FFmpegProcess(executable: tools.ffmpeg, arguments: arguments, writesInput: true, readsOutput: false,
                                          outputFile: muxed.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            let written = Array(srt.utf8).withUnsafeBytes { muxer.write($0) }
            muxer.closeInput()
            guard written, muxer.wait() == .exited(status: 0), !muxer.stalled else { throw muxer.failure { .encoderFailed(exit: $0, log: $1) } }
            try verify(muxed, frames: range.count, range: range, subtitles: true)
            do { try muxed.commit() } catch { throw ExportError.output(error) }
        } catch {
            muxed.discard()
            throw error
        }
        file.discard()
    }
}
