import SegueColor
import Testing

/// The ordered dither's matrix against the published 8×8 Bayer matrix, and what dithering
/// keeps: the mean level of a flat area.
@Suite struct DitherTests {
    @Test func bayerMatrixIsTheStandardOne() {
        // The 8×8 index matrix as Bayer (1973) and every reference (Wikipedia's "Ordered
        // dithering") print it: its first two rows.
        #expect(Array(Dither.bayer8[0..<8]) == [0, 32, 8, 40, 2, 34, 10, 42])
        #expect(Array(Dither.bayer8[8..<16]) == [48, 16, 56, 24, 50, 18, 58, 26])
        #expect(Dither.bayer8.sorted() == Array(0..<64))
    }

    @Test func ditheringKeepsAFlatAreasMeanAndRoundingDoesNot() {
        for value in [16.1, 16.25, 16.5, 16.9, 200.03] {
            var sum = 0
            for y in 0..<8 { for x in 0..<8 { sum += Dither.ordered.quantise(value, x: x, y: y, maxCode: 255) } }
            #expect(abs(Double(sum) / 64 - value) <= 1.0 / 64, "mean of \(value) dithered")
            #expect(Dither.none.quantise(value, x: 3, y: 5, maxCode: 255) == Int(value.rounded()))
        }
        #expect(Dither.ordered.quantise(-3, x: 0, y: 0, maxCode: 255) == 0)
        #expect(Dither.ordered.quantise(1030, x: 7, y: 7, maxCode: 1023) == 1023)
    }
}
