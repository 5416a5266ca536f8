import Testing
import XCTest

/// Where a check was called from, for the failure's report (the checks take `#fileID` and its
/// siblings as default arguments, so the report points at the test's line).
public struct CallSite: Sendable {
    public let fileID: String
    public let filePath: StaticString
    public let line: UInt
    public let column: UInt

    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
    }
}

/// Reports a failed check to whichever test library runs the test: an issue under Swift Testing
/// (`Test.current` is set while one of its tests runs), `XCTFail` under XCTest.
public enum TestFailure {
    public static func record(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)))
        } else {
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }
}
