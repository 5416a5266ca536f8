import Foundation
import SegueTiming
import SegueColor
import SegueEffects
import SegueExport
import SegueGL
import SegueImage
#if canImport(Glibc)
import Glibc
#endif

/// `segue bench --sections output`: what the GPU output stage saves per frame. A fade between
/// two pictures is rendered and handed to an ffmpeg child that takes it as an encoder would and
/// then drops it (`-f null`, no encoding), so that only the conversion's cost differs:
/// - `gpu planes`: drawn into a half-float target, converted to yuv420p on the GPU (dithered),
///   the planes read back (1.5 bytes a pixel) and piped; ffmpeg converts nothing;
/// - `rgba + swscale`: drawn into RGBA8, read back (4 bytes a pixel) and piped, and ffmpeg's
///   swscale converts it to yuv420p (the old path).
/// Two more variants split the difference: the output stage from an RGBA8 frame (what the
/// half-float frame costs) and a half-float frame read back as RGBA for swscale.
/// The variants alternate within every run; CPU seconds count this process and the ffmpeg child.
struct OutputBenchmark {
    let size: FrameSize
    let frames: Int
    let runs: Int

    private struct Variant {
        let name: String
        let pixelFormat: String
        let filter: String?
        let targetFormat: TargetFormat
    }

    private static let variants = [
        Variant(name: "gpu planes", pixelFormat: "yuv420p", filter: nil, targetFormat: .rgba16f),
        Variant(name: "rgba + swscale", pixelFormat: "rgba", filter: VideoFormat.mp4.conversionFilter, targetFormat: .rgba8),
        Variant(name: "gpu planes, rgba8 frame", pixelFormat: "yuv420p", filter: nil, targetFormat: .rgba8),
        Variant(name: "rgba16f frame + swscale", pixelFormat: "rgba", filter: VideoFormat.mp4.conversionFilter, targetFormat: .rgba16f),
    ]

    func run(device: GLDevice, table: BenchTable) throws -> ReportRow {
        let tools = try FFmpegTools.locate()
        let from = try SampleImages.from(width: size.width, height: size.height)
        let to = try SampleImages.to(width: size.width, height: size.height)
        let fade = try NamedTransition.named("fade")
        let results = try Rounds(count: runs, warmUp: true).run(Self.variants) {
            try measure($0, device: device, tools: tools, from: from, to: to, entry: fade)
        }
        table.line("\noutput stage at \(size): a fade rendered, converted, read back and piped to ffmpeg -f null, "
            + "\(frames) frames, median of \(runs) runs (alternating)")
        let perFrame = results.samples.map { samples in
            (wall: median(samples.map(\.value.wall)) * 1000 / Double(frames), cpu: median(samples.map(\.value.cpu)) * 1000 / Double(frames),
             bytes: samples.last?.value.bytes ?? 0, load: samples.last?.load ?? 0)
        }
        let measurements = zip(Self.variants, perFrame).map { variant, m in
            table.line(table.pad(variant.name, 24) + table.pad(table.fmt(m.wall, 1) + " ms wall", 14, right: true)
                + table.pad(table.fmt(m.cpu, 1) + " ms CPU", 14, right: true)
                + table.pad("\(m.bytes / 1000) kB read back", 18, right: true) + "   load \(table.fmt(m.load, 1))")
            // Medians over the runs, per frame; the load when the last run began.
            return ReportRow(["variant": variant.name, "wallMilliseconds": m.wall, "cpuMilliseconds": m.cpu, "bytesPerFrame": m.bytes,
                              "loadAverage": m.load])
        }
        // The old path's CPU and wall time per frame / the output stage's (above 1: the stage saves).
        let (overCPU, overWall) = (perFrame[1].cpu / perFrame[0].cpu, perFrame[1].wall / perFrame[0].wall)
        table.line("rgba + swscale / gpu planes: CPU \(table.fmt(overCPU, 2)), wall \(table.fmt(overWall, 2))")
        return ReportRow([
            "size": size.description, "frames": frames, "runs": runs, "measurements": measurements,
            "swscaleOverGPUCPU": overCPU, "swscaleOverGPUWall": overWall,
        ])
    }

    /// One run of a variant: seconds of wall and CPU (this process and ffmpeg's), and bytes a frame.
    private func measure(
        _ variant: Variant, device: GLDevice, tools: FFmpegTools, from: RGBAImage, to: RGBAImage, entry: NamedTransition
    ) throws -> (wall: Double, cpu: Double, bytes: Int) {
        let a = try device.makeTexture(image: from), b = try device.makeTexture(image: to)
        let target = try device.makeTarget(width: size.width, height: size.height, format: variant.targetFormat)
        let effect = try entry.makeEffect(device: device, from: a, to: b)
        let planes = variant.pixelFormat != "rgba"
            ? try YCbCrOutput(device: device, width: size.width, height: size.height) : nil
        defer { planes?.release(); effect.release(); target.release(); a.release(); b.release() }
        let bytes = planes?.frameBytes ?? size.width * size.height * 4
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)

        let process = Process()
        process.executableURL = tools.ffmpeg
        process.arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", variant.pixelFormat,
                             "-s", "\(size.width)x\(size.height)", "-framerate", "30", "-i", "pipe:0"]
            + (variant.filter.map { ["-vf", $0] } ?? []) + ["-f", "null", "-"]
        let pipe = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (pipe, FileHandle.nullDevice, FileHandle.nullDevice)
        let (start, cpu) = (DispatchTime.now().uptimeNanoseconds, CPUTime.now())
        try process.run()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        for index in 0..<frames {
            effect.progress = Float(index) / Float(frames - 1)
            try effect.render(into: target)
            if let planes { try planes.convert(texture: target.textureName, into: buffer) } else { try target.readPixels(into: buffer) }
            var offset = 0
            while offset < bytes {
                let written = write(fd, buffer.baseAddress! + offset, bytes - offset)
                guard written > 0 else { throw BenchmarkError.toolFailed(tool: "ffmpeg", status: -1, log: "pipe closed") }
                offset += written
            }
        }
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.toolFailed(tool: "ffmpeg", status: process.terminationStatus, log: "-f null of \(variant.name)")
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (wall, CPUTime.now() - cpu, bytes)
    }
}
