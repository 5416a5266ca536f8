import ArgumentParser

/// A `WIDTHxHEIGHT` argument, e.g. `1280x720`.
struct FrameSize: ExpressibleByArgument, Equatable, CustomStringConvertible {
    static let largestSide = 16384

    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        guard let parsed = try? FrameSize.parse(argument) else { return nil }
        self = parsed
    }

    static func parse(_ text: String) throws(ValidationError) -> FrameSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw ValidationError("'\(text)' is not a size: write WIDTHxHEIGHT, e.g. 1280x720")
        }
        guard (1...largestSide).contains(width), (1...largestSide).contains(height) else {
            throw ValidationError("size \(text) is out of range: each side must be 1...\(largestSide) pixels")
        }
        return FrameSize(width: width, height: height)
    }

    var description: String { "\(width)x\(height)" }
    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}

/// Parses `--size` strictly so a bad value gets the specific reason, not a generic message.
func parseFrameSize(_ text: String) throws -> FrameSize { try FrameSize.parse(text) }
