import Foundation
import SegueExport

/// The spec's `fps` as written: a number or a string, kept so the spec's identity (its hash)
/// is the same for the same file, and read as a `FrameRate` by the plan.
public enum EditFrameRate: Codable, Sendable, Equatable {
    case number(Double), text(String)

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Double.self) { self = .number(number) }
        else if let text = try? value.decode(String.self) { self = .text(text) }
        else { throw EditSpecError(codingPath: decoder.codingPath, "expected " + FrameRate.accepted) }
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case let .number(number) where number == number.rounded() && abs(number) < 1e9: try value.encode(Int(number))
        case let .number(number): try value.encode(number)
        case let .text(text): try value.encode(text)
        }
    }

    /// The rate, or an error at `fps` saying what is accepted.
    func rate() throws -> FrameRate {
        let parsed: FrameRate?
        let shown: String
        switch self {
        case let .number(number):
            let rates = Double(ExportSettings.frameRates.lowerBound)...Double(ExportSettings.frameRates.upperBound)
            let checked = try SpecNumber.checked(number, place: "fps", in: rates, "frames a second; give " + FrameRate.accepted)
            (parsed, shown) = (FrameRate.parse(number: checked), String(number))
        case let .text(text): (parsed, shown) = (FrameRate.parse(text: text), "'\(text)'")
        }
        guard let parsed else { throw EditSpecError("fps", "\(shown) is not a frame rate; give " + FrameRate.accepted) }
        return parsed
    }
}

extension EditFrameRate: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}
