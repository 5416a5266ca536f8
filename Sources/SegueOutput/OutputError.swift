import Foundation

/// A file-system failure while writing an output, said in words: what Segue was doing, on
/// which path, and why (the system's reason, not a Cocoa error domain and code).
public struct OutputError: Error, Equatable, CustomStringConvertible {
    /// What was being done, as a verb phrase: "create the output folder".
    public let operation: String
    public let path: String
    public let reason: String

    public var description: String { "cannot \(operation) '\(path)': \(reason)" }

    /// The reason for the current `errno`.
    public static func errnoReason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Wraps an error from FileManager, using the POSIX error it carries when there is one.
    public init(_ operation: String, path: String, error: any Error) {
        self.operation = operation
        self.path = path
        self.reason = Self.reason(of: error)
    }

    public init(_ operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// The file system holding `path` is full (ENOSPC): the one error every output gives for a
    /// full disk, whichever writer (Segue or ffmpeg) found it.
    public static func noSpace(writing purpose: String, path: String) -> OutputError {
        OutputError("write \(purpose) to", path: path, reason: noSpaceReason)
    }

    public static let noSpaceReason = errnoReason(ENOSPC)

    /// Whether this is `noSpace`'s error.
    public var isNoSpace: Bool { reason == Self.noSpaceReason }

    private static func reason(of error: any Error) -> String {
        if let known = error as? OutputError { return known.description }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return errnoReason(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return errnoReason(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
            case .fileWriteFileExists: return "something with that name already exists"
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
