import Foundation
import SegueColor
import SegueTesting
import Testing

/// The matrices against ffmpeg's own swscale (the reference for what borrows ffmpeg's names).
@Suite struct YCbCrConversionTests {
    static let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (200, 120, 40)]

    @Test(.requiresFFmpeg, arguments: [
        (MatrixCoefficients.bt709, ColorRange.limited), (.bt709, .full), (.bt601, .limited), (.bt2020NonConstant, .limited),
    ])
    func codesMatchSwscale(matrix: MatrixCoefficients, range: ColorRange) throws {
        let conversion = try #require(YCbCrConversion(matrix: matrix, range: range))
        // One pixel per colour, RGB to planar 4:4:4 Y'CbCr in swscale's accurate mode.
        let input = Data(Self.colours.flatMap { [$0.0, $0.1, $0.2] })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-ycbcr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("in.rgb")
        try input.write(to: raw)
        let out = folder.appendingPathComponent("out.yuv")
        let result = try CapturedProcess.run(tool: "ffmpeg", [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(Self.colours.count)x1", "-i", raw.path,
            "-vf", "scale=out_color_matrix=\(Self.swscaleName(matrix)):out_range=\(range == .limited ? "tv" : "pc"):flags=accurate_rnd+full_chroma_int",
            "-pix_fmt", "yuv444p", "-f", "rawvideo", out.path,
        ])
        #expect(result.status == 0, "\(result.stderrText)")
        let planes = [UInt8](try Data(contentsOf: out))
        let n = Self.colours.count
        for (i, c) in Self.colours.enumerated() {
            let ours = conversion.codes(red: Double(c.0) / 255, green: Double(c.1) / 255, blue: Double(c.2) / 255)
            #expect(abs(ours.y - Double(planes[i])) <= 1, "Y of \(c)")
            #expect(abs(ours.cb - Double(planes[n + i])) <= 1, "Cb of \(c)")
            #expect(abs(ours.cr - Double(planes[2 * n + i])) <= 1, "Cr of \(c)")
            // And back: the inverse lands on the colour within rounding.
            let back = conversion.rgb(y: Double(planes[i]), cb: Double(planes[n + i]), cr: Double(planes[2 * n + i]))
            #expect(abs(back.red * 255 - Double(c.0)) <= 2.5 && abs(back.green * 255 - Double(c.1)) <= 2.5
                && abs(back.blue * 255 - Double(c.2)) <= 2.5, "round trip of \(c): \(back)")
        }
    }

    /// swscale's own names for the matrices (`-vf scale=out_color_matrix=`).
    static func swscaleName(_ matrix: MatrixCoefficients) -> String {
        switch matrix {
        case .bt601: "bt601"
        case .bt2020NonConstant: "bt2020"
        default: matrix.ffmpegName
        }
    }

    @Test func limitedRangeBlackAndWhite() throws {
        let ten = try #require(YCbCrConversion(matrix: .bt2020NonConstant, range: .limited, bitDepth: 10))
        let black = ten.rgb(y: 64, cb: 512, cr: 512), white = ten.rgb(y: 940, cb: 512, cr: 512)
        #expect(abs(black.red) < 1e-9 && abs(black.green) < 1e-9 && abs(black.blue) < 1e-9)
        #expect(abs(white.red - 1) < 1e-9 && abs(white.green - 1) < 1e-9 && abs(white.blue - 1) < 1e-9)
        #expect(YCbCrConversion(matrix: .rgb, range: .full) == nil)
    }

    @Test func untaggedStreamsFollowThePlayersSizeRule() {
        #expect(ColorDescription.video(primaries: nil, transfer: nil, matrix: nil, range: nil, width: 1920, height: 1080) == .bt709Video)
        let sd = ColorDescription.video(primaries: "unknown", transfer: "unknown", matrix: "unknown", range: "unknown", width: 720, height: 576)
        #expect(sd.matrix == .bt601 && sd.primaries == .bt601_625 && sd.range == .limited)
        let hlg = ColorDescription.video(primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc", range: "tv",
                                         width: 3840, height: 2160, bitDepth: 10)
        #expect(hlg.isHDR && hlg.primaries == .bt2020 && hlg.bitDepth == 10)
    }
}
