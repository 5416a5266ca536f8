import Foundation
@testable import SegueBenchmarks
import Testing

/// The bench sections' shared rounds, statistics and report rows, against figures worked out by
/// hand (no GL, no timing).
@Suite("segue bench: rounds, spreads and report rows")
struct BenchStatisticsTests {
    @Test func theMedianOfAnOddCountIsTheMiddleRun() {
        #expect(Spread([3, 9, 1, 7, 5], .time).median == 5)
    }

    @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(Spread([4, 1, 3, 2], .time).median == 2.5)
        #expect(Spread([10, 20], .rate).median == 15)
    }

    @Test func fastestAndSlowestFollowTheScale() {
        // Seconds: the smallest is the fastest; frames per second: the largest.
        #expect(Spread([0.5, 0.2, 0.9], .time) == Spread(median: 0.5, fastest: 0.2, slowest: 0.9))
        #expect(Spread([0.5, 0.2, 0.9], .rate) == Spread(median: 0.5, fastest: 0.9, slowest: 0.2))
    }

    @Test func theRatioIsOfTheMedians() {
        // 4 over (2 + 3) / 2.
        #expect(Spread([6, 2, 4], .rate).ratio(to: Spread([1, 2, 3, 4], .rate)) == 1.6)
    }

    @Test func noRunsGiveZero() {
        #expect(Spread([], .time) == Spread(median: 0, fastest: 0, slowest: 0))
    }

    @Test func roundsRunEveryPeerOnceARoundAlternatingTheOrder() {
        var calls: [String] = [], reported: [(round: Int, values: [String])] = []
        let results = Rounds(count: 3, warmUp: true, alternatesOrder: true).run(["a", "b"], afterEachRound: { round, samples, _ in
            reported.append((round, samples.map(\.value)))
        }) { peer -> String in
            calls.append(peer)
            return "\(peer)\(calls.count)"
        }
        // The warm-up, then a b, b a, a b.
        #expect(calls == ["a", "b", "a", "b", "b", "a", "a", "b"])
        #expect(results.values(0) == ["a3", "a6", "a7"] && results.values(1) == ["b4", "b5", "b8"])
        #expect(reported.map(\.round) == [0, 1, 2] && reported.map(\.values) == [["a3", "b4"], ["a6", "b5"], ["a7", "b8"]])
        #expect(results.roundLoads.count == 3 && results.samples.allSatisfy { $0.allSatisfy { $0.load >= 0 } })
    }

    @Test func aReportRowEncodesItsKeysAndLeavesNilOut() throws {
        let missing: Double? = nil, present: Double? = 0.25
        let row = ReportRow(["b": 1, "a": "x", "gone": missing, "kept": present, "nested": ReportRow(["k": [2.5]]), "c": true])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(row), as: UTF8.self)
        #expect(json == #"{"a":"x","b":1,"c":true,"kept":0.25,"nested":{"k":[2.5]}}"#)
    }
}
