/// A frame's size in pixels, written `WIDTHxHEIGHT` (`1280x720`) on command lines and in specs.
public struct FrameSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The largest side Segue renders (GL implementations guarantee 16384 at most).
    public static let largestSide = 16384

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Why a `WIDTHxHEIGHT` text is not a frame size.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notASize(String)
        case outOfRange(String)

        public var description: String {
            switch self {
            case .notASize(let text): "'\(text)' is not a size: write WIDTHxHEIGHT, e.g. 1280x720"
            case .outOfRange(let text): "size \(text) is out of range: each side must be 1...\(FrameSize.largestSide) pixels"
            }
        }
    }

    /// Parses `WIDTHxHEIGHT` (an upper-case X too), each side 1...`largestSide`.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { throw .notASize(text) }
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
            throw .outOfRange(text)
        }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }
}
