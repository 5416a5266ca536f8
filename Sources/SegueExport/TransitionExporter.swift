import Foundation
import SegueEffects
import SegueGL
import SegueImage
#if canImport(Glibc)
import Glibc
#endif

/// Exports a transition to MP4, WebM or GIF through an ffmpeg subprocess, frames going from
/// `glReadPixels` straight into its stdin (nothing written to disk but the video).
///
/// Runs on the thread whose GL context `device` uses (the renderer never makes a context).
/// Progress comes after every frame, to `onProgress` and on `progressUpdates`, which ends when
/// the export does. One exporter makes one export.
/// The first export sets SIGPIPE to be ignored in this process, so that an ffmpeg that dies is
/// reported as an `ExportError` (its exit status and message) instead of killing the program.
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
    /// The same reports as an AsyncSequence (newest kept if the reader falls behind).
    public let progressUpdates: AsyncStream<ExportProgress>
    private let continuation: AsyncStream<ExportProgress>.Continuation
    private var used = false
    private var start = DispatchTime.now()

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

    /// Renders and encodes `inputs` to `path` (written beside it under a hidden name, then moved
    /// into place: a failure leaves no partial video and any earlier file untouched).
    public func export(_ inputs: ExportInputs, to path: String, effect: MakeEffect) throws -> ExportResult {
        guard !used else { throw ExportError.invalidSettings("a TransitionExporter makes one export; make another") }
        used = true
        defer { continuation.finish() }
        let file = try PartialFile(destination: path)
        start = DispatchTime.now()
        do {
            let encoder = try FFmpegProcess(
                executable: tools.ffmpeg, arguments: encoderArguments(output: file.partial),
                writesInput: true, readsOutput: false)
            let pipeline = FramePipeline(
                encoder: encoder, frameBytes: settings.width * settings.height * 4, depth: settings.pipelineDepth)
            let frames: Int
            do {
                switch inputs {
                case let .pictures(from, to, count):
                    frames = try exportPictures(from, to, frames: count, effect: effect, pipeline: pipeline)
                case let .clips(from, to, offset, transitionFrames, fit):
                    frames = try exportClips(
                        from, to, offset: offset, transitionFrames: transitionFrames, fit: fit, effect: effect, pipeline: pipeline)
                }
                try pipeline.finish()
            } catch {
                pipeline.cancel()
                throw error
            }
            try file.commit()
            return ExportResult(
                path: file.destination, frames: frames,
                durationSeconds: Double(frames) / Double(settings.framesPerSecond),
                elapsedSeconds: elapsed, encoderWaitSeconds: pipeline.encoderWaitSeconds)
        } catch {
            file.discard()
            throw error
        }
    }

    /// The encoder's command line: raw RGBA frames on stdin, top row first, at the export's rate.
    public func encoderArguments(output: String) -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-y",
         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(settings.width)x\(settings.height)",
         "-framerate", String(settings.framesPerSecond), "-i", "pipe:0", "-an"]
            + settings.format.encoderArguments(crf: settings.crf) + [output]
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    private func report(_ done: Int, of total: Int) {
        let progress = ExportProgress(framesDone: done, totalFrames: total, elapsedSeconds: elapsed)
        onProgress?(progress)
        continuation.yield(progress)
    }

    /// Renders the effect at `progress` and queues the read-back frame for the encoder.
    private func renderFrame(
        _ transition: any TransitionEffect, progress: Float, into target: OffscreenTarget, pipeline: FramePipeline
    ) throws {
        transition.progress = progress
        try transition.render(into: target)
        let buffer = try pipeline.acquire()
        // Offscreen targets hold the picture top row first, so the rows need no flip.
        try target.readPixels(into: buffer)
        try pipeline.submit(buffer)
    }

    private func exportPictures(
        _ fromImage: RGBAImage, _ toImage: RGBAImage, frames: Int, effect: MakeEffect, pipeline: FramePipeline
    ) throws -> Int {
        guard (1...100_000).contains(frames) else { throw ExportError.invalidSettings("frame count \(frames) must be 1...100000") }
        let from = try device.makeTexture(image: fromImage)
        defer { from.release() }
        let to = try device.makeTexture(image: toImage)
        defer { to.release() }
        let target = try device.makeOffscreenTarget(width: settings.width, height: settings.height)
        defer { target.release() }
        let transition = try effect(device, from, to)
        defer { transition.release() }
        for index in 0..<frames {
            let progress = frames == 1 ? 0 : Float(index) / Float(frames - 1)
            try renderFrame(transition, progress: progress, into: target, pipeline: pipeline)
            report(index + 1, of: frames)
        }
        return frames
    }

    private func exportClips(
        _ fromPath: String, _ toPath: String, offset: Double, transitionFrames: Int, fit: ResizeMode, effect: MakeEffect,
        pipeline: FramePipeline
    ) throws -> Int {
        guard (1...100_000).contains(transitionFrames) else {
            throw ExportError.invalidSettings("transition length \(transitionFrames) frames must be 1...100000")
        }
        let (width, height, fps) = (settings.width, settings.height, settings.framesPerSecond)
        let head = try ExportInputs.headFrames(offsetSeconds: offset, framesPerSecond: fps)
        let a = try ClipDecoder(path: fromPath, tools: tools, width: width, height: height, framesPerSecond: fps, fit: fit)
        defer { a.close() }
        let b = try ClipDecoder(path: toPath, tools: tools, width: width, height: height, framesPerSecond: fps, fit: fit)
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
        func readRequired(_ clip: ClipDecoder, into buffer: UnsafeMutableRawBufferPointer, needed: Int) throws {
            guard try clip.readFrame(into: buffer) else {
                throw ExportError.clipTooShort(path: clip.path, frames: clip.framesRead, needed: needed)
            }
        }
        func frameDone() {
            done += 1
            // Until b ends the count is an estimate: never report a finish that has not happened.
            total = max(total, done + 1)
            report(done, of: total)
        }

        // a's head goes from the decoder's pipe to the encoder's without touching the GPU.
        for _ in 0..<head {
            let buffer = try pipeline.acquire()
            try readRequired(a, into: buffer, needed: head + transitionFrames)
            try pipeline.submit(buffer)
            frameDone()
        }

        // The transition: each decoded frame replaces the pixels of the same two textures.
        let from = try device.makeTexture(width: width, height: height, pixels: nil)
        defer { from.release() }
        let to = try device.makeTexture(width: width, height: height, pixels: nil)
        defer { to.release() }
        let target = try device.makeOffscreenTarget(width: width, height: height)
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
            try renderFrame(transition, progress: Float(index) / Float(transitionFrames), into: target, pipeline: pipeline)
            frameDone()
        }
        a.close()

        // b's tail, decoder to encoder, until b ends.
        while true {
            let buffer = try pipeline.acquire()
            guard try b.readFrame(into: buffer) else {
                pipeline.recycle(buffer)
                break
            }
            try pipeline.submit(buffer)
            frameDone()
        }
        report(done, of: done)  // the one finished report, with the true total
        return done
    }
}

extension TransitionExporter {
    /// Where the video for `path` is written until it is complete: `.NAME.partial-PID` beside
    /// it. A caller that handles signals removes this path when interrupted.
    public static func partialPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
    }
}

/// The video being written: a hidden file beside the destination, renamed over it at the end.
struct PartialFile {
    let destination: String
    let partial: String

    init(destination path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        destination = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ExportError.fileSystem(operation: "write the video", path: destination, reason: "it is a directory")
        }
        let parent = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw ExportError.fileSystem(operation: "create the folder", path: parent.path, reason: "a file is in the way, or no permission")
        }
        partial = TransitionExporter.partialPath(for: path)
    }

    func commit() throws {
        guard rename(partial, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw ExportError.fileSystem(operation: "move the finished video to", path: destination, reason: reason)
        }
    }

    func discard() { unlink(partial) }
}
