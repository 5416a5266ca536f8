import Foundation
import SegueColor
import SegueTesting
import Testing

/// HLG and PQ to SDR BT.709 on the CPU against ffmpeg's own chain (zscale to linear light at
/// 100 nits, zscale to BT.709 primaries, tonemap without desaturation, zscale to BT.709's
/// curve), in 32-bit float so the comparison sees the arithmetic, not a rounding.
@Suite struct HDRToSDRTests {
    /// 10-bit limited-range Y'CbCr code values: white, greys, saturated and skin-like colours.
    static let codes: [(Int, Int, Int)] = [
        (940, 512, 512), (64, 512, 512), (502, 512, 512), (300, 512, 512), (500, 400, 600), (700, 600, 450),
        (400, 460, 560), (620, 480, 540), (800, 500, 520), (200, 540, 500),
    ]

    /// Tolerance on R'G'B' in 0…1: a tenth of an 8-bit level (ffmpeg computes in float32).
    static let tolerance = 0.0004

    @Test(.requiresFFmpeg, arguments: [TransferCharacteristic.hlg, .pq], ToneMapOperator.allCases)
    func matchesZscaleAndTonemap(transfer: TransferCharacteristic, toneMap: ToneMapOperator) throws {
        let reference = try Self.ffmpegReference(transfer: transfer, toneMap: toneMap)
        let source = ColorDescription(primaries: .bt2020, transfer: transfer, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10)
        let ours = VideoToSDR(source: source, toneMap: toneMap)
        for (i, c) in Self.codes.enumerated() {
            let rgb = ours.rgb(y: Double(c.0), cb: Double(c.1), cr: Double(c.2))
            let theirs = reference[i]
            // Values over 1 or below 0 are clipped by any 8-bit output: compared where they matter.
            func near(_ a: Double, _ b: Double) -> Bool { abs(min(max(a, 0), 1) - min(max(b, 0), 1)) <= Self.tolerance }
            #expect(near(rgb.0, theirs.0) && near(rgb.1, theirs.1) && near(rgb.2, theirs.2),
                    "\(transfer) \(toneMap) codes \(c): ours \(rgb), ffmpeg \(theirs)")
        }
    }

    @Test func bt2020ToBT709MatchesBT2087() {
        // ITU-R BT.2087's linear-light matrix, four decimals.
        let expected = [1.6605, -0.5876, -0.0728, -0.1246, 1.1329, -0.0083, -0.0182, -0.1006, 1.1187]
        let ours = GamutConversion(from: .bt2020, to: .bt709).matrix
        for (a, b) in zip(ours, expected) { #expect(abs(a - b) < 0.0002, "\(ours)") }
        #expect(GamutConversion(from: .bt709, to: .bt709).matrix == [1, 0, 0, 0, 1, 0, 0, 0, 1])
    }

    @Test func curvesInvertTheirInverses() {
        for transfer in TransferCharacteristic.allCases {
            for value in stride(from: 0.0, through: 1.0, by: 0.05) {
                let back = transfer.fromLinear(transfer.toLinear(value))
                #expect(abs(back - value) < 1e-6, "\(transfer) at \(value): \(back)")
            }
        }
        // SDR white of PQ sits at 100 nits (code 0.508); HLG's peak is 1000 nits, 10 × SDR white.
        #expect(abs(TransferCharacteristic.pq.fromLinear(1) - 0.5081) < 0.0001)
        #expect(abs(TransferCharacteristic.hlg.toLinear(1) - 10) < 1e-6)
    }

    /// ffmpeg's R'G'B' for `codes`, one 4:4:4 10-bit frame of one row.
    static func ffmpegReference(transfer: TransferCharacteristic, toneMap: ToneMapOperator) throws -> [(Double, Double, Double)] {
        let n = codes.count
        var planes = Data()
        for plane in 0..<3 {
            for c in codes {
                let value = UInt16([c.0, c.1, c.2][plane])
                planes.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-hdr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.yuv"), output = folder.appendingPathComponent("out.gbrpf32")
        try planes.write(to: input)
        let chain = "zscale=tin=\(transfer.ffmpegName):min=bt2020nc:pin=bt2020:rin=tv:t=linear:npl=100:p=bt2020,format=gbrpf32le,"
            + "zscale=p=bt709,tonemap=\(toneMap.rawValue):desat=0,zscale=t=bt709,format=gbrpf32le"
        let result = try CapturedProcess.run(tool: "ffmpeg", [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv444p10le", "-s", "\(n)x1", "-i", input.path,
            "-vf", chain, "-f", "rawvideo", output.path,
        ])
        #expect(result.status == 0, "\(result.stderrText)")
        let floats = try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        try #require(floats.count == 3 * n)
        // gbrp: planes G, B, R.
        return (0..<n).map { (Double(floats[2 * n + $0]), Double(floats[$0]), Double(floats[n + $0])) }
    }
}
