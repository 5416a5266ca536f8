import Foundation
import SegueTiming

/// One run's figure with the machine's one-minute load average when the run started: a timing on
/// a shared machine means little without the load beside it.
struct Sample<Value> {
    let value: Value
    let load: Double
}

/// Peers — the variants one benchmark compares — run in turn for `count` rounds, one run of each
/// a round, so that drift in the machine's speed falls on all of them alike.
struct Rounds {
    let count: Int
    /// One untimed run of every peer first (programs compiled, caches and the page cache filled).
    var warmUp = false
    /// Every other round runs the peers in reverse order, so that none always goes first.
    var alternatesOrder = false

    /// What the rounds measured: each peer's samples in the peers' order, and the load when each
    /// round began.
    struct Results<Value> {
        let samples: [[Sample<Value>]]
        let roundLoads: [Double]

        /// Each run's figure of the peer at `index`, in the order of the rounds.
        func values(_ index: Int) -> [Value] { samples[index].map(\.value) }
    }

    /// Runs the rounds; `afterEachRound` gets the round's number, its sample of each peer (in the
    /// peers' order) and the load when it began, to print as it goes.
    func run<Peer, Value>(
        _ peers: [Peer], afterEachRound: (_ round: Int, _ samples: [Sample<Value>], _ load: Double) -> Void = { _, _, _ in },
        _ measure: (Peer) throws -> Value
    ) rethrows -> Results<Value> {
        guard !peers.isEmpty else { return Results(samples: [], roundLoads: []) }
        if warmUp { for peer in peers { _ = try measure(peer) } }
        var samples = Array(repeating: [Sample<Value>](), count: peers.count)
        var roundLoads: [Double] = []
        for round in 0..<count {
            let order = alternatesOrder && round % 2 == 1 ? Array(peers.indices.reversed()) : Array(peers.indices)
            for index in order {
                let load = CPUTime.loadAverage()
                if index == order.first { roundLoads.append(load) }
                samples[index].append(Sample(value: try measure(peers[index]), load: load))
            }
            afterEachRound(round, samples.map { $0[round] }, roundLoads[round])
        }
        return Results(samples: samples, roundLoads: roundLoads)
    }

    /// The runs of a benchmark with one peer.
    func run<Value>(_ measure: () throws -> Value) rethrows -> [Sample<Value>] {
        try run([()]) { _ in try measure() }.samples[0]
    }
}

extension Rounds.Results where Value == Double {
    /// Each peer's spread, in the peers' order.
    func spreads(_ scale: Spread.Scale) -> [Spread] { samples.map { Spread($0.map(\.value), scale) } }
}

/// What runs of one figure come to: the median (`SegueTiming.median`, the one percentile
/// convention: the mean of the middle two for an even count) and the fastest and slowest run.
/// No runs give 0 throughout.
struct Spread: Equatable {
    /// Whether a smaller figure is the faster (seconds, milliseconds) or a larger one (frames or
    /// events per second).
    enum Scale { case time, rate }

    let median: Double
    let fastest: Double
    let slowest: Double

    /// This median over `peer`'s (above 1: this figure is the larger).
    func ratio(to peer: Spread) -> Double { median / peer.median }
}

extension Spread {
    init(_ values: [Double], _ scale: Scale) {
        let median = SegueTiming.median(values), (low, high) = (values.min() ?? median, values.max() ?? median)
        self.init(median: median, fastest: scale == .time ? low : high, slowest: scale == .time ? high : low)
    }
}

/// One JSON object of `segue bench --json`, its keys the benchmark's own, built where its figures
/// are worked out so that each is named once. Nil values are left out, as Codable leaves out nil
/// optionals; the encoder orders the keys.
struct ReportRow: Encodable {
    private let fields: [(key: String, value: any Encodable)]

    init(_ pairs: KeyValuePairs<String, (any Encodable)?>) {
        fields = pairs.compactMap { pair in
            guard let value = pair.value, !((value as? any OptionalValue)?.isNone ?? false) else { return nil }
            return (pair.key, value)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields { try container.encode(field.value, forKey: Key(stringValue: field.key)) }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// An optional boxed as `any Encodable` (a `Double?` stored as such), so a nil one is left out.
private protocol OptionalValue { var isNone: Bool { get } }
extension Optional: OptionalValue {
    fileprivate var isNone: Bool { self == nil }
}
