import ArgumentParser
import SegueImage

/// `--size WIDTHxHEIGHT` and the other size options.
extension FrameSize: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        guard let parsed = try? FrameSize(parsing: argument) else { return nil }
        self = parsed
    }

    /// Kept for call sites that parse a size inside a command (the reason becomes a usage error).
    static func parse(_ text: String) throws(ValidationError) -> FrameSize {
        do { return try FrameSize(parsing: text) } catch { throw ValidationError(error.description) }
    }
}

/// Parses `--size` strictly so a bad value gets the specific reason, not a generic message.
func parseFrameSize(_ text: String) throws -> FrameSize { try FrameSize.parse(text) }
