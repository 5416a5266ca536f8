import SegueTiming
import SegueTesting
import Testing

/// The generator against the published SplitMix64 reference output (Vigna's splitmix64.c seeded
/// with 0), and its derived draws within their ranges.
@Suite("SplitMix64", .tags(.pure))
struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func drawsStayInTheirRangesAndReplayFromTheSeed() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        for _ in 0..<1_000 {
            let unit = a.unit(), value = a.double(-3...5), count = a.int(1...12)
            #expect(unit >= 0 && unit < 1 && value >= -3 && value <= 5 && (1...12).contains(count))
            #expect(b.unit() == unit && b.double(-3...5) == value && b.int(1...12) == count)
        }
    }
}
