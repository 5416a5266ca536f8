/// Everything that can go wrong in the GL layer, as values a caller can match on.
public enum GLError: Error, Equatable, CustomStringConvertible {
    /// No context could be made: which back end, and why (driver or platform message).
    case contextCreation(backend: String, reason: String)
    /// A shader stage did not compile.
    case shaderCompilation(ShaderFailure)
    /// A program did not link.
    case programLink(ShaderFailure)
    /// A framebuffer is not complete; `status` is the GL status by name.
    case framebufferIncomplete(status: String)
    /// A GL call reported an error (checked in debug builds and at explicit check points).
    case callFailed(call: String, error: String)
    /// A size that GL cannot hold (zero, negative or above GL_MAX_TEXTURE_SIZE).
    case invalidSize(width: Int, height: Int, reason: String)
    /// Pixel data whose length does not match its size.
    case invalidPixelData(expectedBytes: Int, actualBytes: Int)
    /// The object was used after `release()`, or on a device it does not belong to.
    case released(object: String)
    /// A view clips to its bounds (drawn through the stencil buffer), but the target it is drawn
    /// into was made without one.
    case targetHasNoStencil(view: String)

    public var description: String {
        switch self {
        case let .contextCreation(backend, reason):
            return "Could not create a GL context (\(backend)): \(reason)"
        case let .shaderCompilation(failure):
            return "The \(failure.stage) shader did not compile.\n\(failure)"
        case let .programLink(failure):
            return "The shader program did not link.\n\(failure)"
        case let .framebufferIncomplete(status):
            return "Framebuffer incomplete: \(status)"
        case let .callFailed(call, error):
            return "\(call) failed with \(error)"
        case let .invalidSize(width, height, reason):
            return "Invalid size \(width)x\(height): \(reason)"
        case let .invalidPixelData(expected, actual):
            return "Pixel data has \(actual) bytes, expected \(expected)"
        case let .released(object):
            return "\(object) was used after it was released"
        case let .targetHasNoStencil(view):
            return "view '\(view)' clips to its bounds, but the target has no stencil buffer (make it with stencil: true)"
        }
    }
}

/// A compile or link failure: the stage, the driver's log, and the source with line numbers
/// (the lines the log names, with context, or all of it when the log names none).
public struct ShaderFailure: Equatable, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable { case vertex, fragment, program }

    public let stage: Stage
    public let log: String
    public let source: String
    /// 1-based line numbers the driver's log points at (Mesa `0:12(5):`, NVIDIA `0(12) :`).
    public let lines: [Int]

    public init(stage: Stage, log: String, source: String) {
        self.stage = stage
        self.log = log
        self.source = source
        self.lines = ShaderFailure.lineNumbers(in: log)
    }

    /// The source with line numbers: three lines of context around each line the log names.
    public var excerpt: String {
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let width = String(sourceLines.count).count
        var shown = Set<Int>()
        if lines.isEmpty {
            shown = Set(1...max(1, sourceLines.count))
        } else {
            for line in lines { for n in (line - 3)...(line + 3) { shown.insert(n) } }
        }
        var out: [String] = []
        var previous = 0
        for (index, text) in sourceLines.enumerated() where shown.contains(index + 1) {
            let number = index + 1
            if previous != 0 && number != previous + 1 { out.append(String(repeating: " ", count: width) + " ...") }
            let marker = lines.contains(number) ? ">" : " "
            let padded = String(repeating: " ", count: width - String(number).count) + String(number)
            out.append("\(marker)\(padded) | \(text)")
            previous = number
        }
        return out.joined(separator: "\n")
    }

    public var description: String {
        "driver log:\n\(log.trimmingTrailingWhitespace())\nsource:\n\(excerpt)"
    }

    /// Line numbers from driver logs: Mesa writes `0:LINE(COLUMN): error`, NVIDIA `0(LINE) : error`.
    static func lineNumbers(in log: String) -> [Int] {
        var found: [Int] = []
        for rawLine in log.split(separator: "\n") {
            let chars = Array(rawLine.utf8)
            var i = 0
            while i < chars.count, chars[i] >= 48, chars[i] <= 57 { i += 1 }  // source string index
            guard i > 0, i < chars.count, chars[i] == UInt8(ascii: ":") || chars[i] == UInt8(ascii: "(") else { continue }
            i += 1
            var value = 0
            var digits = 0
            while i < chars.count, chars[i] >= 48, chars[i] <= 57 {
                value = value * 10 + Int(chars[i] - 48)
                digits += 1
                i += 1
            }
            if digits > 0, !found.contains(value) { found.append(value) }
        }
        return found
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

extension GLError {
    /// `start`, once `byteCount` bytes are exactly `width` × `height` RGBA8 pixels (4 bytes
    /// each); else `invalidPixelData`. Every upload and read-back checks its buffer this way.
    static func rgba8Pixels<Pointer>(
        _ start: Pointer?, byteCount: Int, width: Int, height: Int
    ) throws(GLError) -> Pointer {
        let expected = width * height * 4
        guard byteCount == expected, let start else { throw .invalidPixelData(expectedBytes: expected, actualBytes: byteCount) }
        return start
    }
}
