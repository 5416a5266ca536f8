import SegueTiming
import Testing
import SegueTesting

/// Figures against numpy's default percentile (linear interpolation between the closest ranks),
/// the convention most benchmark tables use: values computed with numpy.percentile by hand.
@Suite("Percentile convention", .tags(.pure))
struct PercentileTests {
    @Test func matchesLinearInterpolationBetweenRanks() {
        let values: [Double] = [15, 20, 35, 40, 50]
        #expect(percentile(values, 0.5) == 35)
        #expect(percentile(values, 0.4) == 29)  // numpy.percentile(v, 40) = 29.0
        #expect(abs(percentile(values, 0.99) - 49.6) < 1e-9)  // 49.6
        #expect(percentile(values, 0) == 15 && percentile(values, 1) == 50)
    }

    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([7]) == 7)
        #expect(median([]) == 0)
    }

    @Test func outOfRangeFractionsClampAndOrderDoesNotMatter() {
        #expect(percentile([3, 1, 2], -1) == 1)
        #expect(percentile([3, 1, 2], 2) == 3)
    }
}
