import Foundation
import SegueTiming
import SegueAppHost
import SegueHeadless
import SegueImage
import SegueUIKit
import SegueStage
import SegueTransitions

/// A hosted app's frame times: `WindowHost` at 1280×720 drawing the slide-up spring presentation
/// (example b, 2.5 s) between two full-window pictures, presented and dismissed in turn until
/// enough frames were drawn, with no frame cap and no vsync, so each frame time is the work of a
/// frame (advance, lay out, composite, present). The peer is the same transition on a headless
/// stage, each frame read back. Needs a display
/// (`xvfb-run` gives one); without one the section says so and is skipped.
@MainActor
public struct HostBenchmark {
    /// A 60 Hz display's frame: the p99 frame time this section compares with.
    public nonisolated static let frameBudgetMilliseconds = 1000.0 / 60

    public struct Report: Codable, Sendable {
        public let width: Int
        public let height: Int
        public let transition: String
        public let framesMeasured: Int
        public let warmupFrames: Int
        public let p50Milliseconds: Double
        public let p99Milliseconds: Double
        public let maxMilliseconds: Double
        /// The same frames up to the present (advance, lay out, composite), without the swap.
        public let renderP50Milliseconds: Double
        public let renderP99Milliseconds: Double
        /// The peer: the same transition on a `HeadlessStage` (EGL, offscreen), each frame read
        /// back (`glReadPixels`), as the window's present copies its frame to the X server.
        public let headlessP50Milliseconds: Double
        public let headlessP99Milliseconds: Double
        public let frameBudgetMilliseconds: Double
        public let targetMet: Bool
    }

    let size: FrameSize
    let frames: Int
    let warmupFrames: Int

    /// Runs the transition in a window; nil (after saying why) when there is no display.
    func run(table: BenchTable) throws -> Report? {
        table.line("\nhosted app: WindowHost, slide-up spring presentation between two pictures (no frame cap, no vsync)")
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            table.line("  skipped: no display (DISPLAY is not set); run under an X server, e.g. `xvfb-run -s \"-screen 0 1920x1080x24\" segue bench --sections host`")
            return nil
        }
        let scenario = TransitionScenario.named("slide-up-spring")!
        let host = try WindowHost(
            title: "Segue bench: hosted app", size: Size(width: Double(size.width), height: Double(size.height)),
            framesPerSecond: .infinity, vsync: false)
        let pixels = (
            width: Int((host.window.rootView.bounds.width * host.window.contentScale).rounded()),
            height: Int((host.window.rootView.bounds.height * host.window.contentScale).rounded()))
        let from = ViewController(name: "from"), to = ViewController(name: "to")
        from.view.content = .image(try SampleImages.from(width: pixels.width, height: pixels.height))
        to.view.content = .image(try SampleImages.to(width: pixels.width, height: pixels.height))
        host.window.rootViewController = from
        scenario.start(host.window, from, to)
        // Present and dismiss in turn; the window closes once enough frames were measured.
        let total = frames + warmupFrames
        host.frameObserver = { [unowned host] statistics in
            if statistics.framesRendered >= total { return host.requestClose() }
            guard !host.window.transitionDriver.isTransitioning else { return }
            if from.presentedViewController == nil { scenario.start(host.window, from, to) } else { from.dismiss(animated: true) }
        }
        try host.run(rootViewController: from)
        let statistics = host.statistics
        // The first frames upload the pictures and compile the programs.
        let measured = Array(statistics.frameSeconds.dropFirst(warmupFrames))
        let p50 = percentile(measured, 0.5) * 1000, p99 = percentile(measured, 0.99) * 1000
        let rendered = Array(statistics.renderSeconds.dropFirst(warmupFrames))
        let headless = try Self.headlessFrameSeconds(
            scenario: scenario, width: pixels.width, height: pixels.height, frames: frames, warmupFrames: warmupFrames)
        let report = Report(
            width: pixels.width, height: pixels.height, transition: scenario.name, framesMeasured: measured.count,
            warmupFrames: min(warmupFrames, statistics.frameSeconds.count), p50Milliseconds: p50, p99Milliseconds: p99,
            maxMilliseconds: (measured.max() ?? 0) * 1000, renderP50Milliseconds: percentile(rendered, 0.5) * 1000,
            renderP99Milliseconds: percentile(rendered, 0.99) * 1000,
            headlessP50Milliseconds: percentile(headless, 0.5) * 1000, headlessP99Milliseconds: percentile(headless, 0.99) * 1000,
            frameBudgetMilliseconds: Self.frameBudgetMilliseconds,
            targetMet: !measured.isEmpty && p99 < Self.frameBudgetMilliseconds)
        table.line(String(
            format: "  %dx%d  %d frames (after %d warm-up)  p50 %.2f ms  p99 %.2f ms  max %.2f ms  target p99 < %.1f ms: %@",
            report.width, report.height, report.framesMeasured, report.warmupFrames, p50, p99, report.maxMilliseconds,
            Self.frameBudgetMilliseconds, report.targetMet ? "met" : "NOT met"))
        table.line(String(
            format: "  of which before the present (advance, layout, composite): p50 %.2f ms  p99 %.2f ms",
            report.renderP50Milliseconds, report.renderP99Milliseconds))
        table.line(String(
            format: "  peer, the same frames offscreen (EGL) read back each: p50 %.2f ms  p99 %.2f ms",
            report.headlessP50Milliseconds, report.headlessP99Milliseconds))
        return report
    }

    /// Frame times of the same presentation and dismissal on a headless stage (virtual clock,
    /// 60 frames a second), each frame rendered and read back; after the window is gone (an EGL
    /// context after a GLX one is fine; the other order is not).
    static func headlessFrameSeconds(
        scenario: TransitionScenario, width: Int, height: Int, frames: Int, warmupFrames: Int
    ) throws -> [Double] {
        try HeadlessStage.run(width: width, height: height) { stage in
            let from = ViewController(name: "from"), to = ViewController(name: "to")
            from.view.content = .image(try SampleImages.from(width: width, height: height))
            to.view.content = .image(try SampleImages.to(width: width, height: height))
            stage.window.rootViewController = from
            let clock = RealClock()
            var seconds: [Double] = []
            for _ in 0..<(frames + warmupFrames) {
                if !stage.window.transitionDriver.isTransitioning {
                    if from.presentedViewController == nil { scenario.start(stage.window, from, to) } else { from.dismiss(animated: true) }
                }
                let start = clock.now
                try stage.step()
                seconds.append(clock.now - start)
            }
            return Array(seconds.dropFirst(warmupFrames))
        }
    }
}
