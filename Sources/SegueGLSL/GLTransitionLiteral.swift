// The small literal language that gl-transition defaults (`// = vec2(0.5)`) and command-line
// values (`0.5,0.5`) are written in: resolving parsed items against a parameter type. GL-free.

/// Parses the text of a default or of a command-line value into a value of a given type.
///
/// Grammar: `item (, item)*` where an item is a number (`50`, `-1`, `0x1F`, `0.5`, `1.`, `.5`, `1e-3`,
/// `2.0f`), `true`/`false`, or a constructor `type(item, ...)` (nested constructors flatten, as in GLSL).
/// - A single constructor must name the parameter's type; inside it, scalars convert as GLSL
///   constructors convert them, one scalar splats a vector and fills a matrix's diagonal.
/// - Bare items (no constructor): one item splats (a matrix gets it on the diagonal) in a file's
///   defaults but not in a user's value (`parse(_:as:splatsBareScalar:)`), otherwise there
///   must be exactly as many items as the type has components. Ints may be given for floats, 0 and 1 for
///   bools; floats are not accepted for ints.
enum GLTransitionLiteral {
    /// Returns the value, or a reason (one lower-case phrase) why the text does not fit `type`.
    /// `splatsBareScalar`: whether one bare number fills a vector (`// = 0.5` in a file's defaults,
    /// as the gl-transitions collection writes them); a user's value must say so (`vec2(0.5)`).
    static func parse(_ text: String, as type: GLTransitionValueType, splatsBareScalar: Bool = true) -> Result<GLTransitionValue, Reason> {
        guard type != .sampler2D else { return .failure(Reason("a sampler2D takes a texture, not a literal")) }
        do throws(Reason) {
            var parser = Parser(text)
            let items = try parser.parseList()
            guard !items.isEmpty else { throw Reason("no value given") }
            try parser.expectEnd()
            if !splatsBareScalar, items.count == 1, case .scalar = items[0], type.componentCount > 1 {
                let constructor = "\(type.rawValue)(\(String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())))"
                throw Reason("\(gltWithArticle(type.rawValue)) takes \(type.componentCount) values but 1 was given (write \(constructor) "
                    + (type.isMatrix ? "for that value on the diagonal)" : "to give every component that value)"))
            }
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
}
