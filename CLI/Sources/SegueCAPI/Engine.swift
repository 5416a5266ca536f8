import CSegue
import Foundation
import SegueGL
import SegueHeadless

/// What `segue_engine` points at: a GL thread with a headless EGL context current on it, and the
/// transitions loaded on it (released with the engine if the host forgot them).
final class Engine: @unchecked Sendable {
    let thread = GLThread(name: "segue-engine")
    // Touched on `thread` only.
    private var context: HeadlessEGLContext?
    private var device: GLDevice?
    private var transitions: [ObjectIdentifier: LoadedTransition] = [:]
    /// The GL renderer's name, a C string the engine owns.
    private(set) var rendererName: UnsafeMutablePointer<CChar>?

    init() throws(CAPIError) {
        let made: Result<Void, CAPIError>? = thread.run { [self] in
            do {
                let context = try HeadlessEGLContext()
                self.context = context
                let device = try GLDevice(context: context)
                self.device = device
                rendererName = strdup(device.renderer)
                return .success(())
            } catch {
                context?.release()
                context = nil
                return .failure(CAPIError(any: error))
            }
        }
        guard case .success = made else {
            thread.stop()
            if case .failure(let error) = made { throw error }
            throw .argument("the engine's thread ended before its context was made")
        }
    }

    /// Runs `body` with the device on the GL thread; fails once the engine is destroyed.
    func onGLThread<T>(_ body: @escaping (GLDevice) throws(CAPIError) -> T) throws(CAPIError) -> T {
        let outcome: Result<T, CAPIError>? = thread.run { [self] in
            guard let device else { return .failure(.argument("the engine was destroyed")) }
            do throws(CAPIError) { return .success(try body(device)) } catch { return .failure(error) }
        }
        guard let outcome else { throw .argument("the engine was destroyed") }
        return try outcome.get()
    }

    /// On the GL thread: remembers a transition so that `destroy` can release it.
    func adopt(_ transition: LoadedTransition) { transitions[ObjectIdentifier(transition)] = transition }
    /// On the GL thread: forgets a released transition.
    func forget(_ transition: LoadedTransition) { transitions[ObjectIdentifier(transition)] = nil }

    /// Releases every transition left, the device and the context on the GL thread, then ends it.
    func destroy() {
        _ = thread.run { [self] in
            for transition in transitions.values { transition.releaseGPUState() }
            transitions = [:]
            _ = device?.release()
            device = nil
            context?.release()
            context = nil
        }
        thread.stop()
        free(rendererName)
        rendererName = nil
    }
}
