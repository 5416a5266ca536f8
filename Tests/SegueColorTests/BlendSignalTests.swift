import Foundation
import SegueColor
import Testing

/// SDR colours in an HLG or PQ signal against the standards' published figures: ITU-R BT.2408's
/// table of reference levels (HDR reference white, 203 cd/m², is PQ 58 % and HLG 75 %; the 18 %
/// grey card, 26 cd/m², is 38 % in both) and ITU-R BT.2087's BT.709 → BT.2020 matrix
/// (its first row: 0.6274, 0.3293, 0.0433).
@Suite struct BlendSignalTests {
    @Test func sdrWhiteIsHDRReferenceWhite() {
        #expect(abs(BlendSignal.pq.signal(ofSDR: SIMD3(1, 1, 1)).x - 0.58) < 0.005)
        #expect(abs(BlendSignal.hlg.signal(ofSDR: SIMD3(1, 1, 1)).x - 0.75) < 0.005)
        #expect(BlendSignal.sdr.signal(ofSDR: SIMD3(1, 0.5, 0)) == SIMD3(1, 0.5, 0))
        #expect(BlendSignal.pq.signal(ofSDR: SIMD3(0, 0, 0)) == SIMD3(repeating: BlendSignal.pq.fromLinear(0)))
    }

    /// A grey with 26/203 of white's light lands on BT.2408's grey card (26 cd/m²), 38 % in both.
    @Test func theGreyCardIsBT2408s() {
        let card = TransferCharacteristic.sRGB.fromLinear(26 / 203)
        #expect(abs(BlendSignal.pq.signal(ofSDR: SIMD3(repeating: card)).x - 0.38) < 0.005)
        #expect(abs(BlendSignal.hlg.signal(ofSDR: SIMD3(repeating: card)).x - 0.38) < 0.005)
    }

    /// Pure BT.709 red is BT.2087's first column in BT.2020 light, each at 203 cd/m² for 1.
    @Test func primariesGoFromBT709ToBT2020() {
        let red = BlendSignal.pq.signal(ofSDR: SIMD3(1, 0, 0))
        let light = [red.x, red.y, red.z].map { PQ.eotf($0) * PQ.peakLuminance / 203 }
        for (got, want) in zip(light, [0.6274, 0.0691, 0.0164]) {
            #expect(abs(got - want) < 0.0005, "\(light)")
        }
    }

    /// The blend's light is the signal's own curve (PQ's EOTF; HLG's inverse OETF and OOTF) over
    /// the peak, and `fromLinear` undoes it.
    @Test func linearLightIsAFractionOfThePeakAndRoundTrips() {
        #expect(abs(BlendSignal.pq.toLinear(0.58) * 10_000 - 203) < 3)
        #expect(abs(BlendSignal.hlg.toLinear(0.75) * 1000 - 203) < 3)
        // The published constants meet 1 within 3e-8 (HLG) and PQ's 0 is 7e-7 of its range.
        #expect(abs(BlendSignal.hlg.toLinear(1) - 1) < 1e-7 && abs(BlendSignal.pq.toLinear(1) - 1) < 1e-7)
        for signal in BlendSignal.allCases {
            for value in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(signal.fromLinear(signal.toLinear(value)) - value) < 1e-6, "\(signal) \(value)")
            }
        }
        // In linear light a colour parameter is the light of its signal.
        let white = BlendSignal.pq.blendValue(ofSDR: SIMD3(1, 1, 1), in: .linear)
        #expect(abs(white.x - 0.0203) < 1e-6)
        #expect(BlendSignal.hlg.blendValue(ofSDR: SIMD3(1, 1, 1), in: .srgb) == BlendSignal.hlg.signal(ofSDR: SIMD3(1, 1, 1)))
    }
}
