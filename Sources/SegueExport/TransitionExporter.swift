import Foundation
import SegueEffects
import SegueGL
import SegueImage
import SegueOutput
#if canImport(Glibc)
import Glibc
#endif

/// Exports a transition to MP4, WebM or GIF through an ffmpeg subprocess, frames going from
/// `glReadPixels` straight into its stdin (nothing written to disk but the video).
///
/// Runs on the thread whose GL context `device` uses (the renderer never makes a context).
/// Progress comes after every frame, to `onProgress` and on `progressUpdates`, which ends when
/// the export does. One exporter makes one export.
/// An ffmpeg that dies is reported as an `ExportError` (its exit status and message): the writes
/// to it hold SIGPIPE back one by one (`BrokenPipe`), leaving the process's SIGPIPE as it was.
///
/// ```swift
/// let exporter = try TransitionExporter(device: device, settings: ExportSettings(format: .mp4, width: 1280, height: 720))
/// Task { for await p in exporter.progressUpdates { print(p.framesDone, "/", p.totalFrames) } }
/// let result = try exporter.export(.pictures(from: a, to: b, frames: 60), to: "out.mp4") { device, from, to in
///     try PixelDissolve(device: device, from: from, to: to)
/// }
/// ```
public final class TransitionExporter {
    public typealias MakeEffect = (GLDevice, Texture, Texture) throws -> any TransitionEffect

    public let device: GLDevice
    public let tools: FFmpegTools
    public let settings: ExportSettings
    /// Called on the exporting thread after every frame.
    public var onProgress: ((ExportProgress) -> Void)?
    /// How the effect places `.pictures` in the frame (its `NamedTransition.resize`): a picture
    /// the frame shows reduced is then reduced to the frame once, area-averaged, before the first
    /// frame (`PictureFitting.prefiltered`). Nil (an effect whose fit is not known) leaves them as they are.
    public var pictureFit: ResizeMode?
    /// The same reports as an AsyncSequence (newest kept if the reader falls behind).
    public let progressUpdates: AsyncStream<ExportProgress>
    private let continuation: AsyncStream<ExportProgress>.Continuation
    private var used = false
    private var start = DispatchTime.now()
    /// The pass under way and how many there are (a GIF makes two).
    private var passes = (index: 0, count: 1)
    /// While a pass writes nothing to the disk (a GIF's palette pass), every `roomCheckFrames`
    /// frames: fails when the output's file system filled meanwhile, rather than at the pass's end.
    private var checkRoom: (() throws(ExportError) -> Void)?
    static let roomCheckFrames = 30

    /// Checks the settings and finds ffmpeg (on PATH unless `tools` says where) before
    /// anything is rendered.
    public init(device: GLDevice, settings: ExportSettings, tools: FFmpegTools? = nil) throws {
        try settings.validate()
        try device.validateSize(width: settings.width, height: settings.height)
        self.tools = try tools ?? FFmpegTools.locate()
        self.device = device
        self.settings = settings
        (progressUpdates, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
    }

    deinit { continuation.finish() }

    /// Renders and encodes `inputs` to `path`. The video is written into a file this exporter
    /// creates beside it under a hidden, unpredictable name (see `PartialFile`; ffmpeg is handed
    /// the open file, never a name), then moved into place: a failure leaves no partial video and
    /// any earlier file untouched. A GIF is rendered twice, first for its palette, so that ffmpeg
    /// holds one frame at a time however long it is.
    public func export(_ inputs: ExportInputs, to path: String, effect: MakeEffect) throws -> ExportResult {
        guard !used else { throw ExportError.exporterAlreadyUsed }
        used = true
        defer { continuation.finish() }
        try Self.check(inputs, framesPerSecond: settings.framesPerSecond)
        let file = try Self.partialFile(for: path, purpose: "the video", cleanup: tools.cleanup)
        start = DispatchTime.now()
        do {
            let (frames, wait): (Int, Double)
            if settings.format == .gif {
                let palette = try Self.partialFile(for: path, purpose: "the GIF's palette", cleanup: tools.cleanup)
                defer { palette.discard() }
                passes = (0, 2)
                // The GIF's file is empty until the second pass opens it: its room may be tried.
                checkRoom = { () throws(ExportError) in
                    guard !OutputFiles.hasRoom(file.descriptor) else { return }
                    throw .output(.noSpace(writing: "the video", path: file.destination.path))
                }
                _ = try encode(inputs, arguments: paletteArguments(), output: palette.descriptor, effect: effect)
                (passes, checkRoom) = ((1, 2), nil)
                (frames, wait) = try encode(inputs, arguments: gifArguments(palette: palette.partial.path),
                                            output: file.descriptor, effect: effect)
            } else {
                (frames, wait) = try encode(inputs, arguments: encoderArguments(output: Self.childStdout),
                                            output: file.descriptor, effect: effect)
            }
            // Read back before it is moved into place: junk from an ffmpeg that exits 0 is refused
            // (`FinishedVideoCheck`). Where no ffprobe is beside ffmpeg, pictures still export
            // (they need no ffprobe, as before) unchecked; Debian's ffmpeg package has it.
            if tools.ffprobe != nil {
                try FinishedVideoCheck.verify(
                    file.partial.path, destination: file.destination.path, format: settings.format,
                    expected: .init(width: settings.width, height: settings.height, frames: frames, sound: 0), tools: tools)
            }
            do { try file.commit() } catch { throw ExportError.output(error) }
            return ExportResult(
                path: file.destination.path, frames: frames,
                durationSeconds: Double(frames) / Double(settings.framesPerSecond),
                elapsedSeconds: elapsed, encoderWaitSeconds: wait)
        } catch {
            file.discard()
            throw ExportError.namingFullDisk(error, writing: "the video", to: file.destination.path)
        }
    }

    /// Where ffmpeg writes: its own stdout, which is the file `PartialFile` opened, reached as a
    /// path so that muxers that seek and reread (MP4's faststart) can.
    package static let childStdout = "file:/proc/self/fd/1"

    private static func partialFile(for path: String, purpose: String, cleanup: InterruptCleanup) throws(ExportError) -> PartialFile {
        do { return try PartialFile(destination: path, purpose: purpose, cleanup: cleanup) } catch { throw .output(error) }
    }

    /// The frame counts and offset, checked before any file is made.
    private static func check(_ inputs: ExportInputs, framesPerSecond: Int) throws(ExportError) {
        switch inputs {
        case let .pictures(_, _, frames), let .pictureSources(_, _, frames), let .clips(_, _, _, frames, _):
            guard (1...ExportInputs.maxTransitionFrames).contains(frames) else { throw .frameCountOutOfRange(frames) }
        }
        if case let .clips(_, _, offset, _, _) = inputs {
            _ = try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: framesPerSecond)
        }
    }

    /// One ffmpeg run over all the frames of `inputs`: the frames and the encoder's wait.
    private func encode(
        _ inputs: ExportInputs, arguments: [String], output: Int32, effect: MakeEffect
    ) throws -> (Int, Double) {
        let encoder = try FFmpegProcess(
            executable: tools.ffmpeg, arguments: arguments, writesInput: true, readsOutput: false, outputFile: output,
            stallTimeout: tools.stallTimeout, cleanup: tools.cleanup)
        let (input, pipeline) = try EncoderInput.pipeline(into: encoder, device: device, settings: settings)
        defer { input.release() }
        do {
            let frames: Int
            switch inputs {
            case let .pictures(from, to, count):
                frames = try exportPictures(.decoded(from), .decoded(to), frames: count, effect: effect, input: input, pipeline: pipeline)
            case let .pictureSources(from, to, count):
                frames = try exportPictures(from, to, frames: count, effect: effect, input: input, pipeline: pipeline)
            case let .clips(from, to, offset, transitionFrames, fit):
                frames = try exportClips(
                    from, to, offset: offset, transitionFrames: transitionFrames, fit: fit, effect: effect, input: input,
                    pipeline: pipeline)
            }
            try pipeline.finish()
            return (frames, pipeline.encoderWaitSeconds)
        } catch {
            pipeline.cancel()
            throw error
        }
    }

    /// The encoder's command line: raw frames on stdin (the output stage's planes, or RGBA for
    /// GIF and the swscale reference), top row first, at the export's rate.
    public func encoderArguments(output: String) -> [String] {
        inputArguments(settings.encoderInputPixelFormat)
            + settings.encoderArguments
            + Self.outputFlush + [output]
    }

    /// Each packet is written to the file as it is made, so a full disk fails the first write
    /// that does not fit (with `-xerror`, ffmpeg then stops) rather than when a 32 KB buffer or a
    /// WebM cluster is flushed, seconds of rendering later.
    package static let outputFlush = ["-flush_packets", "1"]

    /// The raw frames on stdin, as every pass reads them. `-xerror` stops ffmpeg at its first
    /// error (a full disk) instead of encoding on.
    private func inputArguments(_ pixelFormat: String = "rgba") -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y",
         "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(settings.width)x\(settings.height)",
         "-framerate", String(settings.framesPerSecond), "-i", "pipe:0", "-an"]
    }

    /// A GIF's first pass: the frames go through palettegen, which keeps a colour histogram, not
    /// the frames; the 16x16 palette comes out as raw RGBA.
    public func paletteArguments() -> [String] {
        inputArguments() + ["-vf", VideoFormat.paletteFilter, "-f", "rawvideo", "-pix_fmt", "rgba"] + Self.outputFlush
            + [Self.childStdout]
    }

    /// A GIF's second pass: the same frames mapped through the palette, one at a time.
    public func gifArguments(palette: String) -> [String] {
        inputArguments()
            + ["-protocol_whitelist", "file", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "16x16",
               "-i", "file:" + palette, "-filter_complex", settings.alpha ? VideoFormat.paletteUseAlphaFilter : VideoFormat.paletteUseFilter]
            + VideoFormat.gif.codecArguments(crf: nil) + Self.outputFlush + [Self.childStdout]
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    private func report(_ done: Int, of total: Int) throws(ExportError) {
        if done % Self.roomCheckFrames == 0 { try checkRoom?() }
        // A GIF's two passes report as one run over twice the frames.
        let progress = ExportProgress(
            framesDone: passes.index * total + done, totalFrames: passes.count * total, elapsedSeconds: elapsed)
        onProgress?(progress)
        continuation.yield(progress)
    }

    /// Renders the effect at `progress` and queues the read-back frame for the encoder.
    private func renderFrame(
        _ transition: any TransitionEffect, progress: Float, into target: FormattedTarget, input: EncoderInput,
        pipeline: FramePipeline
    ) throws {
        transition.progress = progress
        try transition.render(into: target)
        try pipeline.submitFrame { try input.write(rendered: target, into: $0) }
    }

    private func exportPictures(
        _ fromImage: PictureSource, _ toImage: PictureSource, frames: Int, effect: MakeEffect, input: EncoderInput,
        pipeline: FramePipeline
    ) throws -> Int {
        // Premultiplied once, on upload, as the GPU pipeline works (docs/ARCHITECTURE.md).
        // Each reduced to the frame where the effect's fit shows it reduced (`pictureFit`).
        func texture(_ picture: PictureSource) throws -> FrameTexture {
            try PictureFitting.frameTexture(
                try device.makePremultipliedTexture(picture: picture), device: device, width: settings.width,
                height: settings.height, mode: pictureFit)
        }
        let fromTexture = try texture(fromImage)
        defer { fromTexture.release() }
        let toTexture = try texture(toImage)
        defer { toTexture.release() }
        let (from, to) = (fromTexture.texture, toTexture.texture)
        let target = try input.makeTarget()
        defer { target.release() }
        let transition = try effect(device, from, to)
        defer { transition.release() }
        for index in 0..<frames {
            let progress = frames == 1 ? 0 : Float(index) / Float(frames - 1)
            try renderFrame(transition, progress: progress, into: target, input: input, pipeline: pipeline)
            try report(index + 1, of: frames)
        }
        return frames
    }

    private func exportClips(
        _ fromPath: String, _ toPath: String, offset: Double, transitionFrames: Int, fit: ResizeMode, effect: MakeEffect,
        input: EncoderInput, pipeline: FramePipeline
    ) throws -> Int {
        let (width, height, fps) = (settings.width, settings.height, settings.framesPerSecond)
        let head = try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: fps)
        // Each clip in its own Y'CbCr, converted on the GPU as an edit's clips are (HDR tone-mapped).
        let a = try ClipFrames(path: fromPath, tools: tools, device: device, width: width, height: height, framesPerSecond: fps, fit: fit)
        defer { a.close() }
        let b = try ClipFrames(path: toPath, tools: tools, device: device, width: width, height: height, framesPerSecond: fps, fit: fit)
        defer { b.close() }
        // Checked from the durations ffprobe reports first, so a hopeless edit fails before
        // rendering. A container's duration often leaves out its last frame, so only a shortfall
        // of more than one frame is refused here, and an unknown duration is not checked: the
        // decoding checks exactly either way (readRequired).
        if let frames = a.estimatedFrames, frames + 1 < head + transitionFrames {
            throw ExportError.clipTooShort(path: fromPath, frames: frames, needed: head + transitionFrames)
        }
        if let frames = b.estimatedFrames, frames + 1 < transitionFrames {
            throw ExportError.clipTooShort(path: toPath, frames: frames, needed: transitionFrames)
        }
        var total = head + (b.estimatedFrames ?? transitionFrames)
        var done = 0
        func readRequired(_ clip: ClipFrames, into buffer: UnsafeMutableRawBufferPointer, needed: Int) throws {
            guard try clip.readFrame(into: buffer) else {
                throw ExportError.clipTooShort(path: clip.path, frames: clip.framesRead, needed: needed)
            }
        }
        func frameDone() throws {
            done += 1
            // Until b ends the count is an estimate: never report a finish that has not happened.
            total = max(total, done + 1)
            try report(done, of: total)
        }

        // a's head skips the effects: with the output stage it is uploaded and converted alone.
        for _ in 0..<head {
            try pipeline.submitFrame { buffer in
                try input.write(decoded: { try readRequired(a, into: $0, needed: head + transitionFrames); return true }, into: buffer)
            }
            try frameDone()
        }

        // The transition: each decoded frame replaces the pixels of the same two textures.
        let from = try device.makeTexture(width: width, height: height, pixels: nil)
        defer { from.release() }
        let to = try device.makeTexture(width: width, height: height, pixels: nil)
        defer { to.release() }
        let target = try input.makeTarget()
        defer { target.release() }
        let transition = try effect(device, from, to)
        defer { transition.release() }
        let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: width * height * 4, alignment: 64)
        defer { staging.deallocate() }
        for index in 0..<transitionFrames {
            try readRequired(a, into: staging, needed: head + transitionFrames)
            try from.upload(pixels: UnsafeRawBufferPointer(staging))
            try readRequired(b, into: staging, needed: transitionFrames)
            try to.upload(pixels: UnsafeRawBufferPointer(staging))
            try renderFrame(
                transition, progress: Float(index) / Float(transitionFrames), into: target, input: input, pipeline: pipeline)
            try frameDone()
        }
        a.close()

        // b's tail, decoder to encoder, until b ends.
        while true {
            let buffer = try pipeline.acquire()
            let read = Result {
                try input.write(decoded: { frame in
                    try b.readFrame(into: frame)
                }, into: buffer)
            }
            guard case .success(true) = read else {
                pipeline.recycle(buffer)
                _ = try read.get()  // a failed read throws; an ended clip ends the loop
                break
            }
            try pipeline.submit(buffer)
            try frameDone()
        }
        try report(done, of: done)  // the one finished report, with the true total
        return done
    }
}
