// The literal language's text → items step: numbers (decimal, hex, exponents, `f` suffixes),
// booleans and nested constructors. GL-free.

extension GLTransitionLiteral {
    struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func expectEnd() throws(Reason) {
            skipSpace()
            if peek() == UInt8(ascii: ";") { index += 1; skipSpace() }  // `// = 0.5;` is forgiven
            guard index == bytes.count else {
                throw Reason("unexpected `\(String(decoding: bytes[index...], as: UTF8.self))` after the value")
            }
        }

        mutating func parseList() throws(Reason) -> [Item] {
            skipSpace()
            guard peek() != nil, peek() != UInt8(ascii: ")"), peek() != UInt8(ascii: ";") else { return [] }
            var items = [try parseItem()]
            skipSpace()
            while peek() == UInt8(ascii: ",") {
                index += 1
                items.append(try parseItem())
                skipSpace()
            }
            return items
        }

        mutating func parseItem() throws(Reason) -> Item {
            skipSpace()
            guard let byte = peek() else { throw Reason("a value is missing at the end") }
            if gltIsIdentifierStart(byte) {
                let start = index
                while let next = peek(), gltIsIdentifierStart(next) || gltIsDigit(next) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if word == "true" { return .scalar(.bool(true)) }
                if word == "false" { return .scalar(.bool(false)) }
                skipSpace()
                guard peek() == UInt8(ascii: "(") else { throw Reason("`\(word)` is not a value") }
                index += 1
                let arguments = try parseList()
                skipSpace()
                guard peek() == UInt8(ascii: ")") else { throw Reason("`\(word)(` is missing its `)`") }
                index += 1
                return .constructor(word, arguments)
            }
            return .scalar(try parseNumber())
        }

        mutating func parseNumber() throws(Reason) -> Scalar {
            let start = index
            var negative = false
            if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negative = sign == UInt8(ascii: "-")
                index += 1
                skipSpace()
            }
            let bodyStart = index
            while let next = peek(), gltIsIdentifierStart(next) || gltIsDigit(next) || next == UInt8(ascii: ".")
                || ((next == UInt8(ascii: "+") || next == UInt8(ascii: "-")) && index > bodyStart
                    && (bytes[index - 1] | 0x20) == UInt8(ascii: "e") && !isHex(bodyStart))
            {
                index += 1
            }
            let body = String(decoding: bytes[bodyStart..<index], as: UTF8.self)
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !body.isEmpty else {
                let rest = String(decoding: bytes[index...].prefix(12), as: UTF8.self)
                throw Reason(rest.isEmpty ? "a value is missing at the end" : "expected a value but found `\(rest)`")
            }
            if let scalar = Self.number(body, negative: negative, text: text) { return scalar }
            throw Reason("`\(text)` is not a number")
        }

        func isHex(_ at: Int) -> Bool {
            at + 1 < bytes.count && bytes[at] == UInt8(ascii: "0") && (bytes[at + 1] | 0x20) == UInt8(ascii: "x")
        }

        /// Reads an int (decimal or `0x` hex; a leading zero is not octal here) or a GLSL float literal.
        static func number(_ body: String, negative: Bool, text: String) -> Scalar? {
            let scalars = Array(body.utf8)
            let lower = body.lowercased()
            if lower.hasPrefix("0x") {
                guard let magnitude = Int64(lower.dropFirst(2), radix: 16) else { return nil }
                return .int(negative ? -magnitude : magnitude, text: text)
            }
            if scalars.allSatisfy(gltIsDigit) {
                guard let magnitude = Int64(body) else { return nil }
                return .int(negative ? -magnitude : magnitude, text: text)
            }
            // float: digits? (. digits?)? ([eE] [+-]? digits)? [fF]?
            var mantissa = Substring(lower)
            if mantissa.hasSuffix("f") { mantissa = mantissa.dropLast() }
            var exponent = ""
            if let e = mantissa.firstIndex(of: "e") {
                exponent = String(mantissa[mantissa.index(after: e)...])
                mantissa = mantissa[..<e]
                let digits = exponent.first == "+" || exponent.first == "-" ? exponent.dropFirst() : Substring(exponent)
                guard !digits.isEmpty, digits.utf8.allSatisfy(gltIsDigit) else { return nil }
            }
            let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let whole = parts[0]
            let fraction = parts.count > 1 ? parts[1] : ""
            guard parts.count == 2 || !exponent.isEmpty, !(whole.isEmpty && fraction.isEmpty),
                whole.utf8.allSatisfy(gltIsDigit), fraction.utf8.allSatisfy(gltIsDigit)
            else { return nil }
            let normalized = "\(whole.isEmpty ? "0" : whole).\(fraction.isEmpty ? "0" : fraction)e\(exponent.isEmpty ? "0" : exponent)"
            guard let magnitude = Double(normalized) else { return nil }
            return .float(negative ? -magnitude : magnitude, text: text)
        }
    }
}

@inline(__always) func gltIsDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

@inline(__always) func gltIsIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
}

/// `a float`, `an int`, `an ivec2`.
func gltWithArticle(_ word: String) -> String {
    (word.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + word
}
