import CSegue
import Foundation

/// What a `segue_engine *` or `segue_transition *` is: a number handed out once (never an
/// object's address, never reused), looked up here on every call. A handle that was destroyed,
/// destroyed twice, or never made is then an error (SEGUE_ERROR_ARGUMENT), not a read of freed
/// memory: `segue_engine_destroy` called twice used to end the host with SIGSEGV.
final class Handles<Object: AnyObject>: @unchecked Sendable {
    private let kind: String, maker: String
    private let lock = NSLock()
    private var live: [UInt: Object] = [:]

    init(kind: String, maker: String) { (self.kind, self.maker) = (kind, maker) }

    /// Keeps `object` alive under a new handle.
    func add(_ object: Object) -> OpaquePointer {
        let number = HandleCounter.next()
        lock.lock()
        live[number] = object
        lock.unlock()
        return OpaquePointer(bitPattern: number)!
    }

    /// The object of a live handle; throws for NULL and for one not (or no longer) live.
    func object(_ handle: OpaquePointer?) throws(CAPIError) -> Object {
        guard let handle else { throw .argument("the \(kind) is NULL") }
        lock.lock()
        let object = live[UInt(bitPattern: handle)]
        lock.unlock()
        guard let object else {
            throw .argument("the \(kind) is not a live \(kind) (destroyed already, or not made by \(maker))")
        }
        return object
    }

    /// Forgets a live handle and returns its object (nil when it was not live: a second destroy).
    func remove(_ handle: OpaquePointer?) -> Object? {
        guard let handle else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return live.removeValue(forKey: UInt(bitPattern: handle))
    }
}

/// The handles' sequence, shared by every kind, so an engine's passed as a transition is unknown.
private enum HandleCounter {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var value: UInt = 0

    static func next() -> UInt {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        // Above the first page's addresses, so a handle is never mistaken for a small integer.
        return 0x1_0000 + value * 16
    }
}

let liveEngines = Handles<Engine>(kind: "engine", maker: "segue_engine_create")
let liveTransitions = Handles<LoadedTransition>(kind: "transition", maker: "segue_transition_load")
