// Parameter types and values of the gl-transitions format, and the small literal language that
// defaults (`// = vec2(0.5)`) and command-line values (`0.5,0.5`) are written in. GL-free.

/// The GLSL type of a transition parameter (a `uniform` the file declares).
public enum GLTransitionValueType: String, Sendable, CaseIterable {
    case float, int, bool, vec2, vec3, vec4, ivec2, ivec3, ivec4, bvec2, bvec3, bvec4, mat2, mat3, mat4, sampler2D

    /// How many scalars a value of this type holds (a `matN` holds N×N); 0 for `sampler2D`.
    public var componentCount: Int {
        switch self {
        case .float, .int, .bool: 1
        case .vec2, .ivec2, .bvec2: 2
        case .vec3, .ivec3, .bvec3: 3
        case .vec4, .ivec4, .bvec4, .mat2: 4
        case .mat3: 9
        case .mat4: 16
        case .sampler2D: 0
        }
    }

    enum ScalarKind: Sendable { case float, int, bool, texture }

    var scalarKind: ScalarKind {
        switch self {
        case .float, .vec2, .vec3, .vec4, .mat2, .mat3, .mat4: .float
        case .int, .ivec2, .ivec3, .ivec4: .int
        case .bool, .bvec2, .bvec3, .bvec4: .bool
        case .sampler2D: .texture
        }
    }

    var isMatrix: Bool { self == .mat2 || self == .mat3 || self == .mat4 }

    /// N for `matN`, 0 otherwise.
    var matrixSize: Int {
        switch self {
        case .mat2: 2
        case .mat3: 3
        case .mat4: 4
        default: 0
        }
    }

    /// The value a parameter without a default gets: all zeros / false, or no texture.
    var zeroValue: GLTransitionValue {
        switch scalarKind {
        case .float: .floats(Array(repeating: 0, count: componentCount))
        case .int: .ints(Array(repeating: 0, count: componentCount))
        case .bool: .bools(Array(repeating: false, count: componentCount))
        case .texture: .texture("")
        }
    }
}

/// A parameter value, flattened to its scalars (matrices column by column, as GLSL lists them).
public enum GLTransitionValue: Sendable, Equatable {
    case floats([Float])
    case ints([Int32])
    case bools([Bool])
    /// A path or name of the texture bound to a `sampler2D` parameter; empty when none is given yet.
    case texture(String)
}

extension GLTransitionValue: CustomStringConvertible {
    /// GLSL-like text: `50`, `0.5`, `vec2(0.5, 0.5)`, `true`, `bvec2(true, false)`, `mat3(...)`.
    /// Four floats print as `vec4(...)`: the value alone cannot tell a `vec4` from a `mat2`.
    public var description: String {
        switch self {
        case .floats(let values):
            let prefix = switch values.count {
            case 9: "mat3"
            case 16: "mat4"
            default: "vec\(values.count)"
            }
            return Self.join(values.map(Self.glslFloat), constructor: prefix)
        case .ints(let values):
            return Self.join(values.map { String($0) }, constructor: "ivec\(values.count)")
        case .bools(let values):
            return Self.join(values.map { String($0) }, constructor: "bvec\(values.count)")
        case .texture(let name):
            return name
        }
    }

    private static func join(_ parts: [String], constructor: String) -> String {
        parts.count == 1 ? parts[0] : "\(constructor)(\(parts.joined(separator: ", ")))"
    }

    /// Swift prints floats as `0.5`, `1.0`, `1e-05`: all valid GLSL float literals.
    private static func glslFloat(_ value: Float) -> String { value.description }
}

// MARK: - The literal language

/// Parses the text of a default or of a command-line value into a value of a given type.
///
/// Grammar: `item (, item)*` where an item is a number (`50`, `-1`, `0x1F`, `0.5`, `1.`, `.5`, `1e-3`,
/// `2.0f`), `true`/`false`, or a constructor `type(item, ...)` (nested constructors flatten, as in GLSL).
/// - A single constructor must name the parameter's type; inside it, scalars convert as GLSL
///   constructors convert them, one scalar splats a vector and fills a matrix's diagonal.
/// - Bare items (no constructor): one item splats (a matrix gets it on the diagonal), otherwise there
///   must be exactly as many items as the type has components. Ints may be given for floats, 0 and 1 for
///   bools; floats are not accepted for ints.
enum GLTransitionLiteral {
    /// Returns the value, or a reason (one lower-case phrase) why the text does not fit `type`.
    static func parse(_ text: String, as type: GLTransitionValueType) -> Result<GLTransitionValue, Reason> {
        guard type != .sampler2D else { return .failure(Reason("a sampler2D takes a texture, not a literal")) }
        do throws(Reason) {
            var parser = Parser(text)
            let items = try parser.parseList()
            guard !items.isEmpty else { throw Reason("no value given") }
            try parser.expectEnd()
            return .success(try resolve(items, as: type))
        } catch {
            return .failure(error)
        }
    }

    struct Reason: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    enum Scalar: Equatable {
        case float(Double, text: String)
        case int(Int64, text: String)
        case bool(Bool)

        var text: String {
            switch self {
            case .float(_, let text), .int(_, let text): text
            case .bool(let value): String(value)
            }
        }
    }

    indirect enum Item: Equatable {
        case scalar(Scalar)
        case constructor(String, [Item])
    }

    // MARK: Resolving items against a type

    static func resolve(_ items: [Item], as type: GLTransitionValueType) throws(Reason) -> GLTransitionValue {
        if items.count == 1, case .constructor(let name, let arguments) = items[0] {
            guard name == type.rawValue else {
                throw Reason("expected \(gltWithArticle(type.rawValue)) but got \(gltWithArticle(name))")
            }
            return try pack(construct(type, arguments), as: type)
        }
        var scalars: [Scalar] = []
        for item in items {
            guard case .scalar(let scalar) = item else {
                throw Reason("a constructor cannot be mixed with other values in a list")
            }
            scalars.append(try checkBare(scalar, for: type))
        }
        let count = type.componentCount
        if scalars.count == 1, count > 1 {
            return try pack(splat(scalars[0], as: type), as: type)
        }
        guard scalars.count == count else {
            throw Reason("\(gltWithArticle(type.rawValue)) takes \(count == 1 ? "1 value" : "\(count) values") but \(scalars.count) were given")
        }
        return try pack(scalars, as: type)
    }

    /// Without a constructor only the widening int → float is allowed, and 0 / 1 for a bool (the
    /// official runtime reads bool defaults as numbers: `// = 1`).
    private static func checkBare(_ scalar: Scalar, for type: GLTransitionValueType) throws(Reason) -> Scalar {
        switch (type.scalarKind, scalar) {
        case (.float, .float), (.float, .int), (.int, .int), (.bool, .bool): return scalar
        case (.bool, .int(let value, _)) where value == 0 || value == 1: return .bool(value == 1)
        case (.bool, .float(let value, _)) where value == 0 || value == 1: return .bool(value == 1)
        case (.int, _): throw Reason("\(gltWithArticle(type.rawValue)) takes integers but got `\(scalar.text)`")
        case (.bool, _): throw Reason("\(gltWithArticle(type.rawValue)) takes true, false, 0 or 1 but got `\(scalar.text)`")
        case (.float, _): throw Reason("\(gltWithArticle(type.rawValue)) takes numbers but got `\(scalar.text)`")
        case (.texture, _): throw Reason("a sampler2D takes a texture, not a literal")
        }
    }

    /// Applies a GLSL constructor `type(arguments)`, returning its scalars (not yet converted).
    private static func construct(_ type: GLTransitionValueType, _ arguments: [Item]) throws(Reason) -> [Scalar] {
        guard type != .sampler2D else { throw Reason("sampler2D has no constructor") }
        guard !arguments.isEmpty else { throw Reason("\(type)() needs at least one argument") }
        var scalars: [Scalar] = []
        var singleScalarArgument = arguments.count == 1
        for argument in arguments {
            switch argument {
            case .scalar(let scalar):
                scalars.append(scalar)
            case .constructor(let name, let inner):
                guard let innerType = GLTransitionValueType(rawValue: name) else {
                    throw Reason("`\(name)` is not a constructor of a supported type")
                }
                guard innerType != .sampler2D else { throw Reason("sampler2D has no constructor") }
                if innerType.componentCount > 1 { singleScalarArgument = false }
                scalars += try construct(innerType, inner)
            }
        }
        let count = type.componentCount
        if singleScalarArgument, scalars.count == 1, count > 1 {
            return try convert(splat(scalars[0], as: type), to: type)
        }
        guard scalars.count == count else {
            throw Reason("\(type)(...) takes \(count == 1 ? "1 component" : "\(count) components") but \(scalars.count) were given")
        }
        return try convert(scalars, to: type)
    }

    /// One scalar for a vector fills every component; for a matrix, the diagonal (the rest is zero).
    private static func splat(_ scalar: Scalar, as type: GLTransitionValueType) throws(Reason) -> [Scalar] {
        let size = type.matrixSize
        guard size > 0 else { return Array(repeating: scalar, count: type.componentCount) }
        let zero = Scalar.float(0, text: "0.0")
        return (0..<(size * size)).map { $0 % (size + 1) == 0 ? scalar : zero }
    }

    /// GLSL constructor conversions: any scalar type converts to any other.
    private static func convert(_ scalars: [Scalar], to type: GLTransitionValueType) throws(Reason) -> [Scalar] {
        var result: [Scalar] = []
        for scalar in scalars {
            switch (type.scalarKind, scalar) {
            case (.float, .float), (.int, .int), (.bool, .bool):
                result.append(scalar)
            case (.float, .int(let value, let text)):
                result.append(.float(Double(value), text: text))
            case (.float, .bool(let value)):
                result.append(.float(value ? 1 : 0, text: String(value)))
            case (.int, .float(let value, let text)):
                let truncated = value.rounded(.towardZero)
                guard truncated >= Double(Int32.min), truncated <= Double(Int32.max) else {
                    throw Reason("`\(text)` does not fit in an int")
                }
                result.append(.int(Int64(truncated), text: text))
            case (.int, .bool(let value)):
                result.append(.int(value ? 1 : 0, text: String(value)))
            case (.bool, .float(let value, _)):
                result.append(.bool(value != 0))
            case (.bool, .int(let value, _)):
                result.append(.bool(value != 0))
            case (.texture, _):
                throw Reason("sampler2D has no constructor")
            }
        }
        return result
    }

    private static func pack(_ scalars: [Scalar], as type: GLTransitionValueType) throws(Reason) -> GLTransitionValue {
        switch type.scalarKind {
        case .float:
            var values: [Float] = []
            for scalar in scalars {
                let double: Double
                switch scalar {
                case .float(let value, _): double = value
                case .int(let value, _): double = Double(value)
                case .bool(let value): double = value ? 1 : 0
                }
                let value = Float(double)
                guard value.isFinite else { throw Reason("`\(scalar.text)` is out of range for a float") }
                values.append(value)
            }
            return .floats(values)
        case .int:
            var values: [Int32] = []
            for scalar in scalars {
                guard case .int(let value, let text) = scalar else {
                    throw Reason("\(gltWithArticle(type.rawValue)) takes integers but got `\(scalar.text)`")
                }
                guard let narrow = Int32(exactly: value) else { throw Reason("`\(text)` does not fit in an int") }
                values.append(narrow)
            }
            return .ints(values)
        case .bool:
            var values: [Bool] = []
            for scalar in scalars {
                guard case .bool(let value) = scalar else {
                    throw Reason("\(gltWithArticle(type.rawValue)) takes true or false but got `\(scalar.text)`")
                }
                values.append(value)
            }
            return .bools(values)
        case .texture:
            throw Reason("a sampler2D takes a texture, not a literal")
        }
    }

    // MARK: Parsing text into items

    private struct Parser {
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
