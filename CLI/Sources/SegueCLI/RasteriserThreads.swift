import Foundation

/// How many threads llvmpipe (Mesa's software GL, what a machine without a GPU renders with)
/// rasterises on. It starts one per core by default; in an edit its shaders then compete with
/// x264 and the clips' decoders, separate processes on the same cores (docs/Benchmarks.md has
/// the runs, which are few). Mesa reads `LP_NUM_THREADS` when the first GL context is made, so
/// this runs before it; a value the user set is kept.
enum RasteriserThreads {
    /// Half the cores (at least one) for a job that encodes beside its rendering.
    static func chooseForEncoding() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        setenv("LP_NUM_THREADS", String(max(1, cores / 2)), 0)
    }
}
