import Foundation

/// A picture item's slow zoom and pan (Ken Burns), as the spec writes it: `"zoom": "in" | "out"`,
/// `"pan": "left" | "right" | "up" | "down"`, `"zoomAmount"` (default 0.1: the frame ends 10 %
/// closer or starts 10 % closer).
public struct EditPictureMotion: Sendable, Equatable {
    public var zoom: String?
    public var pan: String?
    public var zoomAmount: Double?

    public init(zoom: String? = nil, pan: String? = nil, zoomAmount: Double? = nil) {
        (self.zoom, self.pan, self.zoomAmount) = (zoom, pan, zoomAmount)
    }

    static let keys = ["zoom", "pan", "zoomAmount"]
    var isEmpty: Bool { zoom == nil && pan == nil && zoomAmount == nil }
}

/// A clip item's playing speed and direction, as the spec writes them: `"speed"` (0.25...4,
/// default 1) and `"reverse": true`.
public struct EditClipTiming: Sendable, Equatable {
    public var speed: Double?
    public var reverse: Bool?

    public init(speed: Double? = nil, reverse: Bool? = nil) { (self.speed, self.reverse) = (speed, reverse) }

    static let keys = ["speed", "reverse"]
    var isEmpty: Bool { speed == nil && reverse == nil }
}

/// Ken Burns as the plan runs it: the visible window of the fitted picture at each frame.
public struct KenBurns: Sendable, Equatable {
    public enum Zoom: String, Sendable, CaseIterable { case `in`, out }
    public enum Pan: String, Sendable, CaseIterable { case left, right, up, down }

    public let zoom: Zoom?
    public let pan: Pan?
    /// How much closer the closest frame is: 0.1 shows 1/1.1 of the picture's width there.
    public let amount: Double

    public static let defaultAmount = 0.1
    public static let amounts = 0.01...1.0

    /// The picture is fitted at the frame's size times this (the closest frame's zoom), so the
    /// closest frame is as sharp as a still: never upscaled from the fitted frame.
    public var canvasScale: Double { 1 + amount }

    /// The visible window at `progress` 0...1 (eased with `eased`), in the fitted picture's
    /// coordinates 0...1: its centre and its side (the same fraction of width and height).
    /// Zoom in goes from the whole picture (side 1) to side 1/(1 + amount); a pan alone keeps
    /// the closest zoom and slides the window from one edge to the other (pan right: from the
    /// left edge to the right one).
    public func window(at progress: Double) -> (centerX: Double, centerY: Double, side: Double) {
        let p = Self.eased(min(1, max(0, progress)))
        let zoomFactor: Double = switch zoom {
        case .in: 1 + amount * p
        case .out: 1 + amount * (1 - p)
        case nil: 1 + amount
        }
        let side = 1 / zoomFactor
        let travel = (1 - side) * p   // how far from the start edge, within the room left
        var (x, y) = (0.5, 0.5)
        switch pan {
        case .right: x = side / 2 + travel
        case .left: x = 1 - side / 2 - travel
        case .down: y = side / 2 + travel
        case .up: y = 1 - side / 2 - travel
        case nil: break
        }
        return (x, y, side)
    }

    /// Sine ease-in-out: the motion starts and ends at rest.
    public static func eased(_ t: Double) -> Double { (1 - cos(Double.pi * t)) / 2 }

    /// The plan's motion for a picture item's spec, or nil for a still; an error names the key.
    static func checked(_ motion: EditPictureMotion, place: String) throws -> KenBurns? {
        guard !motion.isEmpty else { return nil }
        var zoom: Zoom?, pan: Pan?
        if let text = motion.zoom {
            guard let value = Zoom(rawValue: text) else { throw EditSpecError("\(place).zoom", "'\(text)' is not \"in\" or \"out\"") }
            zoom = value
        }
        if let text = motion.pan {
            guard let value = Pan(rawValue: text) else {
                throw EditSpecError("\(place).pan", "'\(text)' is not one of " + Pan.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            pan = value
        }
        let amount = motion.zoomAmount ?? defaultAmount
        guard amount.isFinite, amounts.contains(amount) else {
            throw EditSpecError("\(place).zoomAmount", "\(amount) must be \(amounts.lowerBound)...\(amounts.upperBound) (0.1: 10 % closer)")
        }
        guard zoom != nil || pan != nil else {
            throw EditSpecError("\(place).zoomAmount", "applies to a \"zoom\" or \"pan\"; give one")
        }
        return KenBurns(zoom: zoom, pan: pan, amount: amount)
    }
}

/// How a clip item's frames come from its file: at a speed, reversed, or one frame held.
public struct ClipTiming: Sendable, Equatable {
    public var speed = 1.0
    public var reverse = false
    /// A `freeze` item: the frame at the item's start, held for its duration.
    public var freeze = false

    public init(speed: Double = 1, reverse: Bool = false, freeze: Bool = false) {
        (self.speed, self.reverse, self.freeze) = (speed, reverse, freeze)
    }

    public static let speeds = 0.25...4.0
    /// Below this speed the clip's sound is left out: atempo stretched further than half speed
    /// smears speech and drums into a phasing drone, worse than silence under slow motion.
    public static let slowestSound = 0.5
    /// The most a reversed clip may hold, in bytes of decoded frames at the edit's size:
    /// ffmpeg's `reverse` keeps the whole span in memory before it gives its first frame.
    public static let reverseBytes = 1 << 30

    public var isPlain: Bool { speed == 1 && !reverse && !freeze }
    /// Whether the clip's sound is heard (time-stretched when the speed is not 1).
    public var keepsSound: Bool { !freeze && speed >= Self.slowestSound }

    /// Seconds of the source an item of `frames` frames shows.
    func sourceSeconds(frames: Int, rate: FrameRate) -> Double { freeze ? rate.seconds(1) : rate.seconds(frames) * speed }

    /// The video filters before the rate conversion: timestamps scaled by the speed, in
    /// microseconds, and 0.4 of an output frame later. ffmpeg's `fps` keeps the last frame that
    /// rounds to an output frame, so at speed 2 it would take the frame half a frame after each
    /// output time (the odd ones: a flash on frame 30 of the clip would vanish); shifted, each
    /// output frame is the clip's frame at or just before its time (measured at 2, 3, 4, 1.5,
    /// 0.5, 0.25 on 30 fps sources into 30000/1001).
    func videoFiltersBefore(rate: FrameRate) -> String {
        speed == 1 ? "" : "settb=AVTB,setpts=(PTS-STARTPTS)/\(speed)+0.4/((\(rate.ffmpegText))*TB),"
    }
    /// After the fit: reversed at the edit's size, so the frames held are as small as they can be.
    var videoFiltersAfter: String { reverse ? ",reverse" : "" }

    /// The sound's filters after the span is cut: reversed, then time-stretched with its pitch
    /// kept by a chain of `atempo`, each within 0.5...2 (the range every ffmpeg accepts).
    var audioFilters: String {
        var filters: [String] = reverse ? ["areverse"] : []
        var left = speed
        while left > 2 { filters.append("atempo=2"); left /= 2 }
        while left < 0.5 { filters.append("atempo=0.5"); left /= 0.5 }
        if left != 1 { filters.append("atempo=\(left)") }
        return filters.map { "," + $0 }.joined()
    }

    /// The plan's timing for a clip item's spec; an error names the key.
    static func checked(_ timing: EditClipTiming, place: String) throws -> ClipTiming {
        let speed = timing.speed ?? 1
        guard speed.isFinite, speeds.contains(speed) else {
            throw EditSpecError("\(place).speed", "\(speed) must be \(speeds.lowerBound)...\(speeds.upperBound) (0.5: half speed, 2: twice)")
        }
        return ClipTiming(speed: speed, reverse: timing.reverse ?? false)
    }
}

/// The sizes a spec may name instead of WIDTHxHEIGHT.
public enum EditSizePreset {
    public static let sizes: [(name: String, width: Int, height: Int)] = [
        ("1080p", 1920, 1080), ("720p", 1280, 720), ("4k", 3840, 2160), ("vertical", 1080, 1920), ("square", 1080, 1080),
    ]

    static func size(named name: String) -> (Int, Int)? {
        sizes.first { $0.name == name.lowercased() }.map { ($0.width, $0.height) }
    }

    static var names: String { sizes.map { "\($0.name) (\($0.width)x\($0.height))" }.joined(separator: ", ") }
}
