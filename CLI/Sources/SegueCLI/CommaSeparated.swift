import ArgumentParser

/// A comma-separated option value (`--sizes 1280x720,1920x1080`), parsed element by element
/// when the arguments are, so a bad element is a usage error naming it.
struct CommaSeparated<Element: ExpressibleByArgument>: ExpressibleByArgument {
    var elements: [Element]

    init(_ elements: [Element]) { self.elements = elements }

    init?(argument: String) {
        var elements: [Element] = []
        for text in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let element = Element(argument: String(text)) else { return nil }
            elements.append(element)
        }
        guard !elements.isEmpty else { return nil }
        self.elements = elements
    }

    var defaultValueDescription: String { elements.map(\.defaultValueDescription).joined(separator: ",") }

    /// A parser for `@Option(transform:)` whose error names the bad element: "`option`: unknown
    /// `noun` 'x' (the choices)" or "'x' is not a `noun`". An empty element ("a,,b") is a bad one.
    static func parser(_ option: String, _ noun: String, choices: [String] = []) -> @Sendable (String) throws -> Self {
        { text in
            var elements: [Element] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard !part.isEmpty, let element = Element(argument: part) else {
                    let known = choices.isEmpty ? "" : " (" + choices.joined(separator: ", ") + ")"
                    throw ValidationError(
                        choices.isEmpty ? "\(option): '\(part)' is not \(noun)" : "\(option): unknown \(noun) '\(part)'\(known)")
                }
                elements.append(element)
            }
            return CommaSeparated(elements)
        }
    }
}

/// A count of at least 1 (`--chain-lengths 1,2,4,8`).
struct PositiveCount: ExpressibleByArgument {
    let value: Int
    init(_ value: Int) { self.value = value }
    init?(argument: String) {
        guard let value = Int(argument), value >= 1 else { return nil }
        self.value = value
    }
    var defaultValueDescription: String { "\(value)" }
}
