import Foundation
import SegueGL
import SegueHeadless

/// Makes a headless context and device, runs `body`, then releases both on this thread.
public func withDevice<T>(_ body: (GLDevice) throws -> T) throws -> T { try HeadlessEGLContext.withDevice(body) }

public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
