import Foundation

/// An edit's frame rate as an exact fraction: 30/1, or NTSC's 30000/1001 (29.97) and 24000/1001
/// (23.976). Every frame time, sample count and ffmpeg rate of an edit comes from this fraction,
/// never from a rounded decimal, so a 29.97 edit's frame n starts at exactly n·1001/30000 s.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// `numerator`/`denominator` in lowest terms; both positive.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(numerator > 0 && denominator > 0, "a frame rate is a positive fraction")
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        (self.numerator, self.denominator) = (numerator / a, denominator / a)
    }

    /// The rates whose usual decimal spellings (29.97, 23.976, 59.94, 119.88, 47.952) stand
    /// for N·1000/1001: NTSC's.
    static let ntscBases = [24, 30, 48, 60, 120]
    /// Whole rates an edit may have (as `ExportSettings.frameRates`); a fraction must lie within.
    static let wholeRates = ExportSettings.frameRates

    public var value: Double { Double(numerator) / Double(denominator) }
    public var isWhole: Bool { denominator == 1 }
    /// The nearest whole rate: what a whole-number setting (a keyframe interval) takes.
    public var nominal: Int { Int(value.rounded()) }
    /// As ffmpeg takes it (`-framerate`, the `fps` filter): "30" or "30000/1001".
    public var ffmpegText: String { isWhole ? String(numerator) : "\(numerator)/\(denominator)" }
    public var description: String { isWhole ? String(numerator) : "\(ffmpegText) (\(String(format: "%.3f", value)))" }

    /// The start of frame `frame` in seconds.
    public func seconds(_ frame: Int) -> Double { Double(frame) * Double(denominator) / Double(numerator) }
    /// `seconds` in frames, not rounded.
    public func frames(inSeconds seconds: Double) -> Double { seconds * Double(numerator) / Double(denominator) }
    /// The sound samples at `rate` before frame `frame` (rounded down): exact integer arithmetic,
    /// so consecutive spans of frames tile the samples with no gap or overlap.
    public func samples(before frame: Int, rate: Int) -> Int {
        Int((Int64(frame) * Int64(rate) * Int64(denominator)) / Int64(numerator))
    }

    /// A rate from a spec: a JSON number (30, 29.97, 23.976) or a string ("30000/1001", "30",
    /// "29.97"). A decimal that is not whole must be an NTSC rate's usual spelling (within 0.01).
    public static func parse(number: Double) -> FrameRate? {
        // Past the highest rate nothing is accepted: checked before any conversion to an Int,
        // which would trap on 1e19.
        guard number.isFinite, number > 0, number <= Double(wholeRates.upperBound) else { return nil }
        if number == number.rounded() {
            return wholeRates.contains(Int(number)) ? FrameRate(Int(number)) : nil
        }
        guard let base = ntscBases.first(where: { abs(Double($0) * 1000 / 1001 - number) < 0.01 }) else { return nil }
        return FrameRate(base * 1000, 1001)
    }

    public static func parse(text: String) -> FrameRate? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 { return Double(text).flatMap { parse(number: $0) } }
        guard parts.count == 2, let top = Int(parts[0]), let bottom = Int(parts[1]), top > 0, bottom > 0,
              top <= 1_000_000, bottom <= 1_000_000 else { return nil }
        let rate = FrameRate(top, bottom)
        return rate.value >= Double(wholeRates.lowerBound) && rate.value <= Double(wholeRates.upperBound) ? rate : nil
    }

    /// What a spec may write, for messages.
    package static let accepted = "a whole number 1...240 (30), an NTSC rate as a decimal (29.97, 23.976, 59.94) "
        + "or a fraction as a string (\"30000/1001\", \"24000/1001\")"

    /// Whether an ffprobe rate ("30000/1001", "30/1") is exactly this one.
    package func matches(ffprobe text: String) -> Bool {
        FrameRate.parse(text: text).map { $0 == self } ?? false
    }
}

extension FrameRate: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
