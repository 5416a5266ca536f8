import Foundation
import SegueExport

/// A clip's decoder read on a thread of its own, `depth` frames ahead into a bounded queue, so
/// ffmpeg decodes the next frames while the caller renders and encodes this one: decode overlaps
/// render and encode, and memory stays at `depth` frames a clip. Its owner must `close` it.
final class ClipReadAhead: @unchecked Sendable {
    let decoder: ClipDecoder
    private let condition = NSCondition()
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var free: [UnsafeMutableRawBufferPointer]
    private var filled: [UnsafeMutableRawBufferPointer] = []
    private var ended = false
    private var failure: ExportError?
    private var closing = false
    private var readerDone = false

    init(_ decoder: ClipDecoder, frameBytes: Int, depth: Int = 3) {
        self.decoder = decoder
        buffers = (0..<max(1, depth)).map { _ in .allocate(byteCount: frameBytes, alignment: 64) }
        free = buffers
        // The thread holds the reader until it ends (at the clip's end, or `close`).
        let thread = Thread { self.readAhead() }
        thread.name = "segue.clip-read-ahead"
        thread.start()
    }

    deinit { buffers.forEach { $0.deallocate() } }

    /// Frames decoded and not yet taken: at most `depth`.
    var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return filled.count
    }

    /// The next frame into `buffer`; false at the clip's end. A decoding error is thrown.
    func readFrame(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && !ended { condition.wait() }
        guard !filled.isEmpty else {
            if let failure { throw failure }
            return false
        }
        let frame = filled.removeFirst()
        buffer.copyMemory(from: UnsafeRawBufferPointer(frame))
        free.append(frame)
        condition.broadcast()
        return true
    }

    /// Stops decoding: ends ffmpeg (a read in progress then returns), waits for the reader
    /// thread, and only then closes the decoder, whose pipes the thread was reading.
    func close() {
        condition.lock()
        guard !closing else { return condition.unlock() }
        closing = true
        condition.broadcast()
        condition.unlock()
        decoder.kill()
        condition.lock()
        while !readerDone { condition.wait() }
        condition.unlock()
        decoder.close()
    }

    private func readAhead() {
        condition.lock()
        while !closing && !ended {
            guard let buffer = free.popLast() else {
                condition.wait()
                continue
            }
            condition.unlock()
            let result = Result { () throws(ExportError) in try decoder.readFrame(into: buffer) }
            condition.lock()
            switch result {
            case .success(true): filled.append(buffer)
            case .success(false):
                free.append(buffer)
                ended = true
            case let .failure(error):
                free.append(buffer)
                (failure, ended) = (closing ? nil : error, true)
            }
            condition.broadcast()
        }
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }
}
