/// One window's rule for requests made while a transition runs (PortingUIKitCode.md, "Requests
/// during a transition"): the window's driver counts the container transitions (push, pop, tab
/// change) running in it, so a present or dismiss made meanwhile waits for them, and holds the
/// containers' requests made while a presentation or dismissal runs until it ends, as UIKit
/// defers a push made during a modal presentation.
@MainActor
final class ContainerTransitionGate {
    /// Container transitions running in the window now.
    private(set) var running = 0
    /// Containers waiting for the window's presentation or dismissal to end.
    private var waiting: [() -> Void] = []

    func began() { running += 1 }
    func ended() { running = max(0, running - 1) }

    /// `resume` runs once the window's presentation or dismissal has ended.
    func wait(_ resume: @escaping () -> Void) { waiting.append(resume) }

    /// Lets every waiting container go on (each drains its own queue, in the order they waited).
    func releaseWaiting() {
        let resumed = waiting
        waiting = []
        for resume in resumed { resume() }
    }
}
