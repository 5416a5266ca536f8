import Foundation
import SegueExport
import SegueOutput

extension TimelineExporter {
    /// Smart rendering (see `SmartRenderPlan`): each encoded segment is rendered and encoded
    /// into a hidden file of its own with x264 settings that join the copies (the copied
    /// streams' profile and level and B-frame delay, closed GOPs, SPS/PPS in band at every
    /// keyframe); then one ffmpeg run joins the copied spans (packets between cut points) and
    /// the encoded files through the concat demuxer, which puts each file's parameter sets in
    /// band before its IDR pictures (its `auto_convert`), mixes the sound once over the whole
    /// range and muxes both into `file`.
    func exportSmart(_ smart: SmartRenderPlan, into file: PartialFile, range: Range<Int>, start: DispatchTime) throws -> Double {
        var encoded: [Int: PartialFile] = [:]
        defer { encoded.values.forEach { $0.discard() } }
        // The concat demuxer puts no HEVC parameter sets in band (its `auto_convert` is H.264's):
        // each HEVC clip copied from is first remuxed so its keyframes carry their own.
        var remuxed: [String: PartialFile] = [:]
        defer { remuxed.values.forEach { $0.discard() } }
        if smart.coding.codec == "hevc" {
            let raw = Set(smart.sources.values.filter(\.ignoresEditList).map(\.path))
            for path in Set(smart.sources.values.map(\.path)).sorted() {
                remuxed[path] = try parameterSetsInBand(path, rawTimestamps: raw.contains(path), beside: file)
            }
        }
        var done = 0
        var wait = 0.0
        // Encoders whose input is closed and that are still encoding (x264 encodes a short
        // segment's frames only after the last one arrives): the next segment renders meanwhile,
        // and all are waited for before the join. Any failure stops every one still running.
        var encoding: [FramePipeline] = []
        defer { encoding.forEach { $0.cancel() } }
        for segment in smart.segments {
            if segment.copy {
                done += segment.end - segment.first
                continue
            }
            // One encoder finishing while the next is fed, no more: an x265 at 1080p holds about
            // half a gigabyte, and an edit of many transitions rendered faster than they encode
            // would otherwise keep one alive for each.
            while encoding.count > Self.encodersFinishing {
                try encoding[0].waitForEncoder()
                encoding.removeFirst()
            }
            let target: PartialFile
            do { target = try PartialFile(destination: file.destination.path, purpose: "frames \(segment.first)..\(segment.end)", cleanup: tools.cleanup) } catch {
                throw ExportError.output(error)
            }
            encoded[segment.first] = target
            let encoder = try FFmpegProcess(
                executable: tools.ffmpeg, arguments: segmentArguments(smart), writesInput: true, readsOutput: false,
                outputFile: target.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            let (input, pipeline) = try EncoderInput.pipeline(into: encoder, device: device, settings: coding)
            defer { input.release() }
            do {
                let renderer = TimelineRenderer(plan: renderPlan, device: device, tools: tools, input: input, stills: stills)
                renderer.seekableItems = smart.copyableItems
                let before = done
                try renderer.render(into: pipeline, range: segment.first..<segment.end) { count in
                    onProgress?(ExportProgress(framesDone: before + count, totalFrames: range.count, elapsedSeconds: Self.seconds(since: start)))
                }
                try pipeline.endInput()
            } catch {
                pipeline.cancel()
                throw error
            }
            encoding.append(pipeline)
            wait += pipeline.encoderWaitSeconds
            done += segment.end - segment.first
        }
        while let pipeline = encoding.first {
            try pipeline.waitForEncoder()
            encoding.removeFirst()
        }
        let list: PartialFile
        do { list = try PartialFile(destination: file.destination.path, purpose: "the list of segments", cleanup: tools.cleanup) } catch { throw ExportError.output(error) }
        defer { list.discard() }
        try VideoJoiner.write(Self.concatList(smart, encoded: encoded, remuxed: remuxed.mapValues(\.partial.path), fps: plan.frameRate), to: list)
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
                         "-protocol_whitelist", "file", "-f", "concat", "-safe", "0", "-i", "file:" + list.partial.path]
        if let sound = soundArguments(range: range) {
            arguments += sound
        } else {
            arguments += ["-map", "0:v", "-an"]
        }
        // -copyts: the concat demuxer's timestamps as they are (ffmpeg would otherwise shift the
        // video by the first file's B-frame delay, a fraction of a frame out of step with the sound).
        // The chunk's identity, as the full encode writes it, so `segue join` checks copied chunks alike.
        arguments += ["-c:v", "copy", "-copyts", "-movflags", "+faststart", "-f", "mp4",
                      "-metadata", "comment=" + chunkTag(range: range).text] + TransitionExporter.outputFlush + [TransitionExporter.childStdout]
        let muxer = try FFmpegProcess(executable: tools.ffmpeg, arguments: arguments, writesInput: false, readsOutput: false,
                                      outputFile: file.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        guard muxer.wait() == .exited(status: 0), !muxer.stalled else { throw muxer.failure { .encoderFailed(exit: $0, log: $1) } }
        onProgress?(ExportProgress(framesDone: range.count, totalFrames: range.count, elapsedSeconds: Self.seconds(since: start)))
        return wait
    }

    /// How many segments' encoders may still be encoding, their input closed, when the next
    /// segment's encoder starts.
    static let encodersFinishing = 1

    /// An encoded segment's encoder: raw frames in (the output stage's planes), H.264 out as the edit's own encode, with
    /// the copied streams' profile (never lossless: at CRF 0 an H.264 output copies nothing),
    /// level and B-frame delay, a keyframe every second, no open GOPs and the SPS/PPS repeated in band.
    func segmentArguments(_ smart: SmartRenderPlan) -> [String] {
        if smart.coding.codec == "hevc" { return hevcSegmentArguments(smart) }
        let reorder = switch smart.reorderDelay {
        case 0: "bframes=0"
        case 1: "bframes=3:b-pyramid=none"
        default: "bframes=3:b-pyramid=normal"
        }
        let level = smart.level > 0 ? ["-level:v", "\(smart.level / 10).\(smart.level % 10)"] : []
        return ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
                "-f", "rawvideo", "-pix_fmt", coding.encoderInputPixelFormat, "-s", "\(plan.width)x\(plan.height)",
                "-framerate", plan.frameRate.ffmpegText, "-i", "pipe:0", "-an"]
            + coding.encoderArguments + presetArguments
            // The copies' profile (at CRF 0 an H.264 output copies nothing: `SmartRenderPlan.losslessH264Refusal`).
            + ["-profile:v", smart.coding.encoderProfile] + level
            + ["-x264-params", "keyint=\(plan.frameRate.nominal):open-gop=0:repeat-headers=1:" + reorder]
            + TransitionExporter.outputFlush + [TransitionExporter.childStdout]
    }

    /// The concat demuxer's script: each copied span from its clip between its cut points (in
    /// from the keyframe's presentation time, rounded up to the demuxer's microseconds so the
    /// seek lands on it; out at the next cut point's decoding time, rounded down, which drops
    /// exactly the packets from that keyframe on), each encoded segment's file whole; every
    /// entry's length given in frames, so the next starts on its frame.
    /// `remuxed`: a clip's path → the copy of its video to read instead (`parameterSetsInBand`).
    static func concatList(_ smart: SmartRenderPlan, encoded: [Int: PartialFile], remuxed: [String: String] = [:], fps: FrameRate) -> String {
        func quoted(_ path: String) -> String { "'" + ClipDecoder.fileURL(path).replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        func micro(_ seconds: Double, _ rule: FloatingPointRoundingRule) -> String {
            String(format: "%.6f", (seconds * 1e6).rounded(rule) / 1e6)
        }
        var lines = ["ffconcat version 1.0"]
        for segment in smart.segments {
            let length = String(format: "%.6f", fps.seconds(segment.end - segment.first))
            if segment.copy, let source = smart.sources[segment.first] {
                lines += ["file " + quoted(remuxed[source.path] ?? source.path)] + (source.ignoresEditList ? ["option ignore_editlist 1"] : [])
                    + ["inpoint " + micro(source.inpoint, .up)]
                if let outpoint = source.outpoint { lines.append("outpoint " + micro(outpoint, .down)) }
            } else if let file = encoded[segment.first] {
                lines.append("file " + quoted(file.partial.path))
            }
            lines.append("duration " + length)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension TimelineExporter {
    /// An HEVC segment's encoder (x265), as `segmentArguments`: the copies' profile, level and
    /// B-frame delay, a keyframe every second, closed GOPs, VPS/SPS/PPS in band at every one,
    /// the clips' HDR static metadata in SEI; lossless (allowed by Main and Main 10) at CRF 0,
    /// where x265 takes no level (it refuses one at constant QP) and writes the one it works out.
    func hevcSegmentArguments(_ smart: SmartRenderPlan) -> [String] {
        let reorder = switch smart.reorderDelay {
        case 0: "bframes=0"
        case 1: "bframes=3:b-pyramid=0"
        default: "bframes=4:b-pyramid=1"
        }
        // ffprobe's HEVC level is 30 × the level's number (93: level 3.1).
        let level = smart.level > 0 && coding.crf != 0 ? ":level-idc=" + String(format: "%g", Double(smart.level) / 30) : ""
        let params = (coding.crf == 0 ? "lossless=1:" : "") + "log-level=error:keyint=\(plan.frameRate.nominal):open-gop=0:repeat-headers=1:"
            + reorder + level + (coding.hdrMetadata?.x265Parameters ?? "")
        return ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
                "-f", "rawvideo", "-pix_fmt", coding.encoderInputPixelFormat, "-s", "\(plan.width)x\(plan.height)",
                "-framerate", plan.frameRate.ffmpegText, "-i", "pipe:0", "-an"]
            + coding.encoderArguments + presetArguments
            + ["-profile:v", smart.coding.encoderProfile, "-x265-params", params]
            + TransitionExporter.outputFlush + [TransitionExporter.childStdout]
    }

    /// The video of the HEVC clip at `path`, remuxed (no frame re-encoded, every timestamp kept)
    /// into a hidden file beside `file` whose keyframes carry the clip's VPS, SPS and PPS in
    /// band (`hevc_mp4toannexb`, back into MP4): after an encoded segment's own parameter sets,
    /// a copied span then decodes with its clip's, not the segment's. `rawTimestamps`: the clip's
    /// edit list hides frames, so it is read without it and its timestamps written as they are
    /// (the concat demuxer reads the copy without its edit list too: `ClipStream.hidesFrames`).
    func parameterSetsInBand(_ path: String, rawTimestamps: Bool, beside file: PartialFile) throws -> PartialFile {
        let target: PartialFile
        do {
            target = try PartialFile(destination: file.destination.path, purpose: "a clip's video with its parameter sets in band", cleanup: tools.cleanup)
        } catch { throw ExportError.output(error) }
        do {
            let remuxer = try FFmpegProcess(
                executable: tools.ffmpeg,
                arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y", "-protocol_whitelist", "file"]
                    + (rawTimestamps ? ["-ignore_editlist", "1"] : [])
                    + ["-i", ClipDecoder.fileURL(path), "-map", "0:v:0", "-c", "copy", "-bsf:v", "hevc_mp4toannexb", "-tag:v", "hvc1"]
                    + (rawTimestamps ? ["-copyts"] : []) + ["-f", "mp4", TransitionExporter.childStdout],
                writesInput: false, readsOutput: false, outputFile: target.descriptor, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            guard remuxer.wait() == .exited(status: 0), !remuxer.stalled else { throw remuxer.failure { .encoderFailed(exit: $0, log: $1) } }
        } catch {
            target.discard()
            throw error
        }
        return target
    }
}
