import Logging

/// Problems a transition reports instead of ignoring them (completeTransition twice, never,
/// a transition requested while one runs, a snapshot that could not be made).
///
/// Each window has its own (`Window.diagnostics`; `View.transitionDiagnostics` finds a view's).
/// `shared` keeps the reports about views and controllers in no window; its `handler` hears
/// every window's reports too, so code that listens there (written before diagnostics were per
/// window) still hears them all.
///
/// A log, not a list that grows for ever: the last `capacity` entries are kept (a ring buffer,
/// so a long session's memory stays flat) and `totalReported` counts all of them. Every entry
/// also goes to the `segue.transitions` logger (swift-log) at notice level; a `handler` sees every
/// entry as it is reported (forward it, fail a test); tests read `messages`.
@MainActor
public final class TransitionDiagnostics {
    /// Reports about views and controllers in no window (timed by `AnimationEngine.main`).
    public static let shared: TransitionDiagnostics = {
        let diagnostics = TransitionDiagnostics()
        diagnostics.clock = .main
        return diagnostics
    }()
    private static let logger = Logger(label: "segue.transitions")

    /// One reported problem.
    public struct Entry: Sendable, Equatable {
        /// 1 for the first entry ever reported, counting on across `clear()`.
        public let sequence: Int
        /// The clock of the window's animation engine when it was reported.
        public let time: Double
        public let message: String
    }

    /// How many entries are kept (at least 1). Lowering it drops the oldest.
    public var capacity: Int {
        didSet {
            capacity = max(1, capacity)
            let kept = entries
            storage = RingBuffer(capacity: capacity)
            for entry in kept.suffix(capacity) { storage.append(entry) }
        }
    }
    /// Called with every entry as it is reported (nil: only kept).
    public var handler: (@MainActor (Entry) -> Void)?
    /// Entries reported since the process started (kept or not).
    public private(set) var totalReported = 0

    private var storage: RingBuffer<Entry>
    /// The engine whose clock times the entries (the window's).
    weak var clock: AnimationEngine?

    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        storage = RingBuffer(capacity: max(1, capacity))
    }

    /// The kept entries, oldest first.
    public var entries: [Entry] { storage.elements }
    /// The kept messages, oldest first.
    public var messages: [String] { storage.elements.map(\.message) }
    /// Entries reported but no longer kept (overwritten, cut by a lower capacity, or cleared).
    public var droppedCount: Int { totalReported - storage.count }

    public func report(_ message: String) {
        totalReported += 1
        let entry = Entry(sequence: totalReported, time: clock?.now ?? 0, message: message)
        storage.append(entry)
        Self.logger.notice("\(message)", metadata: ["sequence": "\(entry.sequence)", "time": "\(entry.time)"])
        handler?(entry)
        if self !== Self.shared { Self.shared.handler?(entry) }
    }

    /// Forgets the kept entries (the handler and `totalReported` stay).
    public func clear() { storage = RingBuffer(capacity: capacity) }
}

/// A fixed-capacity FIFO that overwrites its oldest element when full.
struct RingBuffer<Element> {
    let capacity: Int
    /// Grows to `capacity`, then wraps: `start` is the oldest element once full.
    private var slots: [Element] = []
    private var start = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { slots.count }

    mutating func append(_ element: Element) {
        guard slots.count == capacity else { return slots.append(element) }
        slots[start] = element
        start = (start + 1) % capacity
    }

    /// Oldest first.
    var elements: [Element] { Array(slots[start...] + slots[..<start]) }
}
