import Foundation

/// Frames on their way to the encoder, a bounded queue. The GL thread fills a free buffer
/// (glReadPixels, or a decoded clip frame) and submits it; a writer thread pipes submitted
/// buffers into ffmpeg's stdin in order and hands them back. With `depth` frames queued the
/// GPU renders frame n+1 while ffmpeg is still taking frame n, and memory stays at
/// `depth + 1` frames. Depth 0 writes on the caller's thread (the serial reference).
package final class FramePipeline: @unchecked Sendable {
    let frameBytes: Int
    let depth: Int
    private let encoder: FFmpegProcess
    private let condition = NSCondition()
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var free: [UnsafeMutableRawBufferPointer]
    /// Frames waiting for the writer: pooled buffers (handed back once written) or a still
    /// picture's one frame, shared by every frame that shows it.
    private var queued: [QueuedFrame] = []
    private var noMoreFrames = false
    private var writeFailed = false
    private var writerDone = true
    /// Seconds the caller spent waiting for a free buffer: the encoder was the bottleneck.
    package private(set) var encoderWaitSeconds = 0.0

    init(encoder: FFmpegProcess, frameBytes: Int, depth: Int) {
        self.encoder = encoder
        self.frameBytes = frameBytes
        self.depth = max(0, depth)
        buffers = (0...self.depth).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64)
        }
        free = buffers
        if self.depth > 0 {
            writerDone = false
            let thread = Thread { [unowned self] in self.writeQueuedFrames() }
            thread.name = "segue.encoder-writer"
            thread.start()
        }
    }

    deinit { buffers.forEach { $0.deallocate() } }

    /// A buffer of `frameBytes` to fill with the next frame; waits while all are in flight.
    package func acquire() throws -> UnsafeMutableRawBufferPointer {
        condition.lock()
        defer { condition.unlock() }
        let start = DispatchTime.now().uptimeNanoseconds
        while free.isEmpty && !writeFailed { condition.wait() }
        encoderWaitSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if writeFailed { throw encoderError() }
        return free.removeLast()
    }

    /// Queues a filled buffer (from `acquire`) for the encoder.
    package func submit(_ buffer: UnsafeMutableRawBufferPointer) throws {
        if depth == 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            let written = encoder.write(UnsafeRawBufferPointer(buffer))
            encoderWaitSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            free.append(buffer)
            if !written { throw encoderError() }
            return
        }
        condition.lock()
        defer { condition.unlock() }
        if writeFailed { throw encoderError() }
        queued.append(.pooled(buffer))
        condition.broadcast()
    }

    /// Queues a still picture's frame, written as it is (no copy); waits while `depth` frames
    /// are already queued, so the queue stays bounded.
    package func submitStill(_ still: StillFrame) throws {
        if depth == 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            let written = encoder.write(still.bytes)
            encoderWaitSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if !written { throw encoderError() }
            return
        }
        condition.lock()
        defer { condition.unlock() }
        let start = DispatchTime.now().uptimeNanoseconds
        while queued.count >= depth && !writeFailed { condition.wait() }
        encoderWaitSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if writeFailed { throw encoderError() }
        queued.append(.still(still))
        condition.broadcast()
    }

    /// Gives back a buffer that was acquired but not filled.
    package func recycle(_ buffer: UnsafeMutableRawBufferPointer) {
        condition.lock()
        free.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// Sends what is queued, closes the encoder's input and waits for it to write the file.
    package func finish() throws {
        try endInput()
        try waitForEncoder()
    }

    /// Sends what is queued and closes the encoder's input, without waiting for the encoder to
    /// finish: x264 encodes its look-ahead after the last frame (a short segment's every frame),
    /// and the caller may render the next segment meanwhile. `waitForEncoder` (or `cancel`) follows.
    package func endInput() throws {
        condition.lock()
        noMoreFrames = true
        condition.broadcast()
        while !writerDone { condition.wait() }
        let failed = writeFailed
        condition.unlock()
        if failed { throw encoderError() }
        encoder.closeInput()
    }

    /// Waits for the encoder whose input `endInput` closed to write its file.
    package func waitForEncoder() throws {
        let exit = encoder.wait()
        if exit != .exited(status: 0) { throw encoder.failure { .encoderFailed(exit: $0, log: $1) } }
    }

    /// Abandons the export: ends the encoder, waits for the writer, then closes the encoder's
    /// input. The order matters: closing the input while the writer may still be in write(2)
    /// would free its descriptor number for the next open() anywhere in the process, and the
    /// rest of the frame would land in that file.
    package func cancel() {
        condition.lock()
        noMoreFrames = true
        queued.removeAll()
        condition.broadcast()
        condition.unlock()
        // Killing the encoder closes the pipe's reading end: a writer blocked in write(2) gets
        // EPIPE, and one between frames sees no more queued.
        encoder.kill()
        condition.lock()
        while !writerDone { condition.wait() }
        condition.unlock()
        encoder.stop()  // only now: closes the input and reaps the encoder
    }

    private func encoderError() -> ExportError {
        // The encoder stopped reading: it failed or died. Its status and log say why.
        encoder.stop()
        return encoder.failure { .encoderFailed(exit: $0, log: $1) }
    }

    private func writeQueuedFrames() {
        condition.lock()
        while true {
            while queued.isEmpty && !noMoreFrames { condition.wait() }
            if queued.isEmpty { break }
            let frame = queued.removeFirst()
            condition.unlock()
            let written = switch frame {
            case let .pooled(buffer): encoder.write(UnsafeRawBufferPointer(buffer))
            case let .still(still): encoder.write(still.bytes)
            }
            condition.lock()
            if case let .pooled(buffer) = frame { free.append(buffer) }
            if !written {
                writeFailed = true
                queued.removeAll()
                break
            }
            condition.broadcast()
        }
        writerDone = true
        condition.broadcast()
        condition.unlock()
    }
}

private enum QueuedFrame {
    case pooled(UnsafeMutableRawBufferPointer)
    case still(StillFrame)
}

/// A still picture's frame, converted once and shared by every frame that shows it unchanged:
/// the encoder's pipeline writes these bytes as they are, and they live as long as any queued
/// frame holds them.
package final class StillFrame: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer

    package init(_ pixels: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pixels.count, alignment: 64)
        pixels.withUnsafeBytes { buffer.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit { bytes.deallocate() }
}
