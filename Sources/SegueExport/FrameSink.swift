import Foundation

/// Where rendered frames go: the encoder's pipeline, or a timeline's PNG writer. The renderer
/// fills a buffer it acquires and submits it; a decoded clip frame is read straight into it.
package protocol FrameSink: AnyObject {
    func acquire() throws -> UnsafeMutableRawBufferPointer
    func submit(_ buffer: UnsafeMutableRawBufferPointer) throws
    func recycle(_ buffer: UnsafeMutableRawBufferPointer)
    /// A still's frame, the same bytes every time it is shown.
    func submitStill(_ still: StillFrame) throws
}

extension FramePipeline: FrameSink {}

extension FrameSink {
    /// Acquires a buffer, lets `fill` write the frame into it and submits it; a buffer `fill`
    /// fails on goes back to the pool.
    package func submitFrame(_ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        let buffer = try acquire()
        do { try fill(buffer) } catch {
            recycle(buffer)
            throw error
        }
        try submit(buffer)
    }
}
