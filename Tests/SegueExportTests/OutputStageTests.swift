import Foundation
import SegueColor
import SegueEffects
import SegueExport
import SegueExportTestSupport
import SegueGL
import SegueImage
import SegueTesting
import Testing

/// The GPU output stage (`YCbCrOutput`): its planes against `YCbCrConversion` and `Dither`
/// (SegueColor's CPU references), and whole exports against the old path, RGBA converted by
/// ffmpeg's swscale.
@Suite("Output stage: Y'CbCr planes on the GPU (headless GL + ffmpeg)", .tags(.gl, .ffmpeg), .requiresFFmpeg)
struct OutputStageTests {
    /// A colour chart: 8 × 2 patches of `patch` pixels, primaries, secondaries, greys and mixtures.
    static let chartColours: [SIMD4<UInt8>] = [
        [0, 0, 0, 255], [255, 255, 255, 255], [255, 0, 0, 255], [0, 255, 0, 255],
        [0, 0, 255, 255], [0, 255, 255, 255], [255, 0, 255, 255], [255, 255, 0, 255],
        [128, 128, 128, 255], [16, 16, 16, 255], [235, 235, 235, 255], [180, 60, 30, 255],
        [30, 120, 200, 255], [200, 200, 40, 255], [90, 40, 140, 255], [255, 128, 0, 255],
    ]

    static func chart(patch: Int) throws -> RGBAImage {
        let (width, height) = (8 * patch, 2 * patch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour = chartColours[(y / patch) * 8 + x / patch]
                for c in 0..<4 { pixels[(y * width + x) * 4 + c] = colour[c] }
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The planes of `image` converted by the output stage.
    static func planes(_ image: RGBAImage, bitDepth: Int, dither: Dither) throws -> [Int] {
        try withDevice { device in
            let output = try YCbCrOutput(device: device, width: image.width, height: image.height, bitDepth: bitDepth, dither: dither)
            defer { output.release() }
            var bytes = [UInt8](repeating: 0, count: output.frameBytes)
            try image.pixels.withUnsafeBytes { rgba in
                try bytes.withUnsafeMutableBytes { try output.convert(rgba: rgba, into: $0) }
            }
            if bitDepth == 8 { return bytes.map(Int.init) }
            return stride(from: 0, to: bytes.count, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
        }
    }

    @Test(arguments: [8, 10])
    func planesHoldYCbCrConversionsCodesForKnownColours(bitDepth: Int) throws {
        let patch = 16
        let image = try Self.chart(patch: patch)
        let values = try Self.planes(image, bitDepth: bitDepth, dither: .none)
        let conversion = try #require(YCbCrConversion(matrix: .bt709, range: .limited, bitDepth: bitDepth))
        let (width, chromaWidth) = (image.width, image.width / 2)
        let lumaCount = image.width * image.height, chromaCount = lumaCount / 4
        #expect(values.count == lumaCount + 2 * chromaCount)
        for (index, colour) in Self.chartColours.enumerated() {
            let (px, py) = ((index % 8) * patch, (index / 8) * patch)
            let rgb = (0..<3).map { Double(colour[$0]) / 255 }
            let codes = conversion.codes(red: rgb[0], green: rgb[1], blue: rgb[2])
            let y = values[(py + 8) * width + px + 8]
            let chroma = (py / 2 + 4) * chromaWidth + px / 2 + 4
            let (cb, cr) = (values[lumaCount + chroma], values[lumaCount + chromaCount + chroma])
            #expect([y, cb, cr] == [codes.y, codes.cb, codes.cr].map { Int($0.rounded()) }, "\(colour) at \(bitDepth) bits")
        }
    }

    @Test func orderedDitherIsSegueColorsBayerPattern() throws {
        let image = try Self.chart(patch: 16)
        let values = try Self.planes(image, bitDepth: 8, dither: .ordered)
        let conversion = try #require(YCbCrConversion(matrix: .bt709, range: .limited))
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                let code = conversion.codes(red: Double(p[0]) / 255, green: Double(p[1]) / 255, blue: Double(p[2]) / 255).y
                let expected = Dither.ordered.quantise(code, x: x, y: y, maxCode: 255)
                let got = values[y * image.width + x]
                #expect(abs(got - expected) <= 1)
                if got != expected { mismatches += 1 }
            }
        }
        // Single-precision floats on the GPU may land a hair the other side of a threshold.
        #expect(mismatches * 200 < image.width * image.height, "\(mismatches) pixels off the CPU reference")
    }

    /// zscale's conversion of `image` to yuv420p, BT.709 limited, chroma sited at `siting`, its
    /// chroma downsampled by its bilinear (triangle) filter, undithered.
    static func zscalePlanes(_ image: RGBAImage, siting: String, in dir: URL) throws -> [Int] {
        let png = dir.appendingPathComponent("in.png").path
        try PNGCodec.write(image, to: png)
        let data = try VideoReader.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", png,
            "-vf", "zscale=rin=full:m=709:r=limited:c=\(siting):filter=bilinear:d=none,format=yuv420p", "-f", "rawvideo", "pipe:1",
        ])
        return data.map(Int.init)
    }

    @Test func chromaIsSitedAndFilteredAsZscaleDoesIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Stripes one pixel wide (red, blue, green, white), shifted from row to row: each chroma
        // sample's value says which columns and rows it was taken from, and with what weights.
        let stripes: [SIMD4<UInt8>] = [[255, 0, 0, 255], [0, 0, 255, 255], [0, 255, 0, 255], [255, 255, 255, 255]]
        var pixels: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<64 {
                let colour = stripes[(x + 2 * (y % 2) + y / 3) % 4]
                pixels += [colour[0], colour[1], colour[2], 255]
            }
        }
        let image = try RGBAImage(width: 64, height: 16, pixels: pixels)
        let chroma = 64 * 16..<(64 * 16 * 3 / 2)
        let ours = Array(try Self.planes(image, bitDepth: 8, dither: .none)[chroma])
        let left = Array(try Self.zscalePlanes(image, siting: "left", in: dir)[chroma])
        let centre = Array(try Self.zscalePlanes(image, siting: "center", in: dir)[chroma])
        #expect(zip(ours, left).allSatisfy { abs($0 - $1) <= 1 }, "left-sited: \(left.prefix(8)), ours: \(ours.prefix(8))")
        // The check can fail: centred chroma (MPEG-1, JPEG) differs by several levels.
        #expect(zip(ours, centre).contains { abs($0 - $1) > 4 })
    }

    /// The planes are drawn four samples to a texel: widths whose planes are not multiples of
    /// four (70: chroma 35; 74: luma 74, chroma 37) are packed row by row on read-back. Every
    /// sample of every plane against zscale's, for a picture that differs in every column.
    @Test(arguments: [64, 70, 74])
    func planesOfEveryWidthMatchZscalesRowForRow(width: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let height = 18
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 37 + y * 11) % 256), UInt8((x * 5 + y * 53) % 256), UInt8((x * 91 + y * 7) % 256), 255]
            }
        }
        let image = try RGBAImage(width: width, height: height, pixels: pixels)
        let ours = try Self.planes(image, bitDepth: 8, dither: .none)
        let reference = try Self.zscalePlanes(image, siting: "left", in: dir)
        #expect(ours.count == reference.count)
        let worst = zip(ours, reference).map { abs($0 - $1) }.max() ?? 0
        #expect(worst <= 1, "largest difference from zscale's planes at width \(width): \(worst) levels")
    }

    /// Exports the chart (two frames, both the chart) losslessly (x264 at CRF 0) and returns
    /// the decoded planes of its first frame, as stored.
    static func exportedPlanes(_ image: RGBAImage, conversion: OutputConversion, in dir: URL) throws -> [UInt8] {
        let out = dir.appendingPathComponent("\(conversion).mp4").path
        _ = try withDevice { device in
            try TransitionExporter(
                device: device,
                settings: ExportSettings(format: .mp4, width: image.width, height: image.height, crf: 0, conversion: conversion)
            ).export(.pictures(from: image, to: image, frames: 2), to: out, effect: pixelDissolve)
        }
        let data = try VideoReader.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-frames:v", "1",
                                                  "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"])
        return Array(data)
    }

    @Test func exportsMatchSwscalesConversionAcrossAColourChart() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let patch = 32
        let image = try Self.chart(patch: patch)
        let gpu = try Self.exportedPlanes(image, conversion: .gpu, in: dir)
        let old = try Self.exportedPlanes(image, conversion: .swscale, in: dir)
        let lumaCount = image.width * image.height
        try #require(gpu.count == lumaCount * 3 / 2 && old.count == gpu.count)
        // Inside each patch (away from its edges, where the chroma filters differ): within 2 levels.
        var worst = 0
        for index in Self.chartColours.indices {
            let (px, py) = ((index % 8) * patch, (index / 8) * patch)
            for y in (py + 4)..<(py + patch - 4) {
                for x in (px + 4)..<(px + patch - 4) {
                    worst = max(worst, abs(Int(gpu[y * image.width + x]) - Int(old[y * image.width + x])))
                }
            }
            for plane in 0..<2 {
                let base = lumaCount + plane * lumaCount / 4
                for y in (py / 2 + 2)..<((py + patch) / 2 - 2) {
                    for x in (px / 2 + 2)..<((px + patch) / 2 - 2) {
                        let i = base + y * image.width / 2 + x
                        worst = max(worst, abs(Int(gpu[i]) - Int(old[i])))
                    }
                }
            }
        }
        #expect(worst <= 2, "largest difference from swscale's planes: \(worst) levels")
    }

    /// ffmpeg's verbose log names every scaler it inserts (`auto_scale_0`) or parses (`Parsed_scale_0`).
    static func scalersInserted(settings: ExportSettings, in dir: URL) throws -> Bool {
        let arguments = try withDevice { device in
            try TransitionExporter(device: device, settings: settings).encoderArguments(output: dir.appendingPathComponent("o.mp4").path)
        }
        let frame = dir.appendingPathComponent("frame.raw")
        let bytes = settings.usesOutputStage ? settings.width * settings.height * 3 / 2 : settings.width * settings.height * 4
        try Data(count: bytes).write(to: frame)
        let adjusted = arguments.map { $0 == "error" ? "verbose" : $0 == "pipe:0" ? frame.path : $0 }
        let run = try CapturedProcess.run(tool: "ffmpeg", adjusted)
        #expect(run.status == 0, "\(run.stderrText)")
        return run.stderrText.contains("auto_scale") || run.stderrText.contains("Parsed_scale")
    }

    @Test func theEncoderTakesThePlanesThroughNoScaler() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpu = ExportSettings(format: .mp4, width: 64, height: 32)
        #expect(gpu.encoderInputPixelFormat == "yuv420p")
        #expect(try !Self.scalersInserted(settings: gpu, in: dir))
        // The check can fail: the old path's RGBA goes through swscale.
        var old = gpu
        old.conversion = .swscale
        #expect(try Self.scalersInserted(settings: old, in: dir))
    }
}
