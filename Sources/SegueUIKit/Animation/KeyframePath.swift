/// The values one property takes over a keyframe animation (`View.animateKeyframes`), as
/// Core Animation's keyframe animation computes them from UIKit's keyframes in each calculation
/// mode. `points` are (relative time, value) pairs in time order, starting at 0 with the value
/// before the animation; `keyValues` are the values each keyframe set, the first being the start.
struct KeyframePath: Sendable {
    enum Mode: Sendable { case linear, discrete, paced, cubic, cubicPaced }

    let mode: Mode
    /// Linear and cubic: the keyframes' ends with holds between keyframes (a property keeps its
    /// value until the next keyframe that changes it starts). Discrete: each keyframe's value
    /// from its start time. Paced modes: the key values at times proportional to the distance covered.
    private let times: [Double]
    private let values: [AnimatableValue]
    /// Cubic modes: the tangent (per unit of time) at each point, in `components` space.
    private let tangents: [[Double]]
    /// Cubic paced: the spline's parameter at equal steps of arc length (a lookup table).
    private let pacedParameters: [Double]

    /// One keyframe's effect on the property: it moves to `value` from `start` over `duration`.
    struct Stop: Sendable {
        var start: Double
        var duration: Double
        var value: AnimatableValue
    }

    init(mode: Mode, initial: AnimatableValue, stops: [Stop]) {
        self.mode = mode
        let ordered = stops.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var times: [Double] = [0], values: [AnimatableValue] = [initial]
        switch mode {
        case .discrete:
            for stop in ordered { Self.append(min(max(stop.start, 0), 1), stop.value, &times, &values) }
        case .paced, .cubicPaced:
            let keyValues = [initial] + ordered.map(\.value)
            times = Self.pacedTimes(keyValues)
            values = keyValues
        case .linear, .cubic:
            for stop in ordered {
                let start = min(max(stop.start, times.last!), 1)
                if start > times.last! { Self.append(start, values.last!, &times, &values) }
                Self.append(min(max(start + max(stop.duration, 0), start), 1), stop.value, &times, &values)
            }
            if times.last! < 1 { Self.append(1, values.last!, &times, &values) }
        }
        self.times = times
        self.values = values
        tangents = mode == .cubic || mode == .cubicPaced ? Self.tangents(times: times, values: values) : []
        pacedParameters = mode == .cubicPaced ? Self.arcLengthTable(times: times, values: values, tangents: tangents) : []
    }

    /// A later point at the same time replaces the earlier one (a keyframe of no duration jumps);
    /// the start point at 0 stays, so a jump at 0 shows from the first frame.
    private static func append(_ time: Double, _ value: AnimatableValue, _ times: inout [Double], _ values: inout [AnimatableValue]) {
        if times.count > 1, times.last == time {
            values[values.count - 1] = value
        } else {
            times.append(time)
            values.append(value)
        }
    }

    /// The value at the group's progress `t` (0...1; springs and curves may pass the ends).
    func value(at t: Double) -> AnimatableValue {
        switch mode {
        case .discrete:
            let index = times.lastIndex { $0 <= t } ?? 0
            return values[index]
        case .linear, .paced:
            let (index, local) = segment(at: t)
            return AnimatableValue.interpolate(values[index], values[index + 1], local)
        case .cubic:
            let (index, local) = segment(at: t)
            return hermite(index, local)
        case .cubicPaced:
            let clamped = min(max(t, 0), 1)
            let position = clamped * Double(pacedParameters.count - 1)
            let lower = Int(position.rounded(.down)), upper = min(lower + 1, pacedParameters.count - 1)
            let parameter = pacedParameters[lower] + (pacedParameters[upper] - pacedParameters[lower]) * (position - Double(lower))
            let (index, local) = segment(at: parameter)
            return hermite(index, local)
        }
    }

    /// The segment holding `t` and the position in it (0...1).
    private func segment(at t: Double) -> (Int, Double) {
        guard values.count > 1 else { return (0, 0) }
        var index = 0
        while index < times.count - 2 && t >= times[index + 1] { index += 1 }
        let length = times[index + 1] - times[index]
        let local = length > 0 ? (t - times[index]) / length : 1
        return (index, min(max(local, 0), 1))
    }

    private func hermite(_ index: Int, _ s: Double) -> AnimatableValue {
        let from = values[index], to = values[index + 1]
        guard let a = from.components, let b = to.components else {
            return AnimatableValue.interpolate(from, to, s)
        }
        let h = times[index + 1] - times[index]
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let mixed = a.indices.map { i in
            h00 * a[i] + h10 * h * tangents[index][i] + h01 * b[i] + h11 * h * tangents[index + 1][i]
        }
        return from.withComponents(mixed)
    }

    // MARK: Construction

    /// Times proportional to the distance covered from value to value (an even pace).
    private static func pacedTimes(_ values: [AnimatableValue]) -> [Double] {
        var lengths: [Double] = [0]
        for index in values.indices.dropFirst() { lengths.append(lengths.last! + distance(values[index - 1], values[index])) }
        let total = lengths.last!
        guard total > 0 else { return values.indices.map { values.count > 1 ? Double($0) / Double(values.count - 1) : 0 } }
        return lengths.map { $0 / total }
    }

    /// Euclidean distance of the components (a transform's: its matrix entries).
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        let x = a.components ?? a.matrixEntries, y = b.components ?? b.matrixEntries
        return zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// Catmull-Rom tangents over uneven times (a difference quotient over the neighbours), zero
    /// where the property holds still on either side, so holds between keyframes stay still and
    /// the curve has a continuous velocity everywhere.
    private static func tangents(times: [Double], values: [AnimatableValue]) -> [[Double]] {
        let points = values.map { $0.components ?? [] }
        return points.indices.map { i in
            let previous = max(i - 1, 0), next = min(i + 1, points.count - 1)
            let span = times[next] - times[previous]
            let holds = (i > 0 && points[i] == points[i - 1]) || (i < points.count - 1 && points[i] == points[i + 1])
            guard span > 0, !holds else { return points[i].map { _ in 0 } }
            return points[i].indices.map { (points[next][$0] - points[previous][$0]) / span }
        }
    }

    /// The spline's time at 129 equal steps of its length, sampled finely.
    private static func arcLengthTable(times: [Double], values: [AnimatableValue], tangents: [[Double]]) -> [Double] {
        let partial = KeyframePath(sampling: times, values: values, tangents: tangents)
        let samples = 1024
        var lengths: [Double] = [0]
        var previous = partial.hermiteAt(0)
        for step in 1...samples {
            let current = partial.hermiteAt(Double(step) / Double(samples))
            lengths.append(lengths.last! + distance(previous, current))
            previous = current
        }
        let total = lengths.last!
        guard total > 0 else { return [0, 1] }
        let steps = 128
        var table: [Double] = []
        var sample = 0
        for step in 0...steps {
            let target = total * Double(step) / Double(steps)
            while sample < samples && lengths[sample + 1] < target { sample += 1 }
            let span = sample < samples ? lengths[sample + 1] - lengths[sample] : 0
            let within = span > 0 ? (target - lengths[sample]) / span : 0
            table.append((Double(sample) + within) / Double(samples))
        }
        return table
    }

    private init(sampling times: [Double], values: [AnimatableValue], tangents: [[Double]]) {
        mode = .cubic
        self.times = times
        self.values = values
        self.tangents = tangents
        pacedParameters = []
    }

    private func hermiteAt(_ t: Double) -> AnimatableValue {
        let (index, local) = segment(at: t)
        return hermite(index, local)
    }
}

extension AnimatableValue {
    /// The value as numbers for splines and distances; nil for a transform (interpolated by
    /// decomposition, so it keeps rotations; its distance is then not measured).
    var components: [Double]? {
        switch self {
        case .bounds(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .center(let p): [p.x, p.y]
        case .alpha(let a): [a]
        case .backgroundColor(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform: nil
        }
    }

    var matrixEntries: [Double] {
        guard case .transform(let m) = self else { return [] }
        return [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
    }

    func withComponents(_ c: [Double]) -> AnimatableValue {
        switch self {
        case .bounds: .bounds(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .center: .center(Point(x: c[0], y: c[1]))
        case .alpha: .alpha(c[0])
        case .backgroundColor: .backgroundColor(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: self
        }
    }
}
