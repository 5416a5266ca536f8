/// Why a gl-transition file, or a value given for one of its parameters, was refused.
/// `file` is the transition's name (see `GLTransitionSource.name`); `line` is 1-based.
public enum GLTransitionError: Error, Equatable, CustomStringConvertible {
    case missingTransitionFunction(file: String)
    /// Declaring `main`, `progress`, `ratio`, `getFromColor`, `getToColor`, or a name starting with `segue_` / `gl_`.
    case forbiddenName(file: String, line: Int, name: String)
    /// A default comment whose value does not fit the parameter's type (wrong type, arity or syntax).
    case badDefault(file: String, line: Int, parameter: String, reason: String)
    case unknownParameter(file: String, name: String, known: [String])
    case wrongValue(file: String, parameter: String, expected: GLTransitionValueType, reason: String)
    /// A uniform this format cannot carry: arrays, structs, unknown types, initializers, blocks.
    case unsupportedDeclaration(file: String, line: Int, text: String)
    /// Macros whose expansion exceeds `limit` tokens (a chain of doubling `#define`s), refused before
    /// the driver's preprocessor sees them: drivers expand them without bound.
    case macroExpansionTooLarge(file: String, line: Int, macro: String, limit: Int)
    /// Macros nested more than `limit` deep in one expansion.
    case macroNestingTooDeep(file: String, line: Int, macro: String, limit: Int)
    /// A `#define` that pastes tokens with `##`: the pasted names could not be checked for the
    /// expansion limit above.
    case tokenPasting(file: String, line: Int)
    /// Arrays holding more than `limit` values (scalar components) in all, counting a copy of a
    /// function's arrays for each call: drivers build code in proportion (see `GLSLCompileBudget`).
    /// `line`: where the total passed the limit.
    case arraysTooLarge(file: String, line: Int, values: Int, limit: Int)
    /// An array size that is not a constant expression of literals, `#define`s and `const int`s.
    case arraySizeNotConstant(file: String, line: Int, size: String)
    /// Nested `for` loops with constant bounds (through calls) running more than `limit` iterations.
    case loopsTooLong(file: String, line: Int, iterations: Int, limit: Int)
    /// A file whose structure (thousands of unclosed brackets or statements) would take longer
    /// to check than any real transition; `tokens`: its preprocessed length.
    case tooComplexToCheck(file: String, tokens: Int)
    /// A `/*` comment that never ends; `line` is where it starts.
    case unterminatedComment(file: String, line: Int)
    /// A `{` (at `line`) that is never closed, or a `}` (at `line`) with nothing to close.
    case unbalancedBrace(file: String, line: Int, opening: Bool)
    /// A value (given or default) outside the parameter's `// @range(min, max)`.
    case outOfRange(file: String, parameter: String, value: String, min: Double, max: Double)
    /// A texture for a sampler2D parameter that cannot be used (missing or corrupt file, unknown
    /// built-in map, none given).
    case badTexture(file: String, parameter: String, reason: String)
    /// A setting written as text that is not `name=value`.
    case notASetting(file: String, text: String)
    /// An error found in a file's text, with the (trimmed) line it points at, which `description`
    /// shows under the message. `GLTransitionSource.parse` throws its errors so. Equal to the same
    /// error without the excerpt: the line is presentation, so a hand-made error matches.
    indirect case inSource(GLTransitionError, excerpt: String)

    /// The error without the source line it may carry.
    public var withoutExcerpt: GLTransitionError {
        if case .inSource(let error, _) = self { return error.withoutExcerpt }
        return self
    }

    /// The offending source line, when the error came from parsing a file's text.
    public var excerpt: String? {
        if case .inSource(_, let excerpt) = self { return excerpt }
        return nil
    }

    /// `file:line: message.`, followed by the offending source line when the error came from parsing.
    public var description: String {
        if case .inSource(let error, let excerpt) = self { return error.description + "\n    " + excerpt }
        let message: String
        switch self {
        case .inSource(let error, _):
            message = error.description
        case .missingTransitionFunction(let file):
            message = "\(file): no `vec4 transition(vec2 uv)` function is defined; every gl-transition must define one."
        case .forbiddenName(let file, let line, let name):
            message = "\(file):\(line): `\(name)` must not be declared here, because \(Self.whyForbidden(name))."
        case .badDefault(let file, let line, let parameter, let reason):
            message = "\(file):\(line): the default of parameter `\(parameter)` is wrong: \(reason)."
        case .unknownParameter(let file, let name, let known):
            let list = known.isEmpty
                ? "this transition has no parameters"
                : "its parameters are \(known.map { "`\($0)`" }.joined(separator: ", "))"
            message = "\(file): there is no parameter named `\(name)`; \(list)."
        case .wrongValue(let file, let parameter, let expected, let reason):
            message = "\(file): the value for parameter `\(parameter)` (\(gltWithArticle(expected.rawValue))) is wrong: \(reason)."
        case .unsupportedDeclaration(let file, let line, let text):
            message = "\(file):\(line): `\(text)` is not supported; parameters must be single uniforms of type "
                + "float, int, bool, vec2-4, ivec2-4, bvec2-4, mat2-4 or sampler2D, without arrays or initializers."
        case .macroExpansionTooLarge(let file, let line, let macro, let limit):
            message = "\(file):\(line): the macro `\(macro)` expands to more than \(limit) tokens; "
                + "a transition's preprocessor output must stay below that."
        case .macroNestingTooDeep(let file, let line, let macro, let limit):
            message = "\(file):\(line): the macro `\(macro)` expands macros nested more than \(limit) deep."
        case .arraysTooLarge(let file, let line, let values, let limit):
            message = "\(file):\(line): the transition's arrays would hold \(Self.count(values)) values, counting each call "
                + "of a function as a copy of its arrays; at most \(limit) are allowed, to bound the driver's compile."
        case .arraySizeNotConstant(let file, let line, let size):
            message = "\(file):\(line): the array size `\(size)` must be an integer made of literals, #defines and const ints, "
                + "so that its cost can be checked before the driver compiles it."
        case .loopsTooLong(let file, let line, let iterations, let limit):
            message = "\(file):\(line): loops with constant bounds nested here run \(Self.count(iterations)) iterations; "
                + "at most \(limit) are allowed, as drivers unroll such loops."
        case .tooComplexToCheck(let file, let tokens):
            message = "\(file): the file's \(tokens) tokens are nested too irregularly to check its compile budget."
        case .tokenPasting(let file, let line):
            message = "\(file):\(line): `##` (token pasting) is not supported in gl-transition files; write the pasted name out."
        case .unterminatedComment(let file, let line):
            message = "\(file):\(line): this `/*` comment is never closed with `*/`."
        case .unbalancedBrace(let file, let line, let opening):
            message = opening
                ? "\(file):\(line): this `{` is never closed with `}`."
                : "\(file):\(line): this `}` has no `{` to close."
        case .outOfRange(let file, let parameter, let value, let min, let max):
            message = "\(file): the value of parameter `\(parameter)` is \(value), outside its range "
                + "\(GLTransitionRange.text(min))...\(GLTransitionRange.text(max))."
        case .badTexture(let file, let parameter, let reason):
            message = "\(file): the texture for parameter `\(parameter)` cannot be used: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        case .notASetting(let file, let text):
            message = "\(file): the setting `\(text)` is not name=value."
        }
        return message
    }

    private static func count(_ value: Int) -> String { value >= Int.max / 2 ? "more than 10^15" : "\(value)" }

    static func whyForbidden(_ name: String) -> String {
        switch name {
        case "main": "the host supplies main()"
        case "progress", "ratio": "the host supplies the `\(name)` uniform"
        case "getFromColor", "getToColor": "the host defines \(name)()"
        default: "names starting with `segue_` or `gl_` are reserved"
        }
    }

    /// The line an error points at, if it has one.
    var line: Int? {
        switch self {
        case .forbiddenName(_, let line, _), .badDefault(_, let line, _, _), .unsupportedDeclaration(_, let line, _),
            .macroExpansionTooLarge(_, let line, _, _), .macroNestingTooDeep(_, let line, _, _), .tokenPasting(_, let line), .unterminatedComment(_, let line), .unbalancedBrace(_, let line, _),
            .arraysTooLarge(_, let line, _, _), .arraySizeNotConstant(_, let line, _), .loopsTooLong(_, let line, _, _):
            line
        case .inSource(let error, _): error.line
        default: nil
        }
    }

    /// Attaches the line of `source` the error points at (nothing for errors without a line).
    func locating(in source: String) -> GLTransitionError {
        guard excerpt == nil, let line, line >= 1 else { return self }
        let lines = GLSLLines.split(source)
        guard line <= lines.count else { return self }
        let trimmed = String(lines[line - 1].drop { $0 == " " || $0 == "\t" })
        return trimmed.isEmpty ? self : .inSource(self, excerpt: trimmed)
    }
}
