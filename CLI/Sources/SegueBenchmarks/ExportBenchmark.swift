import Foundation
import SegueTiming
import SegueEffects
import SegueExport
import SegueGL
import SegueImage

/// `segue bench --sections export`: a transition between two 1080p pictures to MP4 through
/// Segue (GPU frames piped into ffmpeg) against ffmpeg's own xfade on the same two pictures,
/// each decoded once, with the same encoder settings. Variants run interleaved in every run,
/// so a change in the machine's speed hits them alike.
struct ExportBenchmark {
    let size: FrameSize
    let frames: Int
    let runs: Int
    let framesPerSecond = 30

    /// Frames per export: a transition has two ends, and the encoder-only variants hold every
    /// frame in memory (8 MB each at 1080p, for two effects).
    static let frameCounts = 2...1000

    /// (Segue effect, ffmpeg xfade transition) pairs.
    static let pairs = [("pixel-dissolve", "pixelize"), ("fade", "fade")]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let dir = try makeScratchDirectory("segue-bench-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (fromPath, toPath) = (dir.appendingPathComponent("a.png").path, dir.appendingPathComponent("b.png").path)
        try PNGCodec.write(try SampleImages.from(width: size.width, height: size.height), to: fromPath)
        try PNGCodec.write(try SampleImages.to(width: size.width, height: size.height), to: toPath)
        // Decoded once, as ffmpeg's loop filter does on its side.
        let from = try PictureDecoder.read(path: fromPath), to = try PictureDecoder.read(path: toPath)
        let entries = try Dictionary(uniqueKeysWithValues: Self.pairs.map { pair in (pair.0, try NamedTransition.named(pair.0)) })
        let settings = ExportSettings(format: .mp4, width: size.width, height: size.height, framesPerSecond: framesPerSecond)
        let out = dir.appendingPathComponent("out.mp4").path
        // The encoder-only variants pipe RGBA frames from memory: the swscale path's command line.
        var rgbaSettings = settings
        rgbaSettings.conversion = .swscale
        let encoderArguments = try TransitionExporter(device: device, settings: rgbaSettings, tools: tools).encoderArguments(output: out)
        // Each effect's frames, for timing its encoding alone (a fade's frames compress faster than pixel cells).
        let renderedFrames = try entries.mapValues { try renderFrames(device: device, entry: $0, from: from, to: to) }

        var variants: [(name: String, time: () throws -> Double)] = []
        for (effect, transition) in Self.pairs {
            let entry = entries[effect]!
            variants.append(("segue \(effect)", {
                try timeSegue(device: device, tools: tools, entry: entry, from: from, to: to, depth: 2, out: out)
            }))
            variants.append(("segue \(effect) render+readback only", {
                try renderOnly(device: device, entry: entry, from: from, to: to)
            }))
            variants.append(("ffmpeg xfade=\(transition)", {
                try timeFFmpegXfade(tools: tools, transition: transition, from: fromPath, to: toPath, out: out)
            }))
            variants.append(("encoder only, \(effect) frames from memory", {
                try timeEncoder(tools: tools, arguments: encoderArguments, frames: renderedFrames[effect]!, flip: false)
            }))
        }
        variants.append(("segue pixel-dissolve serial (no pipeline)", {
            try timeSegue(device: device, tools: tools, entry: entries["pixel-dissolve"]!, from: from, to: to, depth: 0, out: out)
        }))
        variants.append(("encoder only, pixel-dissolve, ffmpeg vflip", {
            try timeEncoder(tools: tools, arguments: encoderArguments, frames: renderedFrames["pixel-dissolve"]!, flip: true)
        }))

        // Warmed up first: shaders, page cache, ffmpeg's libraries.
        let spreads = try Rounds(count: runs, warmUp: true).run(variants) { try $0.time() }.spreads(.time)
        table.line("\nexport to MP4 (libx264 CRF 23 medium, yuv420p) at \(size), \(frames) frames, median of \(runs) runs")
        let measurements = zip(variants, spreads).map { variant, spread in
            table.line(pad(variant.name, 46) + pad(fmt(spread.median, 2) + " s", 9, right: true)
                + pad(fmt(Double(frames) / spread.median, 1) + " fps", 11, right: true)
                + "   runs \(fmt(spread.fastest, 2))–\(fmt(spread.slowest, 2)) s")
            // Median wall time, and the fastest and slowest run (the spread a shared machine adds).
            return ReportRow(["variant": variant.name, "seconds": spread.median, "fastest": spread.fastest, "slowest": spread.slowest,
                              "fps": Double(frames) / spread.median])
        }
        let time = { (name: String) in spreads[variants.firstIndex { $0.name == name }!].median }
        let comparisons = Self.pairs.map { effect, transition in
            let (segue, ffmpeg) = (time("segue \(effect)"), time("ffmpeg xfade=\(transition)"))
            let encoderShare = time("encoder only, \(effect) frames from memory") / segue
            let renderShare = time("segue \(effect) render+readback only") / segue
            table.line("\(effect) vs xfade=\(transition): ffmpeg / Segue \(fmt(ffmpeg / segue, 2)) "
                + "(encoder \(fmt(encoderShare * 100, 0))% of Segue's time, GPU render + readback \(fmt(renderShare * 100, 0))%)")
            // speedup: ffmpeg's time / Segue's (above 1, Segue is faster); the shares: encoding the
            // same frames from memory alone, and rendering and reading back alone, over Segue's export.
            return ReportRow(["effect": effect, "ffmpegTransition": transition, "segueSeconds": segue, "ffmpegSeconds": ffmpeg,
                              "speedup": ffmpeg / segue, "encoderShare": encoderShare, "renderShare": renderShare])
        }
        // Segue's pixel dissolve with each frame written before the next is rendered / pipelined;
        // encoding with ffmpeg's vflip added / without (what bottom-up rows would cost).
        let serialOverPipelined = time("segue pixel-dissolve serial (no pipeline)") / time("segue pixel-dissolve")
        let vflipOverPlain = time("encoder only, pixel-dissolve, ffmpeg vflip") / time("encoder only, pixel-dissolve frames from memory")
        table.line("pipelined vs serial: serial / pipelined \(fmt(serialOverPipelined, 2)); "
            + "ffmpeg vflip would cost \(fmt((vflipOverPlain - 1) * 100, 1))% of encoding (Segue's offscreen rows are already top first)")
        return ReportRow([
            "size": size.description, "frames": frames, "runs": runs, "encoder": settings.format.codecArguments(crf: nil),
            "measurements": measurements, "comparisons": comparisons, "serialOverPipelined": serialOverPipelined,
            "vflipOverPlain": vflipOverPlain,
        ])
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - text.count))
        return right ? gap + text : text + gap
    }

    private func fmt(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    private func timeSegue(
        device: GLDevice, tools: FFmpegTools, entry: NamedTransition, from: RGBAImage, to: RGBAImage, depth: Int, out: String
    ) throws -> Double {
        let settings = ExportSettings(
            format: .mp4, width: size.width, height: size.height, framesPerSecond: framesPerSecond, pipelineDepth: depth)
        let exporter = try TransitionExporter(device: device, settings: settings, tools: tools)
        return try exporter.export(.pictures(from: from, to: to, frames: frames), to: out) { device, a, b in
            try entry.makeEffect(device: device, from: a, to: b)
        }.elapsedSeconds
    }

    /// Rendering and glReadPixels alone, into memory: the GPU's part of an export. Every frame
    /// is read into one buffer, touched before the clock starts, as `FramePipeline` reuses its
    /// buffers: no allocation or first-touch page faults are timed.
    private func renderOnly(device: GLDevice, entry: NamedTransition, from: RGBAImage, to: RGBAImage) throws -> Double {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size.width * size.height * 4, alignment: 64)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        return try render(device: device, entry: entry, from: from, to: to) { target in try target.readPixels(into: buffer) }
    }

    /// Every frame of the effect, kept for timing the encoder alone (made once, untimed).
    private func renderFrames(device: GLDevice, entry: NamedTransition, from: RGBAImage, to: RGBAImage) throws -> [[UInt8]] {
        var images: [[UInt8]] = []
        images.reserveCapacity(frames)
        _ = try render(device: device, entry: entry, from: from, to: to) { target in
            var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
            try pixels.withUnsafeMutableBytes { try target.readPixels(into: $0) }
            images.append(pixels)
        }
        return images
    }

    /// Renders every frame and hands it to `readBack`; returns the seconds the loop took.
    private func render(
        device: GLDevice, entry: NamedTransition, from: RGBAImage, to: RGBAImage,
        readBack: (OffscreenTarget) throws -> Void
    ) throws -> Double {
        let a = try device.makeTexture(image: from), b = try device.makeTexture(image: to)
        let target = try device.makeOffscreenTarget(width: size.width, height: size.height)
        let effect = try entry.makeEffect(device: device, from: a, to: b)
        defer { effect.release(); target.release(); a.release(); b.release() }
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<frames {
            effect.progress = Float(index) / Float(frames - 1)
            try effect.render(into: target)
            try readBack(target)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// ffmpeg's xfade between the two PNGs, each decoded once and repeated by the loop filter,
    /// encoded with the export's own conversion and codec settings.
    private func timeFFmpegXfade(tools: FFmpegTools, transition: String, from: String, to: String, out: String) throws -> Double {
        let seconds = Double(frames) / Double(framesPerSecond)
        let still = "loop=loop=\(frames - 1):size=1:start=0,setpts=N/\(framesPerSecond)/TB"
        let graph = "[0:v]\(still)[a];[1:v]\(still)[b];"
            + "[a][b]xfade=transition=\(transition):duration=\(seconds):offset=0,\(VideoFormat.mp4.conversionFilter ?? "")"
        return try timeProcess(tools.ffmpeg, [
            "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-framerate", "\(framesPerSecond)", "-i", from,
            "-framerate", "\(framesPerSecond)", "-i", to, "-filter_complex", graph, "-frames:v", "\(frames)",
        ] + VideoFormat.mp4.codecArguments(crf: nil) + [out], input: nil)
    }

    /// The encoder alone, fed frames already in memory (optionally flipped by ffmpeg's vflip).
    private func timeEncoder(tools: FFmpegTools, arguments: [String], frames: [[UInt8]], flip: Bool) throws -> Double {
        var arguments = arguments
        if flip, let vf = arguments.firstIndex(of: "-vf") { arguments[vf + 1] = "vflip," + arguments[vf + 1] }
        return try timeProcess(tools.ffmpeg, arguments, input: frames)
    }

    private func timeProcess(_ executable: URL, _ arguments: [String], input: [[UInt8]]?) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : pipe
        let errors = Pipe()
        process.standardError = errors
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        if let input {
            for frame in input { try pipe.fileHandleForWriting.write(contentsOf: frame) }
            try pipe.fileHandleForWriting.close()
        }
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.toolFailed(
                tool: "ffmpeg", status: process.terminationStatus, log: String(decoding: log, as: UTF8.self))
        }
        return elapsed
    }
}
