@testable import SegueAppHost
import SegueUIKit
import SegueTesting
import Testing

/// The loop's decision: idle means an untimed wait and no frame; anything on screen moving means
/// a frame per interval, waiting (not spinning) for events until it is due.
@Suite("Redraw policy and frame statistics", .tags(.pure))
struct RedrawPolicyTests {
    static let idle = SceneActivity(needsDisplay: false, isAnimating: false, hasDisplayLinks: false, isTransitioning: false)

    @Test func anIdleWindowWaitsForEventsAndDrawsNothing() {
        #expect(Self.idle.isIdle)
        #expect(RedrawPolicy.wait(Self.idle, now: 10, nextFrameTime: 0) == .untilEvent)
        #expect(!RedrawPolicy.shouldRender(Self.idle, now: 10, nextFrameTime: 0))
    }

    @Test func eachReasonToDrawEndsTheIdleWait() {
        var reasons: [SceneActivity] = []
        for keyPath in [\SceneActivity.needsDisplay, \.isAnimating, \.hasDisplayLinks, \.isTransitioning, \.isGestureDecisionDue] {
            var activity = Self.idle
            activity[keyPath: keyPath] = true
            reasons.append(activity)
        }
        for activity in reasons {
            #expect(!activity.isIdle)
            #expect(RedrawPolicy.wait(activity, now: 1, nextFrameTime: 0.5) == .poll)
            #expect(RedrawPolicy.shouldRender(activity, now: 1, nextFrameTime: 0.5))
        }
    }

    @Test func aBusyWindowWaitsForTheNextFrameWithoutSpinning() {
        let busy = SceneActivity(needsDisplay: false, isAnimating: true, hasDisplayLinks: false, isTransitioning: false)
        #expect(RedrawPolicy.wait(busy, now: 1.0, nextFrameTime: 1.01) == .upTo(seconds: 1.01 - 1.0))
        #expect(!RedrawPolicy.shouldRender(busy, now: 1.0, nextFrameTime: 1.01))
        // Within the slack the frame is drawn now.
        #expect(RedrawPolicy.wait(busy, now: 1.0, nextFrameTime: 1.0005) == .poll)
        #expect(RedrawPolicy.shouldRender(busy, now: 1.0, nextFrameTime: 1.0005))
    }

    @Test func frameTimesAdvanceByTheIntervalAndDoNotCatchUpAfterAStall() {
        #expect(RedrawPolicy.nextFrameTime(after: 1, interval: 0.25, now: 1.1) == 1.25)
        // The frame took longer than an interval: the next is due now, not in the past (no burst).
        #expect(RedrawPolicy.nextFrameTime(after: 1, interval: 0.25, now: 2) == 2)
    }

    @Test func statisticsCountFramesAndGivePercentiles() {
        var statistics = FrameStatistics(capacity: 1000)
        for index in 1...100 { statistics.record(frameSeconds: Double(index) / 1000, interval: index == 1 ? nil : 0.02) }
        #expect(statistics.framesRendered == 100)
        #expect(statistics.intervalSeconds.count == 99)
        // Linear interpolation between closest ranks (SegueTiming's `percentile`): 1…100 ms.
        #expect(abs(statistics.p50Milliseconds - 50.5) < 1e-9)
        #expect(abs(statistics.p99Milliseconds - 99.01) < 1e-9)
        #expect(statistics.maxMilliseconds == 100)
        #expect(abs(statistics.framesPerSecond - 50) < 1e-9)
    }

    @Test func statisticsKeepOnlyTheirCapacity() {
        var statistics = FrameStatistics(capacity: 10)
        for index in 0..<25 { statistics.record(frameSeconds: Double(index), interval: 1) }
        #expect(statistics.framesRendered == 25)
        #expect(statistics.frameSeconds == (15..<25).map(Double.init))
    }

    @Test @MainActor func badSizesAreRefusedBeforeAnyWindowOpens() {
        #expect(throws: WindowHostError.badSize(width: 0, height: 10)) {
            try WindowHost(title: "x", size: Size(width: 0, height: 10))
        }
        #expect(throws: WindowHostError.badSize(width: 100, height: .infinity)) {
            try WindowHost(title: "x", size: Size(width: 100, height: .infinity))
        }
        #expect(throws: WindowHostError.badSize(width: 20_000, height: 10)) {
            try WindowHost(title: "x", size: Size(width: 20_000, height: 10))
        }
        #expect(WindowHostError.noDisplay.description.contains("DISPLAY is not set"))
    }

    @Test @MainActor func framebufferPixelsArePointsTimesTheContentScale() {
        #expect(WindowHost.points(pixels: (1280, 720), scale: 2) == Size(width: 640, height: 360))
        #expect(WindowHost.points(pixels: (1280, 720), scale: 1) == Size(width: 1280, height: 720))
        #expect(WindowHost.points(pixels: (300, 150), scale: 1.5) == Size(width: 200, height: 100))
        // A scale the window system did not give (0) counts as 1.
        #expect(WindowHost.points(pixels: (100, 50), scale: 0) == Size(width: 100, height: 50))
    }
}
