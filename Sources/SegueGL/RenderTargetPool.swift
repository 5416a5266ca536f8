/// Everything that makes two offscreen targets interchangeable: a pooled target is handed only
/// to a request with exactly the same description.
public struct RenderTargetDescription: Hashable, Sendable, CustomStringConvertible {
    public enum PixelFormat: Hashable, Sendable {
        /// 8 bits a channel: what pictures and the compositor's snapshots hold.
        case rgba8
        /// Half floats: intermediates of multi-pass effect graphs, so a graph is quantised once,
        /// at its output, not between passes (and linear light keeps its dark steps).
        case rgba16f

        /// GPU bytes of one texel.
        public var bytesPerTexel: Int { self == .rgba8 ? 4 : 8 }
    }

    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// Whether a depth + stencil buffer is attached.
    public let stencil: Bool

    public init(width: Int, height: Int, format: PixelFormat = .rgba8, stencil: Bool = false) {
        self.width = width
        self.height = height
        self.format = format
        self.stencil = stencil
    }

    /// GPU bytes of one such target (colour texture, plus the depth + stencil buffer).
    public var byteCount: Int { width * height * (format.bytesPerTexel + (stencil ? 4 : 0)) }

    public var description: String { "\(width)x\(height) \(format)\(stencil ? " +depth/stencil" : "")" }
}

/// Offscreen targets kept for reuse, keyed by their complete description. Effect renderers take
/// intermediates from it for one frame and give them back as soon as the last pass that reads
/// them has drawn, so a graph needs only as many targets as are alive at once, and renderers of
/// the same size share them. In the steady state acquiring and recycling create no GL objects.
///
/// Owned by a `GLDevice`; its targets are released with `trim()` or the device's `release()`.
public final class RenderTargetPool {
    /// One target the pool holds. A class, so leasing flips a flag in place: no copy-on-write
    /// of the pool's array, no allocation per frame.
    private final class Slot {
        let description: RenderTargetDescription
        let target: OffscreenTarget
        var isLeased = true
        init(description: RenderTargetDescription, target: OffscreenTarget) {
            self.description = description
            self.target = target
        }
    }

    private unowned let device: GLDevice
    /// Every target held, leased or idle. Pools hold a handful, so a linear scan is the
    /// cheapest lookup (and allocates nothing).
    private var slots: [Slot] = []
    /// Targets handed out and not yet recycled.
    public private(set) var leasedCount = 0
    /// GPU bytes of every target the pool holds (idle + leased).
    public private(set) var byteCount = 0
    /// The most bytes the pool has held at once since it was made or last `resetPeak()`.
    public private(set) var peakByteCount = 0

    init(device: GLDevice) { self.device = device }

    /// What intermediates of multi-pass effect graphs are made of: RGBA16F where the context
    /// renders into it (desktop GL 3.3 always; GLES 3.0 only with EXT_color_buffer_float), else
    /// RGBA8. Found once, by making a 1×1 half-float target.
    public private(set) lazy var intermediateFormat: RenderTargetDescription.PixelFormat = {
        do {
            try device.makeOffscreenTarget(width: 1, height: 1, format: .rgba16f).release()
            return .rgba16f
        } catch {
            return .rgba8
        }
    }()

    /// Targets the pool holds (idle + leased).
    public var targetCount: Int { slots.count }

    /// A target of `description`: an idle one if there is one, else a new one.
    public func acquire(_ description: RenderTargetDescription) throws(GLError) -> OffscreenTarget {
        // Index loops: debug builds box a generic array iterator on the heap.
        for index in slots.indices where !slots[index].isLeased && slots[index].description == description {
            let slot = slots[index]
            slot.isLeased = true
            leasedCount += 1
            return slot.target
        }
        let target = try device.makeOffscreenTarget(
            width: description.width, height: description.height, stencil: description.stencil, format: description.format)
        slots.append(Slot(description: description, target: target))
        leasedCount += 1
        byteCount += description.byteCount
        peakByteCount = max(peakByteCount, byteCount)
        return target
    }

    /// Gives a target from `acquire` back. Its contents are kept until someone acquires it.
    public func recycle(_ target: OffscreenTarget) {
        for index in slots.indices where slots[index].target === target && slots[index].isLeased {
            slots[index].isLeased = false
            leasedCount -= 1
            return
        }
        assertionFailure("recycled a target that this pool did not lease")
    }

    public func resetPeak() { peakByteCount = byteCount }

    /// Releases every idle target (leased ones stay with their holders until recycled).
    public func trim() {
        for slot in slots where !slot.isLeased {
            slot.target.release()
            byteCount -= slot.description.byteCount
        }
        slots.removeAll { !$0.isLeased }
    }
}
