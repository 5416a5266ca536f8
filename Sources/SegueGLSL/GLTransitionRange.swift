// `// @range(min, max)`: the allowed values of a parameter, written on the comment line right
// above its declaration. Values outside it (given on the command line or from Swift) are refused
// with a typed error instead of rendering a broken picture (e.g. pixelize's `squaresMin = 0`
// divides by zero).

package enum GLTransitionRange {
    /// `@range(min, max)` or `@range(min, max, step)`, then an optional description.
    static func parse(_ text: String) -> ClosedRange<Double>? {
        guard text.hasPrefix("@range("), let close = text.firstIndex(of: ")") else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 7)..<close]
        let numbers = inside.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: " \t")) }
        guard numbers.count == 2 || numbers.count == 3, let low = numbers[0], let high = numbers[1],
            numbers.allSatisfy({ $0 != nil }), low <= high
        else { return nil }
        return low...high
    }

    /// Throws `.outOfRange` when a component of `value` lies outside the parameter's range.
    package static func check(_ value: GLTransitionValue, of parameter: GLTransitionParameter, file: String) throws(GLTransitionError) {
        guard let range = parameter.range else { return }
        let components: [Double] = switch value {
        case .floats(let v): v.map(Double.init)
        case .ints(let v): v.map(Double.init)
        case .bools, .texture: []
        }
        if components.contains(where: { !range.contains($0) }) {
            throw .outOfRange(file: file, parameter: parameter.name, value: value.description, min: range.lowerBound, max: range.upperBound)
        }
    }

    /// `1`, `0.5`: integers without a fraction.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self
        while let first = s.first, set.contains(first) { s = s.dropFirst() }
        while let last = s.last, set.contains(last) { s = s.dropLast() }
        return String(s)
    }
}
