import Foundation
import SegueExport

/// The one way a number of an edit spec (or of a file it names, such as an SRT cue's time)
/// becomes a time or an integer: checked against the range it is used in first, so that a
/// hostile `1e300` is an `EditSpecError` naming its field, never a trap in `Int(_:)` or an
/// overflow of a sample or frame count.
enum SpecNumber {
    /// The furthest position into a file a spec may name (a clip's `from`, `to` and `at`, a
    /// track's `from` and `to`, the music's `from`): 1,000,000 s, about 11.5 days, beyond any
    /// file an edit opens, and small enough that its samples at 48 kHz and its microseconds
    /// (ffmpeg's `-ss`) stay far inside an Int64.
    static let maxFilePosition = 1_000_000.0

    /// `value` when it is finite and within `range`; else an error at `place` saying so
    /// (`items[1].to: 1e+300 is out of range: 0...1000000 s (a position in the file)`).
    static func checked(_ value: Double, place: String, in range: ClosedRange<Double>, _ what: String) throws -> Double {
        guard value.isFinite, range.contains(value) else { throw outOfRange(value, place: place, range: range, what) }
        return value
    }

    /// `value` (checked as `checked` does) in the unit `scaled` turns it into (frames, samples),
    /// rounded to a whole number. A result no Int holds is the same error, never a trap.
    static func whole(
        _ value: Double, place: String, in range: ClosedRange<Double>, _ what: String, scaled: (Double) -> Double = { $0 }
    ) throws -> Int {
        let value = try checked(value, place: place, in: range, what)
        guard let whole = integer(scaled(value)) else { throw outOfRange(value, place: place, range: range, what) }
        return whole
    }

    /// `value` rounded to the nearest whole number, or nil when it is not finite or no Int
    /// holds it: the conversion the checks above and the frame arithmetic of checked numbers use.
    static func integer(_ value: Double) -> Int? {
        let rounded = value.rounded()
        // 2^63 is exactly representable; every Double below it in magnitude fits an Int.
        guard rounded.isFinite, abs(rounded) < 9_223_372_036_854_775_808.0 else { return nil }
        return Int(rounded)
    }

    static func outOfRange(_ value: Double, place: String, range: ClosedRange<Double>, _ what: String) -> EditSpecError {
        EditSpecError(place, "\(shown(value)) is out of range: \(shown(range.lowerBound))...\(shown(range.upperBound)) \(what)")
    }

    /// A number as a message shows it: whole numbers without a fraction (`86400`, not `86400.0`).
    static func shown(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return abs(value) >= 1e15 ? String(format: "%g", value) : String(value)
    }
}
