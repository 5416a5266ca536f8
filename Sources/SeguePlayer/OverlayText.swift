import SegueUIKit
import SegueText

/// The overlay's words, set in a real font (DejaVu Sans through SegueText) and fitted to the
/// window: a line that does not fit drops its least important parts first, then elides its
/// first part with "…"; nothing is ever cut at the band's edge.
public struct OverlayLine: Equatable, Sendable {
    public struct Part: Equatable, Sendable {
        public var text: String
        /// Higher is kept longer; the highest-priority part is elided rather than dropped.
        public var priority: Int

        public init(text: String, priority: Int) {
            self.text = text
            self.priority = priority
        }
    }

    public var parts: [Part]

    public static let separator = "   "

    public init(parts: [Part]) { self.parts = parts }

    public var text: String { parts.map(\.text).joined(separator: Self.separator) }

    /// The width of `text` in `font`, in pixels (0 when it cannot be shaped).
    public static func width(_ text: String, font: Font) -> Double {
        guard !text.isEmpty else { return 0 }
        return (try? TextLayout(text: text, font: font).width) ?? .infinity
    }

    /// The text shown in `width` pixels: all parts when they fit; else without the lowest
    /// priorities, in order; else the most important part elided with "…".
    public func fitted(width: Double, font: Font) -> String {
        var kept = parts
        while kept.count > 1, Self.width(OverlayLine(parts: kept).text, font: font) > width {
            let lowest = kept.indices.min { kept[$0].priority < kept[$1].priority }!
            kept.remove(at: lowest)
        }
        let line = OverlayLine(parts: kept).text
        guard Self.width(line, font: font) > width else { return line }
        return Self.elided(line, width: width, font: font)
    }

    /// The longest prefix of `text` that fits with "…" after it (a binary search over its length).
    public static func elided(_ text: String, width: Double, font: Font) -> String {
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if Self.width(String(characters.prefix(middle)) + "…", font: font) <= width { low = middle } else { high = middle - 1 }
        }
        return low == 0 ? "" : String(characters.prefix(low)).trimmingTrailingSpaces + "…"
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}

/// What the overlay's status says: the show, its state and the frame rate. Its parts carry
/// priorities so a narrow window drops the frame times before the name.
public struct PlayerStatus: Equatable, Sendable {
    public enum State: String, Sendable {
        case play = "PLAY", reverse = "REVERSE", paused = "PAUSED", drag = "DRAG", settle = "RELEASED", done = "DONE"

        /// The state a show is in: a released drag settling, a drag (or a seek on the bar) under
        /// way, else the timeline's (paused, stopped at the end of a "once" run, its direction).
        public static func of(
            settling: Bool, dragging: Bool, paused: Bool, stopped: Bool, direction: Double
        ) -> State {
            settling ? .settle : dragging ? .drag : paused ? .paused : stopped ? .done : direction > 0 ? .play : .reverse
        }

        /// No frames are drawn in it (the window idles): frame rates would be stale.
        public var isStill: Bool { self == .paused || self == .done }
    }

    /// Seconds between two refreshes that change only the frame times.
    public static let frameTimesRefreshInterval = 0.25

    /// Whether the overlay must show `next` instead of `shown` (nil: nothing shown yet): at once
    /// when anything but the frame times changed (the state, as the window goes idle on it; the
    /// progress, so the number matches its bar), the frame times at most four times a second.
    public static func needsRefresh(from shown: PlayerStatus?, to next: PlayerStatus, secondsSinceRefresh: Double) -> Bool {
        guard let shown else { return true }
        var sameTimes = next
        (sameTimes.fps, sameTimes.p50, sameTimes.p99) = (shown.fps, shown.p50, shown.p99)
        if sameTimes.lines(2) != shown.lines(2) { return true }
        return next != shown && secondsSinceRefresh >= frameTimesRefreshInterval
    }

    public var index: Int
    public var count: Int
    public var name: String
    /// A gl-transition's parameters as it runs with them (`name=value`), given or default.
    public var parameters: [String] = []
    public var state: State
    public var speed: String
    public var loop: String
    public var progress: Double
    public var fps: Double = 0
    public var p50: Double = 0
    public var p99: Double = 0
    /// Where the show is in its own terms, said instead of the progress (an edit's preview: its
    /// time and frame); nil: the progress.
    public var position: String?

    public init(
        index: Int, count: Int, name: String, parameters: [String] = [], state: State, speed: String, loop: String,
        progress: Double, fps: Double = 0, p50: Double = 0, p99: Double = 0
    ) {
        self.index = index
        self.count = count
        self.name = name
        self.parameters = parameters
        self.state = state
        self.speed = speed
        self.loop = loop
        self.progress = progress
        self.fps = fps
        self.p50 = p50
        self.p99 = p99
    }

    /// The status on one line, or on two (the show; then where it is and how fast it draws).
    public func lines(_ count: Int) -> [OverlayLine] {
        typealias Part = OverlayLine.Part
        let show = [Part(text: name, priority: 10)]
            + (parameters.isEmpty ? [] : [Part(text: parameters.joined(separator: " "), priority: 5)])
        let position = [
            Part(text: self.position ?? String(format: "%.2f", progress), priority: 9),
            Part(text: state.rawValue, priority: 8),
            Part(text: speed, priority: 7), Part(text: loop, priority: 6),
        ]
        // Paused or done, the window draws no frames: no frame rate to show.
        let times = state.isStill ? [] : [
            Part(text: String(format: "%.0f fps", fps), priority: 4),
            Part(text: String(format: "p50 %.1f ms  p99 %.1f ms", p50, p99), priority: 2),
        ]
        // One show: no counter ("1/1" says nothing).
        let counter = self.count > 1 ? [Part(text: "\(index + 1)/\(self.count)", priority: 1)] : []
        if count <= 1 { return [OverlayLine(parts: show + position + times + counter)] }
        return [OverlayLine(parts: show + counter), OverlayLine(parts: position + times)]
    }

    /// The widest status the window can show (for the layout): the longest name, the longest
    /// state (RELEASED) and repeat mode, three-digit frame times.
    public static func widest(name: String) -> PlayerStatus {
        PlayerStatus(index: 99, count: 99, name: name, state: .settle, speed: "¼×", loop: "ping-pong", progress: 0.45,
                     fps: 999, p50: 110, p99: 110)
    }
}

/// The key help line, in parts (dropped from the right when the window is narrow).
public enum PlayerKeyLine {
    /// With one show, N/P are not offered (`PlayerOverlay(longestName:showCount:)`).
    public static let full = OverlayLine(parts: [
        ("space pause", 10), ("←/→ step", 9), ("R reverse", 8), ("1–5 speed", 7), ("L repeat", 6), ("N/P effect", 9),
        ("F fullscreen", 5), ("S screenshot", 5), ("Enter replay", 4), ("H hide", 6), ("Q quit", 10),
    ].map { OverlayLine.Part(text: $0.0, priority: $0.1) })

    /// The key line of a player with one show: N/P switch nothing there.
    public static let single = OverlayLine(parts: full.parts.filter { $0.text != "N/P effect" })

    /// The shortest key line worth showing: without it the band shows no key line at all.
    public static let minimal = OverlayLine(parts: full.parts.filter { $0.priority >= 9 })
}
