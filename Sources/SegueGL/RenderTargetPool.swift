/// Everything that makes two offscreen targets interchangeable: a pooled target is handed only
/// to a request with exactly the same description.
public struct RenderTargetDescription: Hashable, Sendable, CustomStringConvertible {
    public enum PixelFormat: Hashable, Sendable { case rgba8 }

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
    public var byteCount: Int { width * height * (stencil ? 8 : 4) }

    public var description: String { "\(width)x\(height) \(format)\(stencil ? " +depth/stencil" : "")" }
}

/// Offscreen targets kept for reuse, keyed by their complete description. Effect renderers take
/// intermediates from it for one frame and give them back as soon as the last pass that reads
/// them has drawn, so a graph needs only as many targets as are alive at once, and renderers of
/// the same size share them. In the steady state acquiring and recycling create no GL objects.
///
/// Owned by a `GLDevice`; its targets are released with `trim()` or the device's `release()`.
public final class RenderTargetPool {
    private unowned let device: GLDevice
    private var idle: [RenderTargetDescription: [OffscreenTarget]] = [:]
    /// Targets handed out and not yet recycled.
    public private(set) var leasedCount = 0
    /// Targets the pool has made and not released (idle + leased).
    public private(set) var targetCount = 0
    /// GPU bytes of every target the pool holds (idle + leased).
    public private(set) var byteCount = 0
    /// The most bytes the pool has held at once since it was made or last `resetPeak()`.
    public private(set) var peakByteCount = 0

    init(device: GLDevice) { self.device = device }

    /// A target of `description`: an idle one if there is one, else a new one.
    public func acquire(_ description: RenderTargetDescription) throws(GLError) -> OffscreenTarget {
        leasedCount += 1
        if let target = idle[description]?.popLast() { return target }
        do {
            let target = try device.makeOffscreenTarget(
                width: description.width, height: description.height, stencil: description.stencil)
            targetCount += 1
            byteCount += description.byteCount
            peakByteCount = max(peakByteCount, byteCount)
            return target
        } catch {
            leasedCount -= 1
            throw error
        }
    }

    /// Gives a target from `acquire` back. Its contents are kept until someone acquires it.
    public func recycle(_ target: OffscreenTarget) {
        leasedCount -= 1
        // Appending within the array's capacity: no allocation once a size has been used.
        idle[target.poolDescription, default: []].append(target)
    }

    public func resetPeak() { peakByteCount = byteCount }

    /// Releases every idle target (leased ones stay with their holders until recycled).
    public func trim() {
        for (description, targets) in idle {
            for target in targets { target.release() }
            targetCount -= targets.count
            byteCount -= description.byteCount * targets.count
        }
        idle.removeAll()
    }
}

extension OffscreenTarget {
    var poolDescription: RenderTargetDescription {
        RenderTargetDescription(width: width, height: height, stencil: hasStencil)
    }
}
