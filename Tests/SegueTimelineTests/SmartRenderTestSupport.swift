import Foundation
import SegueExport
import SegueTesting
import SegueTimeline

/// H.264 clips as cameras record them, made by ffmpeg's libx264: a keyframe about every second
/// (`gop` frames), B-frames (x264's defaults), BT.709 tags, AAC sound; and the readings the
/// smart-rendering tests compare: each decoded frame's MD5 (ffmpeg's framemd5, in the stream's
/// own pixel format, so "equal" is bit-identical), ffmpeg's complaints, the flash and the beep.
enum SmartRenderMedia {
    /// `seconds` of testsrc2 at 30 fps. `flashFrame`: that frame is white and a 1 kHz beep
    /// starts at its time (the sound is silent elsewhere); without it the sound is a sine.
    /// `tagged` false leaves the colour untagged (as lavfi and many cameras write it);
    /// `codec` is ffmpeg's encoder (libx265 gets the same keyframe interval, closed GOPs).
    static func clip(at path: String, seconds: Double = 4, size: String = "320x180", hue: Int = 0, gop: Int = 30,
                     flashFrame: Int? = nil, x264: [String] = [], tagged: Bool = true, codec: String = "libx264") throws {
        var video = "testsrc2=s=\(size):r=30:d=\(seconds),hue=h=\(hue)+t*90"
        var sound = "sine=f=\(440 + hue):sample_rate=48000:d=\(seconds)"
        if let flashFrame {
            video += ",drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='eq(n\\,\(flashFrame))'"
            let at = Double(flashFrame) / 30
            sound = "aevalsrc='if(between(t\\,\(at)\\,\(at + 0.1))\\,0.8*sin(2*PI*1000*t)\\,0)':s=48000:d=\(seconds)"
        }
        _ = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", video, "-f", "lavfi", "-i", sound,
            "-c:v", codec, "-g", String(gop), "-pix_fmt", "yuv420p",
        ] + (tagged ? ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"] : [])
            + (codec == "libx265" ? ["-tag:v", "hvc1", "-x265-params", "log-level=error:open-gop=0:keyint=\(gop)"] : [])
            + x264 + ["-c:a", "aac", "-shortest", path])
    }

    /// The MD5 of every decoded video frame of `path`, in presentation order.
    /// `threads`: the decoder's (nil: ffmpeg's own choice, frame threads on several cores, as players decode).
    static func frameHashes(_ path: String, seek: Double? = nil, frames: Int? = nil, threads: Int? = nil) throws -> [String] {
        let arguments = ["-v", "error", "-nostdin"] + (threads.map { ["-threads", String($0)] } ?? [])
            + (seek.map { ["-ss", String($0)] } ?? []) + ["-i", path, "-map", "0:v:0"]
            + (frames.map { ["-frames:v", String($0)] } ?? []) + ["-f", "framemd5", "pipe:1"]
        return String(decoding: try VideoReader.run("ffmpeg", arguments), as: UTF8.self)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// What ffmpeg says on its error stream while decoding all of `path` (nothing for a clean file).
    static func decodeErrors(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-f", "null", "-"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text + (process.terminationStatus == 0 ? "" : "exit \(process.terminationStatus)")
    }

    /// The frame whose mean luma is highest (the flash), from ffmpeg's signalstats.
    static func brightestFrame(_ path: String) throws -> Int {
        let text = String(decoding: try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-vf", "signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-",
            "-f", "null", "-",
        ]), as: UTF8.self)
        let means = text.split(separator: "\n").filter { $0.contains("YAVG") }.compactMap { Double($0.split(separator: "=").last ?? "") }
        return means.indices.max { means[$0] < means[$1] } ?? -1
    }

    /// Every frame much brighter than the rest (mean luma above halfway from the median to the
    /// brightest): the flashes, in order.
    static func flashFrames(_ path: String) throws -> [Int] {
        let text = String(decoding: try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-vf", "signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-",
            "-f", "null", "-",
        ]), as: UTF8.self)
        let means = text.split(separator: "\n").filter { $0.contains("YAVG") }.compactMap { Double($0.split(separator: "=").last ?? "") }
        guard let brightest = means.max() else { return [] }
        let threshold = (brightest + means.sorted()[means.count / 2]) / 2
        return means.indices.filter { means[$0] > threshold }
    }

    /// The onset of each beep: a sample louder than a quarter of full scale after 0.2 s without one.
    static func beepOnsets(_ path: String) throws -> [Int] {
        var onsets: [Int] = []
        var lastLoud = Int.min / 2
        for (index, sample) in try TimelineMedia.samples(path).enumerated() where abs(sample) > 0.25 {
            if index - lastLoud > 9600 { onsets.append(index) }
            lastLoud = index
        }
        return onsets
    }

    /// The first sample (mono, 48 kHz) louder than a quarter of full scale: the beep's onset.
    static func beepOnset(_ path: String) throws -> Int {
        try TimelineMedia.samples(path).firstIndex { abs($0) > 0.25 } ?? -1
    }

    /// ffprobe's entries of `path`'s first video stream (`keys`: stream entries, e.g.
    /// "color_space"), as key=value pairs.
    static func streamEntries(_ path: String, _ keys: String) throws -> [String: String] {
        let text = String(decoding: try VideoReader.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=" + keys, "-of", "default=nw=1", path]), as: UTF8.self)
        var entries: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { entries[String(parts[0])] = String(parts[1]) }
        }
        return entries
    }

    static func plan(_ spec: EditSpec, in dir: URL) throws -> EditPlan {
        let url = dir.appendingPathComponent("edit-\(UUID().uuidString).json")
        try TimelineMedia.write(spec, to: url)
        return try EditPlan.load(specAt: url.path, tools: try FFmpegTools.locate())
    }
}
