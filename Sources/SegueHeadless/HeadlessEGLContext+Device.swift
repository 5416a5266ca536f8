import SegueGL

extension HeadlessEGLContext {
    /// Runs `body` with a `GLDevice` on a headless context of its own, then releases the device
    /// and the context on this thread (the GL thread), in that order, however `body` ends: the
    /// prologue of every offline job (renders, checks, benchmarks, examples).
    public static func withDevice<Result>(api: API = .automatic, _ body: (GLDevice) throws -> Result) throws -> Result {
        let context = try HeadlessEGLContext(api: api)
        defer { context.release() }
        let device = try GLDevice(context: context)
        defer { device.release() }
        return try body(device)
    }
}
