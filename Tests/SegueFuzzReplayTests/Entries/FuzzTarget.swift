import Foundation

/// The fuzz targets: one entry function each, called by libFuzzer in `segue-fuzz` (`make fuzz`)
/// and by `FuzzReplayTests` on every corpus and regression file (`make test`). An entry gets any
/// bytes and may see a typed error thrown; a crash, a hang or a runaway allocation is a finding.
enum FuzzTarget: String, CaseIterable, Sendable {
    case editSpec = "edit-spec"
    case srt
    case glsl
    case glParams = "gl-params"
    case picture

    /// Caps like ffmpeg's fuzzers' (tools/target_dec_fuzzer.c): the longest input tried, and
    /// (in `run`) the pixels a picture may decode to. Time per run and memory are libFuzzer's
    /// `-timeout` and `-rss_limit_mb`, set by `make fuzz`.
    var maxInputBytes: Int {
        switch self {
        case .editSpec: 64 << 10
        case .srt: 64 << 10
        case .glsl: 64 << 10
        case .glParams: 4 << 10
        case .picture: 256 << 10
        }
    }

    /// Runs the target on `data`; inputs over the cap are skipped, as libFuzzer's `-max_len` does.
    func run(_ data: [UInt8]) {
        guard data.count <= maxInputBytes else { return }
        switch self {
        case .editSpec: EditSpecFuzz.run(data)
        case .srt: SubtitleFuzz.run(data)
        case .glsl: GLSLFuzz.run(data)
        case .glParams: GLParameterFuzz.run(data)
        case .picture: PictureFuzz.run(data)
        }
    }
}
