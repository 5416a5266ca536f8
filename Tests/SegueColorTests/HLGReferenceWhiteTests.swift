import Foundation
import SegueColor
import Testing

/// HLG's reference white in SDR against the formulas themselves (ITU-R BT.2100's HLG inverse
/// OETF, its OOTF with system gamma 1.2 for a 1000-nit display, BT.2408's reference white of
/// 203 cd/m², John Hable's curve, BT.1886's 2.4 power), written out here: with `bt2408` 75 % HLG is
/// SDR white; with `ffmpeg` it is where ffmpeg's tonemap puts it, 75 % (192).
@Suite struct HLGReferenceWhiteTests {
    /// HLG signal (0…1) to display light in cd/m² on the 1000-nit reference display (a grey: the
    /// OOTF on luminance and zimg's per channel agree).
    static func nits(_ signal: Double) -> Double {
        let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
        let scene = signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
        return 1000 * pow(scene, 1.2)
    }

    static func hable(_ x: Double) -> Double {
        (x * (x * 0.15 + 0.10 * 0.50) + 0.20 * 0.02) / (x * (x * 0.15 + 0.50) + 0.20 * 0.30) - 0.02 / 0.30
    }

    /// 10-bit limited-range greys: 18 % grey card (38 % HLG), 50 %, reference white (75 %), 90 %.
    static let codes = [397, 502, 721, 852]

    /// VideoToSDR's R' (unclamped: an 8-bit output clips it at 1).
    static func sdr(_ code: Int, _ mapping: HLGReferenceWhite, _ toneMap: ToneMapOperator) -> Double {
        let source = ColorDescription(primaries: .bt2020, transfer: .hlg, matrix: .bt2020NonConstant, range: .limited, bitDepth: 10)
        return VideoToSDR(source: source, toneMap: toneMap, hlgReferenceWhite: mapping).rgb(y: Double(code), cb: 512, cr: 512).0
    }

    @Test func bt2408PutsReferenceWhiteAtSDRWhite() {
        for code in Self.codes {
            let light = Self.nits(Double(code - 64) / 876) / 203   // SDR white = reference white = 1
            let hable = min(1, Self.hable(light) / Self.hable(1))
            let clip = min(1, light)
            #expect(abs(min(1, Self.sdr(code, .bt2408, .hable)) - pow(hable, 1 / 2.4)) < 1e-6, "hable, code \(code)")
            #expect(abs(min(1, Self.sdr(code, .bt2408, .clip)) - pow(clip, 1 / 2.4)) < 1e-6, "clip, code \(code)")
        }
        // 75 % HLG is 203 nits, and SDR white (255 in 8 bits) with every operator.
        #expect(abs(Self.nits(0.75) - 203) < 0.5)
        for toneMap in ToneMapOperator.allCases { #expect(abs(Self.sdr(721, .bt2408, toneMap) - 1) < 0.001, "\(toneMap)") }
    }

    @Test func ffmpegPutsReferenceWhiteAt75Percent() {
        for code in Self.codes {
            let light = Self.nits(Double(code - 64) / 876) / 100   // SDR white = 100 nits, the peak 10
            #expect(abs(Self.sdr(code, .ffmpeg, .hable) - pow(Self.hable(light) / Self.hable(10), 1 / 2.4)) < 1e-6, "code \(code)")
        }
        #expect(Int((Self.sdr(721, .ffmpeg, .hable) * 255).rounded()) == 193)
    }

    @Test func bt2408IsTheDefaultWhereHLGMeetsSDR() {
        #expect(HLGReferenceWhite.defaultFor(hasHLG: true, hasSDR: true) == .bt2408)
        #expect(HLGReferenceWhite.defaultFor(hasHLG: true, hasSDR: false) == .ffmpeg)
        #expect(HLGReferenceWhite.defaultFor(hasHLG: false, hasSDR: true) == .ffmpeg)
    }
}
