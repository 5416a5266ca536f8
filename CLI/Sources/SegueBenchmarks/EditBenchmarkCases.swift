import Foundation
import SegueExport
import SegueGL
import SegueImage
import SegueTimeline
import SegueTiming

/// The edit section's cases (`--edit-cases`): the phone-like H.264 edit (`EditBenchmark`), the
/// same with untagged clips (as lavfi and many cameras write them; issue 38's 360p case), HDR
/// phone clips (`HLGEditBenchmark`) and a photo slideshow (`SlideshowBenchmark`).
public enum EditBenchmarkCase: String, CaseIterable, Sendable {
    case phone, phoneUntagged = "phone-untagged", hlg, slideshow

    /// What runs when `--edit-cases` is not given (the untagged phone edit is asked for by name).
    public static let defaults: [EditBenchmarkCase] = [.phone, .hlg, .slideshow]
}

/// Three HEVC Main 10 HLG clips as phones record them (BT.2020, ARIB STD-B67, a keyframe every
/// second, closed GOPs, HDR10 static metadata, AAC) joined by a fade and a wipe: `segue edit`
/// (smart rendering into HEVC Main 10 HLG with the clips' metadata) against ffmpeg's xfade +
/// acrossfade chain encoded by x265 at the same settings (CRF 28, as Segue maps CRF 23; preset
/// medium; the same tags and metadata). Alternating rounds; each output is read back.
struct HLGEditBenchmark {
    let size: FrameSize
    let clipSeconds: Int
    let runs: Int
    let framesPerSecond = 30
    let transitionSeconds = 1
    static let masterDisplay = "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
    static let contentLight = "1000,400"
    static let tags = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv"]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let dir = try makeScratchDirectory("segue-bench-edit-hlg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hdr = "master-display=\(Self.masterDisplay):max-cll=\(Self.contentLight)"
        let clips = try (1...3).map { index -> String in
            let path = dir.appendingPathComponent("hlg\(index).mp4").path
            try EditBenchmarkPeers.runTool(tools.ffmpeg, [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=s=\(size.width)x\(size.height):r=\(framesPerSecond):d=\(clipSeconds),hue=h=\(index * 100)",
                "-f", "lavfi", "-i", "sine=f=\(200 * index):d=\(clipSeconds)",
                "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1",
                "-x265-params", "log-level=error:keyint=\(framesPerSecond):open-gop=0:" + hdr,
            ] + Self.tags + ["-c:a", "aac", "-shortest", path])
            return path
        }
        let effects = EditBenchmark.effects
        let spec = EditSpec(size: "\(size.width)x\(size.height)", fps: .number(Double(framesPerSecond)),
                            items: clips.map { .clip(path: $0, from: nil, to: nil) },
                            transitions: effects.map { EditTransition(effect: $0, duration: Double(transitionSeconds)) })
        let editSeconds = 3 * clipSeconds - 2 * transitionSeconds
        let first = clipSeconds - transitionSeconds, second = 2 * clipSeconds - 2 * transitionSeconds
        let graph = "[0:v][1:v]xfade=transition=\(effects[0]):duration=\(transitionSeconds):offset=\(first)[v01];"
            + "[v01][2:v]xfade=transition=\(effects[1]):duration=\(transitionSeconds):offset=\(second),format=yuv420p10le[v];"
            + "[0:a][1:a]acrossfade=d=\(transitionSeconds)[a01];[a01][2:a]acrossfade=d=\(transitionSeconds)[a]"
        let ffmpegArguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + clips.flatMap { ["-i", $0] }
            + ["-filter_complex", graph, "-map", "[v]", "-map", "[a]", "-c:a", "aac", "-b:a", "192k"] + Self.tags
            + ["-c:v", "libx265", "-crf", String(VideoFormat.x265CRF(23) ?? 28), "-tag:v", "hvc1",
               "-x265-params", "log-level=error:" + hdr, "-movflags", "+faststart"]
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let ways: [(name: String, make: () throws -> EditRun)] = [
            ("segue edit (HLG)", { try EditBenchmarkCases.segue(spec: spec, dir: dir, device: device, tools: tools, out: path("segue.mp4")) }),
            ("ffmpeg xfade+x265", {
                try EditBenchmarkCases.child(tools.ffmpeg, ffmpegArguments + [path("ffmpeg.mp4")], tools: tools, out: path("ffmpeg.mp4"))
            }),
        ]
        let measured = try Rounds(count: runs, alternatesOrder: true).run(ways) { try $0.make() }
        let variants = zip(ways, measured.samples).map { EditVariant(name: $0.name, runs: $1) }
        let outputs = try [path("segue.mp4"), path("ffmpeg.mp4")].map { try EditBenchmarkCases.hdrTags($0, tools: tools) }
        let keepsHLG = outputs.allSatisfy { $0 == "Main 10,yuv420p10le,bt2020nc,arib-std-b67,bt2020,metadata" }
        let agree = variants.allSatisfy {
            $0.output.agrees(frames: editSeconds * framesPerSecond, seconds: Double(editSeconds), framesPerSecond: framesPerSecond)
        }
        let description = "edit (hlg): 3 HEVC Main 10 HLG clips of \(clipSeconds) s (1 s GOPs, HDR10 metadata, AAC), a fade and a wipe of "
            + "\(transitionSeconds) s; \(size.width)x\(size.height) MP4, x265 CRF 28 preset medium, median of \(runs) alternating rounds"
        return EditBenchmarkCases.report(
            variants, description: description, editSeconds: editSeconds, target: 4, agree: agree, table: table,
            details: ReportRow(["outputsHLG": keepsHLG, "outputs": outputs]),
            check: keepsHLG ? nil : "warning: an output is not HEVC Main 10 HLG with its metadata: \(outputs)")
    }
}

/// Twenty photos (4:3 JPEGs of 2.1 times the frame's width, 12 megapixels at 1080p, as phones
/// take them) with 19 transitions, shown `pictureSeconds` each and covering the frame: `segue
/// edit` against ffmpeg's xfade chain (each photo `-loop 1`, scaled and cropped to cover),
/// both x264 CRF 23 preset medium, no sound. Alternating rounds.
struct SlideshowBenchmark {
    let size: FrameSize
    let pictureSeconds: Int
    let transitionSeconds: Int
    let runs: Int
    let pictures = 20
    let framesPerSecond = 30
    /// Cycled over the 19 junctions, by their xfade names.
    static let effects = ["fade", "wipeleft", "slideup", "circleopen", "smoothleft"]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let dir = try makeScratchDirectory("segue-bench-slideshow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let width = max(16, Int((Double(size.width) * 2.1).rounded()) / 2 * 2), height = width * 3 / 4 / 2 * 2
        let photos = try (0..<pictures).map { index -> String in
            let path = dir.appendingPathComponent(String(format: "photo%02d.jpg", index)).path
            // Noise, so the JPEG holds what a photo's does and costs its decode.
            try EditBenchmarkPeers.runTool(tools.ffmpeg, [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi",
                "-i", "testsrc2=s=\(width)x\(height):d=1,hue=h=\(index * 18),noise=alls=12:allf=u",
                "-frames:v", "1", "-q:v", "3", path,
            ])
            return path
        }
        let junctions = pictures - 1
        let transitions = (0..<junctions).map { Self.effects[$0 % Self.effects.count] }
        let spec = EditSpec(size: "\(size.width)x\(size.height)", fps: .number(Double(framesPerSecond)),
                            items: photos.map { .picture(path: $0, duration: Double(pictureSeconds)) },
                            transitions: transitions.map { EditTransition(effect: $0, duration: Double(transitionSeconds)) })
        let editSeconds = pictures * pictureSeconds - junctions * transitionSeconds
        var graph = photos.indices.map {
            "[\($0):v]scale=\(size.width):\(size.height):force_original_aspect_ratio=increase,crop=\(size.width):\(size.height),"
                + "setsar=1,fps=\(framesPerSecond),format=yuv420p[p\($0)];"
        }.joined()
        var last = "p0"
        for (index, effect) in transitions.enumerated() {
            let offset = (index + 1) * (pictureSeconds - transitionSeconds)
            let next = index == junctions - 1 ? "x" : "x\(index)"
            graph += "[\(last)][p\(index + 1)]xfade=transition=\(effect):duration=\(transitionSeconds):offset=\(offset)[\(next)];"
            last = next
        }
        graph += "[x]" + (VideoFormat.mp4.conversionFilter ?? "null") + "[v]"
        let inputs = photos.flatMap { ["-loop", "1", "-framerate", String(framesPerSecond), "-t", String(pictureSeconds), "-i", $0] }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let ffmpegArguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + inputs
            // A looped picture's `-t` ends a frame late; the edit's frames, as Segue makes them.
            + ["-filter_complex", graph, "-map", "[v]", "-frames:v", String(editSeconds * framesPerSecond)]
            + VideoFormat.mp4.codecArguments(crf: nil) + [path("ffmpeg.mp4")]
        let ways: [(name: String, make: () throws -> EditRun)] = [
            ("segue edit (slideshow)", { try EditBenchmarkCases.segue(spec: spec, dir: dir, device: device, tools: tools, out: path("segue.mp4")) }),
            ("ffmpeg xfade chain", { try EditBenchmarkCases.child(tools.ffmpeg, ffmpegArguments, tools: tools, out: path("ffmpeg.mp4")) }),
        ]
        let measured = try Rounds(count: runs, alternatesOrder: true).run(ways) { try $0.make() }
        let variants = zip(ways, measured.samples).map { EditVariant(name: $0.name, runs: $1) }
        let agree = variants.allSatisfy {
            $0.output.frames == editSeconds * framesPerSecond && abs($0.output.videoSeconds - Double(editSeconds)) <= 1.001 / Double(framesPerSecond)
        }
        let description = "edit (slideshow): \(pictures) photos \(width)x\(height) JPEG of \(pictureSeconds) s, \(junctions) transitions of "
            + "\(transitionSeconds) s; \(size.width)x\(size.height) MP4, x264 CRF 23 preset medium, median of \(runs) alternating rounds"
        return EditBenchmarkCases.report(variants, description: description, editSeconds: editSeconds, target: 1, agree: agree, table: table,
                                         details: ReportRow(["pictureSize": "\(width)x\(height)", "pictureSeconds": pictureSeconds,
                                                             "transitionSeconds": transitionSeconds]))
    }
}

/// What the cases share: how Segue and a peer are run and timed, and the report.
enum EditBenchmarkCases {
    /// `segue edit`'s exporter in this process (its tools its own, as a new process's), timed with its children.
    static func segue(spec: EditSpec, dir: URL, device: GLDevice, tools: FFmpegTools, out: String) throws -> EditRun {
        try EditRun.inProcess(tools: tools, out: out) {
            let tools = try FFmpegTools(ffmpegPath: tools.ffmpeg.path)
            let plan = try EditPlan(spec: spec, folder: dir, tools: tools)
            _ = try TimelineExporter(device: device, plan: plan, format: .mp4, tools: tools).export(to: out)
        }
    }

    /// A peer's process, timed with its whole tree.
    static func child(_ executable: URL, _ arguments: [String], tools: FFmpegTools, out: String) throws -> EditRun {
        let cpu = CPUTime.now()
        let start = DispatchTime.now().uptimeNanoseconds
        let peak = try EditBenchmarkPeers.runTool(executable, arguments)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return EditRun(seconds: seconds, cpuSeconds: CPUTime.now() - cpu, peakBytes: peak, output: try EditOutputCheck(path: out, tools: tools))
    }

    /// "profile,pix_fmt,matrix,transfer,primaries,metadata|no metadata" of `path`'s video, as ffprobe reads it.
    static func hdrTags(_ path: String, tools: FFmpegTools) throws -> String {
        guard let ffprobe = tools.ffprobe else { throw BenchmarkError.toolFailed(tool: "ffprobe", status: -1, log: "not found beside ffmpeg") }
        let process = Process()
        process.executableURL = ffprobe
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_streams", "-show_frames",
                             "-of", "json", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let stream = (json?["streams"] as? [[String: Any]])?.first ?? [:]
        let sideData = ((json?["frames"] as? [[String: Any]])?.first?["side_data_list"] as? [[String: Any]]) ?? []
        let hasMetadata = sideData.contains { ($0["side_data_type"] as? String) == "Mastering display metadata" }
        return ["profile", "pix_fmt", "color_space", "color_transfer", "color_primaries"].map { (stream[$0] as? String) ?? "?" }
            .joined(separator: ",") + (hasMetadata ? ",metadata" : ",no metadata")
    }

    /// Prints the variants (Segue's first, its peer second) and the peer / Segue CPU ratio against
    /// `target`; the report row.
    static func report(_ variants: [EditVariant], description: String, editSeconds: Int, target: Double, agree: Bool, table: BenchTable,
                       details: ReportRow, check: String? = nil) -> ReportRow {
        table.line("\n" + description + "; CPU = user + system of the whole process tree")
        for variant in variants {
            table.line(variant.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                + String(format: "%7.2f s  CPU %6.1f s  peak %6.0f MB  load %4.1f  (%d frames, video %.2f s, audio %.2f s)",
                         variant.seconds, variant.cpuSeconds, variant.peakMemoryMB, variant.loadAverage,
                         variant.output.frames, variant.output.videoSeconds, variant.output.audioSeconds))
        }
        let (segue, peer) = (variants[0], variants[1])
        let ratio = peer.cpuSeconds / segue.cpuSeconds
        table.line("CPU-seconds \(peer.name) / \(segue.name): "
            + String(format: "%.2f (loads %.1f / %.1f); target %.0fx: %@", ratio, peer.loadAverage, segue.loadAverage, target,
                     ratio >= target ? "met" : "not met"))
        if let check { table.line(check) }
        if !agree { table.line("warning: the outputs differ in frames or length; the comparison is not like for like") }
        return ReportRow([
            "editSeconds": editSeconds, "runs": variants[0].runs.count, "cpuRatio": ratio, "target": target,
            "segueLoad": segue.loadAverage, "peerLoad": peer.loadAverage, "outputsAgree": agree,
            "variants": variants.map { $0.row(editSeconds: Double(editSeconds)) }, "details": details,
        ])
    }
}
