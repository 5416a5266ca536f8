/// The one percentile convention of Segue's figures (benchmarks, frame statistics): linear
/// interpolation between the two nearest ranks, so `percentile(values, 0.5)` is the median (the
/// mean of the two middle values for an even count). Empty input gives 0.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let position = min(max(p, 0), 1) * Double(sorted.count - 1)
    let lower = Int(position)
    guard lower + 1 < sorted.count else { return sorted[lower] }
    let fraction = position - Double(lower)
    return sorted[lower] + (sorted[lower + 1] - sorted[lower]) * fraction
}

/// The median of measured runs: `percentile(values, 0.5)`.
public func median(_ values: [Double]) -> Double { percentile(values, 0.5) }
