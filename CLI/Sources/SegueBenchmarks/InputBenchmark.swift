import Foundation
import SegueTiming
import SegueUIKit

/// Pointer events per second through a window's `PointerDispatcher` (no GL): a 1280 × 720
/// window of 10 panels × 9 cards, each card with a tap, a double tap (the tap requires it to
/// fail), a pan and a long press, the panels with a pan and the root with a screen-edge pan.
/// Each gesture is a press, 10 moves and a release on a card, followed by a frame's time; every
/// fourth one is a drag that pans. The counts check the arbitration did what it should.
@MainActor
struct InputBenchmark {
    let gestures: Int
    let runs: Int

    func run(table: BenchTable) -> ReportRow {
        AnimationEngine.main.reset(to: 0)
        let window = Window(size: Size(width: 1280, height: 720))
        var taps = 0, pans = 0, recognizers = 0
        let edge = ScreenEdgePanGestureRecognizer(edges: .left) { _ in }
        window.rootView.addGestureRecognizer(edge)
        recognizers += 1
        var cards: [Point] = []
        for group in 0..<10 {
            let panel = View(frame: Rect(x: Double(group % 5) * 256, y: Double(group / 5) * 360, width: 256, height: 360), name: "panel")
            panel.addGestureRecognizer(PanGestureRecognizer { _ in })
            window.rootView.addSubview(panel)
            recognizers += 1
            for card in 0..<9 {
                let frame = Rect(x: 8 + Double(card % 3) * 82, y: 8 + Double(card / 3) * 116, width: 74, height: 108)
                let view = View(frame: frame, name: "card")
                let tap = TapGestureRecognizer { _ in taps += 1 }
                let double = TapGestureRecognizer(numberOfTapsRequired: 2) { _ in }
                tap.require(toFail: double)
                view.addGestureRecognizer(tap)
                view.addGestureRecognizer(double)
                view.addGestureRecognizer(PanGestureRecognizer { pan in if pan.state == .began { pans += 1 } })
                view.addGestureRecognizer(LongPressGestureRecognizer { _ in })
                panel.addSubview(view)
                recognizers += 4
                cards.append(Point(x: panel.frame.minX + frame.midX, y: panel.frame.minY + frame.midY))
            }
        }
        let eventsPerGesture = 12
        var time = 0.0
        func gesture(_ k: Int) {
            let start = cards[k % cards.count]
            let step = k % 4 == 0 ? 3.0 : 0.2  // every fourth a drag, the others taps that wobble
            window.pointerDown(at: start, time: time)
            for m in 1...10 {
                time += 0.004
                window.pointerMoved(to: Point(x: start.x + Double(m) * step, y: start.y), time: time)
            }
            time += 0.004
            window.pointerUp(at: Point(x: start.x + 10 * step, y: start.y), time: time)
            // The next gesture comes after the double tap's interval, so each tap resolves.
            time += 0.4
            window.pointerDispatcher.advance(to: time)
        }
        for k in 0..<min(gestures, 100) { gesture(k) }  // warm-up
        taps = 0
        pans = 0
        let clock = ContinuousClock()
        let rates = Rounds(count: max(runs, 1)).run {
            let elapsed = clock.measure { for k in 0..<gestures { gesture(k) } }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            return Double(gestures * eventsPerGesture) / max(seconds, 1e-9)
        }.map(\.value)
        let median = SegueTiming.median(rates)
        table.line("\npointer input (no GL): \(recognizers) recognizers on 91 views, \(gestures) gestures x \(eventsPerGesture) events per run")
        table.line("  \(table.fmt(median, 0)) events/s (\(table.fmt(1e6 / median, 2)) µs per event); \(taps) taps, \(pans) pans recognized")
        return ReportRow([
            "gestures": gestures, "eventsPerGesture": eventsPerGesture, "recognizers": recognizers, "eventsPerSecond": median,
            "microsecondsPerEvent": 1e6 / median, "runs": rates,
            // Taps recognized (after their double tap failed) and pans begun, over all runs.
            "taps": taps, "pans": pans,
        ])
    }
}
