@testable import SegueAppHost
import SegueTesting
import Testing

/// The host's time source: real time, or a fixed step per drawn frame (the player's scripted
/// mode); and what a frame observer reads of the frame just drawn.
@Suite("Host clock and the latest frame interval", .tags(.pure))
struct HostClockTests {
    @Test func realTimeIsTheWallClockForFramesAndInput() {
        let clock = HostClock.real
        #expect(clock.step == nil)
        #expect(clock.frameTime(realSeconds: 2.5, previousFrame: 1) == 2.5)
        #expect(clock.eventTime(realSeconds: 2.7, lastFrame: 2.5) == 2.7)
    }

    @Test func aFixedStepMovesTimeOnlyPerDrawnFrame() throws {
        let clock = try HostClock.fixedStep(seconds: 0.25)
        var time = 0.0
        for realSeconds in [0.001, 5, 5.002] { time = clock.frameTime(realSeconds: realSeconds, previousFrame: time) }
        #expect(time == 0.75, "three frames of 0.25 s, however long they took")
        #expect(clock.eventTime(realSeconds: 9, lastFrame: time) == 0.75, "input between frames happens at the frame's time")
    }

    @Test func aZeroStepStandsTimeStill() throws {
        let clock = try HostClock.fixedStep(seconds: 0)
        #expect(clock.frameTime(realSeconds: 10, previousFrame: 3) == 3)
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func stepsThatAreNotTimeAreRefused(seconds: Double) {
        #expect(throws: WindowHostError.self) { try HostClock.fixedStep(seconds: seconds) }
    }

    @Test func aCloseDeadlineShortensEveryWait() {
        let check = 1.0
        #expect(RedrawPolicy.timeout(.untilEvent, idleCheckInterval: check, secondsToDeadline: nil) == 1)
        #expect(RedrawPolicy.timeout(.untilEvent, idleCheckInterval: check, secondsToDeadline: 0.3) == 0.3, "idle, woken at the deadline")
        #expect(RedrawPolicy.timeout(.upTo(seconds: 0.016), idleCheckInterval: check, secondsToDeadline: 0.01) == 0.01)
        #expect(RedrawPolicy.timeout(.upTo(seconds: 0.016), idleCheckInterval: check, secondsToDeadline: 5) == 0.016)
        #expect(RedrawPolicy.timeout(.untilEvent, idleCheckInterval: check, secondsToDeadline: -2) == 0, "past it: no wait")
        #expect(RedrawPolicy.timeout(.poll, idleCheckInterval: check, secondsToDeadline: 0.3) == nil)
    }

    @Test func theLatestIntervalIsNilAfterAnIdleWait() {
        var statistics = FrameStatistics()
        statistics.record(frameSeconds: 0.004, interval: nil)
        #expect(statistics.lastInterval == nil, "the first frame ends no interval")
        statistics.record(frameSeconds: 0.004, interval: 0.0166)
        #expect(statistics.lastInterval == 0.0166)
        statistics.record(frameSeconds: 0.003, interval: nil)
        #expect(statistics.lastInterval == nil, "a frame after an idle wait ends no interval")
    }
}
