import Foundation

/// How many threads llvmpipe (Mesa's software GL, what a machine without a GPU renders with)
/// rasterises on. It starts one per core by default; in an edit its shaders then compete with
/// x264 and the clips' decoders, separate processes on the same cores, and the threads' hand-offs
/// cost more than they win: a 1080p smart render on two cores took 24.1 CPU-seconds with one
/// rasteriser thread against 28.3 with two (docs/Benchmarks.md). Mesa reads `LP_NUM_THREADS`
/// when the first GL context is made, so this runs before it; a value the user set is kept.
enum RasteriserThreads {
    /// Half the cores (at least one) for a job that encodes beside its rendering.
    static func chooseForEncoding() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        setenv("LP_NUM_THREADS", String(max(1, cores / 2)), 0)
    }
}
