import Foundation
import SegueExport

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

extension ClipTiming {
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
