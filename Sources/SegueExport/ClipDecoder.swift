import Foundation
import SegueOutput
import SegueEffects
import SegueColor

/// A video clip decoded by ffmpeg into RGBA frames of the export's size and frame rate, read
/// one at a time from its stdout: no frame touches the disk. The picture is fitted to the
/// frame by a `ResizeMode`, as the effects fit still pictures. Audio is ignored.
package final class ClipDecoder {
    package let path: String
    /// Frames at the export's rate, from the duration ffprobe reports (an estimate for progress
    /// and for checking the edit up front; the decoded stream is the truth); nil when the
    /// duration is unknown, as for raw streams.
    let estimatedFrames: Int?
    /// What ffprobe says of the clip's video: its colour, rotation, rate.
    package let info: MediaInfo
    /// The planes' layout when decoded planar; nil for RGBA frames.
    package let planes: PlaneLayout?
    /// Bytes of one decoded frame.
    var frameBytes: Int { planes?.frameBytes ?? width * height * 4 }
    private let width: Int, height: Int
    private let process: FFmpegProcess
    package private(set) var framesRead = 0
    private var ended = false

    /// `start` (seconds) seeks into the clip first: the first frame is the one on screen at
    /// `start` (ffmpeg decodes from the keyframe before, and `fps` drops what precedes that
    /// frame); `frameLimit` stops the decoder after that many frames.
    /// With `planar`, a Y'CbCr clip is decoded in its own layout (`planes`: its subsampling and
    /// bit depth, scaled and fitted in Y'CbCr) for the GPU's input stage; otherwise, and for RGB
    /// clips, as RGBA.
    convenience init(path: String, tools: FFmpegTools, width: Int, height: Int, framesPerSecond: Int, fit: ResizeMode,
                     start: Double = 0, frameLimit: Int? = nil, planar: Bool = false) throws(ExportError) {
        try self.init(path: path, tools: tools, width: width, height: height, frameRate: FrameRate(framesPerSecond), fit: fit,
                      start: start, frameLimit: frameLimit, planar: planar)
    }

    /// `timing` plays the clip at a speed or reversed (`ClipTiming`), reading `span` seconds
    /// of it from `start` (all to its end when nil).
    package init(path: String, tools: FFmpegTools, width: Int, height: Int, frameRate: FrameRate, fit: ResizeMode,
         start: Double = 0, frameLimit: Int? = nil, planar: Bool = false, timing: ClipTiming = ClipTiming(), span: Double? = nil,
         backdrop: Bool = false) throws(ExportError) {
        self.path = path
        let probe = try Self.probe(path, tools: tools)
        info = try MediaInfo.probe(path: path, demuxer: probe.demuxer, tools: tools)
        try Self.checkFrameSize(path: path, width: info.width, height: info.height)
        (self.width, self.height) = (width, height)
        let planes = planar && info.color.matrix != .rgb
            ? PlaneLayout(width: width, height: height, source: info, alpha: (fit == .contain && !backdrop) || info.color.alpha != .opaque) : nil
        self.planes = planes
        let frames = probe.duration.map { frameRate.frames(inSeconds: $0).rounded() }
        // A claim beyond any real clip (or one no Int holds) says nothing: treated as unknown.
        estimatedFrames = frames.flatMap { $0 <= 1e9 ? Int($0) : nil }
        // Square pixels first (an anamorphic 1440x1080 clip with SAR 4:3 is 1920x1080 on screen),
        // so the fit sees the picture's displayed shape.
        let fitting = backdrop ? Self.containBlurFilters(width: width, height: height, format: planes?.pixelFormat ?? "rgba")
            : Self.fitFilters(fit, width: width, height: height, padFormat: planes?.pixelFormat ?? "rgba")
        // A seek keeps the frames before the in-point (`-noaccurate_seek`, timestamps counted from
        // it, so the frame on screen there is among them) and `fps` starts its output there,
        // taking that frame first (`ClipTiming.frameTolerance`'s rule); ffmpeg's exact seek
        // dropped it and showed the next, and took one more when the clip had sound.
        let seeking = start > 0
        let filters = (planes == nil ? "" : Self.rangeKept(info.color.range)) + Self.colorTags(info.color)
            + (seeking ? span.map { "trim=end=\($0)," } ?? "" : "")
            + timing.videoFiltersBefore(rate: frameRate, seeking: seeking)
            + "fps=\(frameRate.ffmpegText)\(seeking ? ":start_time=0" : ""),scale=iw*sar:ih:eval=frame,setsar=1,"
            + fitting + ",setsar=1" + timing.videoFiltersAfter
        // The demuxer ffprobe found is forced, so a file swapped for a playlist meanwhile is not
        // read as one; only the file protocol is allowed, and the path is a file: URL after -i,
        // so no name (`-report`, `scene:1.mp4`) is taken for an option or a protocol.
        // `-reinit_filter 0`: a clip whose frame size or format changes mid-stream (two encodes
        // joined with `-c copy`) keeps this one graph, its scalers and pad re-evaluated per frame
        // (`eval=frame`), instead of ffmpeg building it again at the change, which restarts
        // STARTPTS, `fps` and `trim` there and dropped every later frame (62 of 120 decoded).
        process = try FFmpegProcess(
            executable: tools.ffmpeg,
            arguments: ["-hide_banner", "-nostdin", "-loglevel", "error", "-protocol_whitelist", "file", "-reinit_filter", "0"]
                + (seeking ? ["-noaccurate_seek", "-ss", String(start)] : span.map { ["-t", String($0)] } ?? [])
                + ["-f", probe.demuxer] + Self.alphaDecoder(info) + ["-i", Self.fileURL(path), "-an", "-sn", "-vf", filters]
                + (frameLimit.map { ["-frames:v", String($0)] } ?? [])
                + ["-f", "rawvideo", "-pix_fmt", planes?.pixelFormat ?? "rgba", "pipe:1"],
            writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
    }

    /// The clip's matrix and range set on its frames before any conversion, so swscale reads an
    /// untagged HD clip as BT.709 (the players' rule, `ColorDescription.video`), not as its
    /// own default BT.601.
    static func colorTags(_ color: ColorDescription) -> String {
        guard color.matrix != .rgb else { return "" }
        return "setparams=colorspace=\(color.matrix.ffmpegName):range=\(color.range.ffmpegName),"
    }

    /// Every scaler of the graph, those written here and those ffmpeg inserts to change the pixel
    /// format (`yuvj420p` to `yuv420p`, or to `yuva420p` for a pad), keeps the clip's range:
    /// swscale would otherwise squeeze a full-range clip into 16...235 whenever its output format
    /// is not a `yuvj` one, and the input stage, told the clip is full range, would convert it
    /// again (black 16, white 235). Given once, as the graph's scaler options, which ffmpeg
    /// passes to each scale filter it parses or inserts; the flags are ffmpeg's default (bicubic).
    static func rangeKept(_ range: ColorRange) -> String {
        "sws_flags=bicubic:in_range=\(range.ffmpegName):out_range=\(range.ffmpegName);"
    }

    /// VP9 keeps alpha in a side channel only libvpx's decoder reads (ffmpeg's own drops it): it
    /// is chosen for a VP9 clip whose stream says it has alpha.
    static func alphaDecoder(_ info: MediaInfo) -> [String] {
        info.codec == "vp9" && info.color.alpha != .opaque ? ["-c:v", "libvpx-vp9"] : []
    }

    /// Demuxers of media files. Playlists and scripts (hls, dash, concat, ffconcat), image
    /// sequences (image2, whose names are patterns) and anything else that makes ffmpeg open
    /// other files are not clips.
    package static let clipDemuxers: Set<String> = [
        "mov", "matroska", "avi", "mpegts", "flv", "ogg", "gif", "mpeg", "asf", "nut", "yuv4mpegpipe", "ivf",
        "h264", "hevc", "m4v", "mpegvideo", "mjpeg", "apng",
    ]

    /// `path` as an ffmpeg file URL: absolute, so it starts with `file:/`. Not standardised as
    /// text: `lnk/../a.mkv` must reach the file the kernel (and the checks here) reach.
    package static func fileURL(_ path: String) -> String {
        "file:" + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// What ffprobe says of a clip: its demuxer (checked against `demuxers`, else `refused`
    /// names it) and duration. A path that is not a readable regular file is refused before
    /// anything opens it (a FIFO would block the opener forever), and ffprobe may open it only
    /// as one of `demuxers` (`-format_whitelist`), so a playlist is named, not read. With `limitsFrames` (clips, not
    /// music), a video whose header declares frames over `ExportSettings.maxPixels` is refused:
    /// ffprobe is told to skip every frame (`-skip_frame all`), so a header claiming 16384x16384
    /// costs no decoded frame (about 55 MB, against 210 MB for one 8192x8192 frame decoded).
    package static func probe(
        _ path: String, tools: FFmpegTools, demuxers: Set<String> = clipDemuxers, limitsFrames: Bool = true,
        refused: (String, String) -> ExportError = { .clipFormatRefused(path: $0, format: $1) }
    ) throws(ExportError) -> (demuxer: String, duration: Double?) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .clipUnreadable(path: path, reason: OutputError.errnoReason()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .clipNotRegularFile(path: path) }
        guard access(path, R_OK) == 0 else { throw .clipUnreadable(path: path, reason: OutputError.errnoReason()) }
        // Asked once per file and question (`ProbeCache`): the plan, smart rendering and every decoder of the clip vet it alike.
        let question = "vet\u{0}" + demuxers.sorted().joined(separator: ",") + (limitsFrames ? "\u{0}limited" : "")
        return try tools.probes.value(of: question, path: path) { () throws(ExportError) -> (demuxer: String, duration: Double?) in
            // One run answers the vetting, the stream listing and a clip's packets (`FileListing`);
            // when it fails or is refused, the vetting run of its own says why.
            if let listed = try tools.listedAtOnce(path, demuxers: demuxers, limitsFrames: limitsFrames, packets: limitsFrames) { return listed }
            return try vet(path, tools: tools, demuxers: demuxers, limitsFrames: limitsFrames, refused: refused)
        }
    }

    /// `probe`'s ffprobe run (or the tools' `prober`'s answer), read.
    private static func vet(
        _ path: String, tools: FFmpegTools, demuxers: Set<String>, limitsFrames: Bool, refused: (String, String) -> ExportError
    ) throws(ExportError) -> (demuxer: String, duration: Double?) {
        let text: String
        if let prober = tools.prober {
            let answer = prober.answer(.vet(demuxers: demuxers), path: path)
            if answer.exit != .exited(status: 0), let format = refusedFormat(inLog: answer.log) { throw refused(path, format) }
            guard answer.exit == .exited(status: 0) else { throw .probeFailed(path: path, exit: answer.exit, log: answer.log) }
            text = String(decoding: answer.output, as: UTF8.self)
        } else {
            let probe = try FFmpegProcess(
                executable: try tools.requireProbe(),
                arguments: ["-v", "error", "-skip_frame", "all", "-protocol_whitelist", "file",
                            "-format_whitelist", demuxers.sorted().joined(separator: ","), "-select_streams", "v:0",
                            "-show_entries", "stream=duration,width,height:format=format_name,duration",
                            "-of", "default=noprint_wrappers=1", fileURL(path)],
                writesInput: false, readsOutput: true, stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
            text = String(decoding: probe.readAll(), as: UTF8.self)
            let exit = probe.wait()
            if exit != .exited(status: 0), !probe.stalled, let format = refusedFormat(inLog: probe.log) { throw refused(path, format) }
            guard exit == .exited(status: 0) else { throw probe.failure { .probeFailed(path: path, exit: $0, log: $1) } }
        }
        let fields = text.split(whereSeparator: \.isNewline).map { line in
            (line.prefix { $0 != "=" }, line.drop { $0 != "=" }.dropFirst())
        }
        let format = fields.first { $0.0 == "format_name" }.map { String($0.1) } ?? ""
        guard let demuxer = format.split(separator: ",").first.map(String.init), demuxers.contains(demuxer) else {
            throw refused(path, format)
        }
        if limitsFrames {
            let sides = ["width", "height"].map { key in fields.compactMap { $0.0 == key ? Int($0.1) : nil }.max() ?? 0 }
            try checkFrameSize(path: path, width: sides[0], height: sides[1])
        }
        return (demuxer, parseDuration(fields.filter { $0.0 == "duration" }.map { String($0.1) }.joined(separator: "\n")))
    }

    /// The demuxer ffprobe found but `-format_whitelist` kept it from opening (`[hls @ 0x…]
    /// Format not on whitelist`): a playlist is refused before its demuxer opens a segment (a
    /// FIFO segment would block the probe until the watchdog's timeout).
    static func refusedFormat(inLog log: String) -> String? {
        for line in log.split(whereSeparator: \.isNewline) where line.contains("] Format not on whitelist") {
            guard line.hasPrefix("["), let end = line.firstIndex(of: " ") else { continue }
            return String(line[line.index(after: line.startIndex)..<end])
        }
        return nil
    }

    /// Refuses a clip whose frames are over the export's own limit (`ExportSettings.maxSide`,
    /// `maxPixels`): one 16384x16384 frame is 400 MB in ffmpeg's decoder before any scaling. An
    /// unknown size (0: a raw stream's header is read only by decoding) passes here and is
    /// checked again from `MediaInfo` before the decoder starts.
    static func checkFrameSize(path: String, width: Int, height: Int) throws(ExportError) {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard width <= ExportSettings.maxSide, height <= ExportSettings.maxSide,
              !pixels.overflow, pixels.partialValue <= ExportSettings.maxPixels else {
            throw .clipFrameTooLarge(path: path, width: width, height: height)
        }
    }

    /// ffmpeg filters that fit a frame to width x height. Clips are uploaded at the export's
    /// size (one texture each, refilled per frame), so ffmpeg does the fitting the effects do for
    /// still pictures at their own size.
    /// `padFormat` is the layout the bars are drawn in (one with alpha).
    static func fitFilters(_ fit: ResizeMode, width: Int, height: Int, padFormat: String = "rgba") -> String {
        switch fit {
        case .cover:
            "scale=\(width):\(height):force_original_aspect_ratio=increase:eval=frame,crop=\(width):\(height)"
        case .contain:
            // With alpha before the pad, so the bars are transparent (black@0) as an effect's are.
            "format=\(padFormat),scale=\(width):\(height):force_original_aspect_ratio=decrease:eval=frame,"
                + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2:color=black@0:eval=frame"
        case .stretch:
            "scale=\(width):\(height)"
        }
    }

    /// Reads the next frame into `buffer`. Returns false at the end of the clip; a decoding
    /// error is thrown, not taken for the end.
    package func readFrame(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Bool {
        guard !ended else { return false }
        let count = process.read(into: buffer)
        if count == buffer.count {
            framesRead += 1
            return true
        }
        ended = true
        let exit = process.wait()
        guard exit == .exited(status: 0), count == 0, !process.stalled else {
            let log = count == 0 ? process.log : "truncated frame; " + process.log
            throw process.failure { exit, _ in .decoderFailed(path: path, exit: exit, log: log) }
        }
        return false
    }

    /// Ends ffmpeg at once from another thread, leaving the pipes to `close` (see
    /// `FFmpegProcess.kill`): a read in progress then sees the end.
    package func kill() { process.kill() }

    /// Stops decoding (the rest of the clip is not needed).
    package func close() {
        guard !ended else { return }
        ended = true
        process.stop()
    }

    /// The video's duration in seconds as ffprobe reports it; nil when it is not known. A file
    /// ffprobe cannot read, or one that is not a clip, is an error.
    static func duration(of path: String, tools: FFmpegTools) throws(ExportError) -> Double? {
        try probe(path, tools: tools).duration
    }

    /// ffprobe's stream duration, else the container's (its lines in that order); `N/A`, which
    /// raw streams and some pipes give for both, is nil.
    static func parseDuration(_ text: String) -> Double? {
        text.split(whereSeparator: \.isNewline)
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .first { $0.isFinite && $0 > 0 }
    }
}
