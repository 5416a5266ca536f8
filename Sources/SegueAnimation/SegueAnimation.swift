// SegueAnimation, deprecated: the timing module's name before 1.0. It is SegueTiming now
// (CHANGELOG.md, 1.0.0). This module re-exports it, so code written against SegueAnimation builds,
// and names every type SegueAnimation held as a deprecated alias: each use warns in the user's
// build and says what to import instead (Swift has no deprecation for a module or an import line).
// `median` and `percentile` are SegueTiming's, re-exported, without a warning of their own.

@_exported import SegueTiming

@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias AnimationTiming = SegueTiming.AnimationTiming
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias CubicBezier = SegueTiming.CubicBezier
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias FrameClock = SegueTiming.FrameClock
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias Interpolatable = SegueTiming.Interpolatable
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias RealClock = SegueTiming.RealClock
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias SplitMix64 = SegueTiming.SplitMix64
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias Spring = SegueTiming.Spring
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias TimingCurve = SegueTiming.TimingCurve
@available(*, deprecated, message: "SegueAnimation is renamed SegueTiming: use `import SegueTiming` (or `import Segue`)")
public typealias VirtualClock = SegueTiming.VirtualClock
