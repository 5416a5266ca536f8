/// SplitMix64 (Steele, Lea and Flood's generator): small, fast and seedable, so a stress run or a
/// randomised test replays exactly from its seed. Not for anything that needs unpredictability.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 from the top 53 bits (every value equally likely).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// A double spread evenly over `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
    /// An integer in `range` (the modulo's bias is below 2⁻⁵⁰ for the small ranges this serves).
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}
