import Foundation

// The gl-transitions format (https://gl-transitions.com): a GLSL file that defines
// `vec4 transition(vec2 uv)` in terms of `progress`, `ratio`, `getFromColor(vec2)` and `getToColor(vec2)`,
// with its parameters declared as uniforms whose defaults live in comments:
//
//     uniform int steps; // = 50
//     uniform vec2 center; /* = vec2(0.5) */
//     uniform float a, b; // = 0.2
//     uniform vec2 d /* = vec2(1.0) */, e /* = vec2(2.0) */;
//     uniform float x; // = 0.4 ; // a note after the default
//     // @range(1, 100) a comment line right above gives the allowed range
//     uniform int count; // = 10
//
// This file reads such a source without GL: it finds the parameters, checks the names the host owns,
// and parses values. Compiling the GLSL is left to the driver.

/// One parameter of a gl-transition: a uniform the file declares, with its default.
public struct GLTransitionParameter: Sendable, Equatable {
    public let name: String
    public let type: GLTransitionValueType
    /// The value from the default comment, or the type's zero value (`.texture("")` for a sampler2D).
    public let defaultValue: GLTransitionValue
    /// 1-based line of the parameter's name in the source.
    public let line: Int
    /// The allowed values of every component, from a `// @range(min, max)` line right above the
    /// declaration; values outside it are refused.
    public let range: ClosedRange<Double>?

    public init(name: String, type: GLTransitionValueType, defaultValue: GLTransitionValue, line: Int, range: ClosedRange<Double>? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.line = line
        self.range = range
    }
}

/// A parsed gl-transition file.
public struct GLTransitionSource: Sendable {
    /// The file name without its extension; errors name the file by it.
    public let name: String
    /// The original text.
    public let source: String
    /// The parameters in declaration order.
    public let parameters: [GLTransitionParameter]
    private let unused: [String]

    /// Reads a gl-transition. Throws the first problem found, in source order; a missing
    /// `transition` function is reported last.
    /// A UTF-8 byte order mark is dropped (drivers would read it as a stray character).
    public static func parse(_ text: String, name: String) throws(GLTransitionError) -> GLTransitionSource {
        let text = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        var parser = GLTransitionParser(text: text, file: name)
        do {
            try parser.run()
            let code = try GLSLMacroBudget.expandedCode(parser.tokens, file: name)
            try GLSLCompileBudget.check(code, file: name)
        } catch {
            throw error.locating(in: text)
        }
        return GLTransitionSource(name: name, source: text, parameters: parser.parameters, unused: parser.unusedParameters())
    }

    /// Parses a user's value for a parameter, as given on the command line: "30", "0.5,0.5", "true",
    /// "vec2(0.5,0.5)"; checks type and arity. One bare number for a vector is refused (`center=0.5`
    /// was silently 0.5,0.5); a constructor splats as in GLSL (`vec2(0.5)`, a matrix's diagonal).
    /// For a sampler2D the text is the texture's path, returned as `.texture`.
    public func value(for parameter: String, from text: String) throws(GLTransitionError) -> GLTransitionValue {
        guard let declared = parameters.first(where: { $0.name == parameter }) else {
            throw .unknownParameter(file: name, name: parameter, known: parameters.map(\.name))
        }
        if declared.type == .sampler2D {
            let path = text.trimmingSpaces()
            guard !path.isEmpty else {
                throw .wrongValue(file: name, parameter: parameter, expected: .sampler2D, reason: "a texture path is required")
            }
            return .texture(path)
        }
        switch GLTransitionLiteral.parse(text, as: declared.type, splatsBareScalar: false) {
        case .success(let value):
            try GLTransitionRange.check(value, of: declared, file: name)
            return value
        case .failure(let reason):
            throw .wrongValue(file: name, parameter: parameter, expected: declared.type, reason: reason.description)
        }
    }

    /// Names of parameters that are declared but never used in the code after their declaration (for warnings).
    /// Uses in comments and member accesses (`uv.x` does not use a parameter `x`) do not count; uses in
    /// preprocessor lines (`#define AMOUNT amount`) do.
    public var unusedParameters: [String] { unused }
}

// MARK: - The parser

private let precisionQualifiers: Set<String> = ["lowp", "mediump", "highp"]

/// Qualifiers that may precede the type of a global declaration or a function's return type.
private let leadingQualifiers: Set<String> = [
    "const", "lowp", "mediump", "highp", "invariant", "precise", "flat", "smooth", "noperspective", "centroid",
    "in", "out", "inout", "varying", "attribute",
]

/// GLSL's built-in type names, for spotting declarations inside function bodies.
private let builtinTypeNames: Set<String> = {
    var names: Set<String> = ["void", "float", "int", "uint", "bool", "double"]
    for n in 2...4 {
        for prefix in ["vec", "ivec", "uvec", "bvec", "dvec", "mat", "dmat"] { names.insert("\(prefix)\(n)") }
        for m in 2...4 { names.insert("mat\(n)x\(m)") }
    }
    for sampler in ["sampler2D", "sampler3D", "samplerCube", "sampler2DArray", "sampler2DShadow", "isampler2D", "usampler2D"] {
        names.insert(sampler)
    }
    return names
}()

/// Names the host's wrapper owns (besides the reserved prefixes).
private let hostNames: Set<String> = ["main", "progress", "ratio", "getFromColor", "getToColor"]

private func hasReservedPrefix(_ name: String) -> Bool { name.hasPrefix("segue_") || name.hasPrefix("gl_") }

private struct GLTransitionParser {
    let file: String
    let bytes: [UInt8]
    let tokens: [GLSLToken]
    private(set) var parameters: [GLTransitionParameter] = []
    /// For each parameter, the index of the `;` ending its declaration: uses count after it.
    private var declarationEnds: [Int] = []
    private var structNames: Set<String> = []
    private var hasTransition = false

    init(text: String, file: String) {
        self.file = file
        bytes = Array(text.utf8)
        tokens = GLSLLexer.tokenize(bytes)
    }

    mutating func run() throws(GLTransitionError) {
        var depth = 0
        var statement: [Int] = []  // code tokens of the current top-level statement
        var previousCode: Int?
        var openBraces: [Int] = []  // lines of the `{` not yet closed
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .blockComment, !token.isClosedBlockComment(in: bytes) {
                throw .unterminatedComment(file: file, line: token.line)
            }
            if token.isCode, token.is("{") { openBraces.append(token.line) }
            if token.isCode, token.is("}") {
                guard openBraces.popLast() != nil else { throw .unbalancedBrace(file: file, line: token.line, opening: false) }
            }
            if token.kind == .directive {
                try checkDirective(at: index)
                continue
            }
            guard token.isCode else { continue }
            if token.kind == .identifier, hasReservedPrefix(token.text), let previous = previousCode,
                tokens[previous].kind == .identifier,
                builtinTypeNames.contains(tokens[previous].text) || structNames.contains(tokens[previous].text)
            {
                throw .forbiddenName(file: file, line: token.line, name: token.text)  // e.g. `float gl_x = 1.0;`
            }
            previousCode = index
            if depth == 0 {
                if token.is(";") || token.is("{") {
                    try topLevel(statement, terminator: index)
                    statement = []
                    if token.is("{") { depth = 1 }
                } else if !token.is("}") {
                    statement.append(index)
                }
            } else if token.is("{") {
                depth += 1
            } else if token.is("}") {
                depth -= 1
            }
        }
        if let unclosed = openBraces.first { throw .unbalancedBrace(file: file, line: unclosed, opening: true) }
        guard hasTransition else { throw .missingTransitionFunction(file: file) }
    }

    /// `#define progress ...` and the like redefine what the host owns.
    private func checkDirective(at index: Int) throws(GLTransitionError) {
        guard index + 2 < tokens.count else { return }
        let keyword = tokens[index + 1]
        let name = tokens[index + 2]
        guard keyword.inDirective, keyword.text == "define", name.inDirective, name.kind == .identifier else { return }
        if hostNames.contains(name.text) || hasReservedPrefix(name.text) {
            throw .forbiddenName(file: file, line: name.line, name: name.text)
        }
    }

    /// A statement at file scope, ended by `;` or by the `{` of a body.
    private mutating func topLevel(_ statement: [Int], terminator: Int) throws(GLTransitionError) {
        guard let first = statement.first.map({ tokens[$0] }) else { return }
        if first.text == "uniform" {
            return try uniform(statement, terminator: terminator)
        }
        if statement.contains(where: { tokens[$0].text == "uniform" && tokens[$0].kind == .identifier }) {
            throw unsupported(statement, terminator: terminator)  // `layout(...) uniform ...`
        }
        if first.text == "precision" { return }
        if first.text == "struct" {
            guard statement.count > 1 else { return }
            let name = tokens[statement[1]]
            try checkGlobalName(name)
            structNames.insert(name.text)
            return
        }
        var start = 0
        while start < statement.count, leadingQualifiers.contains(tokens[statement[start]].text) { start += 1 }
        let code = statement[start...].map { tokens[$0] }
        guard code.count >= 2 else { return }

        let paren = code.firstIndex { $0.is("(") }
        let equals = code.firstIndex { $0.is("=") }
        if let paren, paren >= 2, equals.map({ paren < $0 }) ?? true, code[paren - 1].kind == .identifier {
            try function(code, paren: paren, isDefinition: tokens[terminator].is("{"))
            return
        }
        // A global variable: `type name [= ...] (, name [= ...])*`.
        var nesting = 0
        var expectName = true
        for token in code.dropFirst() {
            if expectName, nesting == 0, token.kind == .identifier { try checkGlobalName(token) }
            expectName = false
            if token.is("(") || token.is("[") { nesting += 1 }
            if token.is(")") || token.is("]") { nesting -= 1 }
            if nesting == 0, token.is(",") { expectName = true }
        }
    }

    private func checkGlobalName(_ token: GLSLToken) throws(GLTransitionError) {
        if hostNames.contains(token.text) || hasReservedPrefix(token.text) {
            throw .forbiddenName(file: file, line: token.line, name: token.text)
        }
    }

    /// `returnType name(parameters)`, then `{` or `;`.
    private mutating func function(_ code: [GLSLToken], paren: Int, isDefinition: Bool) throws(GLTransitionError) {
        let name = code[paren - 1]
        switch name.text {
        case "main", "progress", "ratio":
            throw .forbiddenName(file: file, line: name.line, name: name.text)
        case "getFromColor" where isDefinition, "getToColor" where isDefinition:
            throw .forbiddenName(file: file, line: name.line, name: name.text)
        case _ where hasReservedPrefix(name.text):
            throw .forbiddenName(file: file, line: name.line, name: name.text)
        case "transition" where isDefinition && code[paren - 2].text == "vec4":
            // The one parameter: `[in|const] [precision] vec2 [name]`.
            let arguments = code[(paren + 1)...].prefix { !$0.is(")") }
                .filter { !leadingQualifiers.contains($0.text) }
            let closed = code[(paren + 1)...].contains { $0.is(")") }
            if closed, let type = arguments.first, type.text == "vec2",
                arguments.count == 1 || (arguments.count == 2 && arguments[arguments.startIndex + 1].kind == .identifier)
            {
                hasTransition = true
            }
        default:
            break
        }
    }

    /// `uniform [precision] type name (, name)* ;` with its default in a comment.
    private mutating func uniform(_ statement: [Int], terminator: Int) throws(GLTransitionError) {
        guard tokens[terminator].is(";") else { throw unsupported(statement, terminator: terminator) }  // a block
        var position = 1
        if position < statement.count, precisionQualifiers.contains(tokens[statement[position]].text) { position += 1 }
        guard position < statement.count, tokens[statement[position]].kind == .identifier,
            let type = GLTransitionValueType(rawValue: tokens[statement[position]].text)
        else { throw unsupported(statement, terminator: terminator) }
        position += 1

        var names: [(token: GLSLToken, index: Int, end: Int)] = []  // end: the `,` or `;` after the name
        while true {
            guard position < statement.count, tokens[statement[position]].kind == .identifier,
                !builtinTypeNames.contains(tokens[statement[position]].text)
            else { throw unsupported(statement, terminator: terminator) }
            let name = tokens[statement[position]]
            try checkGlobalName(name)
            let index = statement[position]
            position += 1
            let end = position < statement.count ? statement[position] : terminator
            names.append((name, index, end))
            if position == statement.count { break }
            guard tokens[statement[position]].is(",") else { throw unsupported(statement, terminator: terminator) }
            position += 1
        }

        // A block comment right after a name is that name's default; any other default comment
        // (inside the declaration, or right after its `;` on the same line) is every other name's.
        let owned = names.map { name in defaultComments(in: (name.index + 1)..<name.end) }
        let ownedRanges = names.map { ($0.index + 1)..<$0.end }
        var shared = defaultComments(in: statement[0]..<terminator).filter { comment in
            !ownedRanges.contains { $0.contains(comment.index) }
        }
        let after = terminator + 1
        if after < tokens.count, tokens[after].isComment, tokens[after].line == tokens[terminator].line,
            let trailing = defaultText(tokens[after])
        {
            shared.append((trailing.text, trailing.line, after))
        }
        if !shared.isEmpty, owned.allSatisfy({ !$0.isEmpty }) {
            throw .badDefault(file: file, line: shared[0].line, parameter: names[0].token.text, reason: "it is given more than once")
        }
        let range = try rangeAnnotation(above: statement[0], parameter: names[0].token.text)
        for (name, comments) in zip(names, owned) {
            let found = comments.isEmpty ? shared : comments
            if found.count > 1 {
                throw .badDefault(file: file, line: found[1].line, parameter: name.token.text, reason: "it is given more than once")
            }
            var defaultValue = type.zeroValue
            if let comment = found.first {
                guard type != .sampler2D else {
                    throw .badDefault(
                        file: file, line: comment.line, parameter: name.token.text,
                        reason: "a sampler2D has no default; its texture is given when the transition is used")
                }
                switch GLTransitionLiteral.parse(String(comment.text), as: type) {
                case .success(let value): defaultValue = value
                case .failure(let reason):
                    throw .badDefault(file: file, line: comment.line, parameter: name.token.text, reason: reason.description)
                }
            }
            parameters.append(GLTransitionParameter(
                name: name.token.text, type: type, defaultValue: defaultValue, line: name.token.line, range: range))
            declarationEnds.append(terminator)
        }
    }

    /// The text after `=` of a comment that starts with `=`, without a `// note` that follows the
    /// value (`// = 0.4 ; // note`). Comments that do not start with `=` are not defaults.
    private func defaultText(_ token: GLSLToken) -> (text: Substring, line: Int)? {
        let text = token.text.trimmingSpaces()
        guard text.first == "=" else { return nil }
        var value = Substring(text.dropFirst())
        if let note = value.range(of: "//") { value = value[..<note.lowerBound] }
        return (value, token.line)
    }

    /// Block comments holding a default among `range`, in order.
    private func defaultComments(in range: Range<Int>) -> [(text: Substring, line: Int, index: Int)] {
        range.compactMap { index in
            guard tokens[index].kind == .blockComment, let found = defaultText(tokens[index]) else { return nil }
            return (found.text, found.line, index)
        }
    }

    /// `// @range(min, max)` (an optional third number, a step, is read and ignored) on the comment
    /// line right above the declaration that starts at token `start`.
    private func rangeAnnotation(above start: Int, parameter: String) throws(GLTransitionError) -> ClosedRange<Double>? {
        var index = start - 1
        var line = tokens[start].line
        while index >= 0, tokens[index].kind == .lineComment, tokens[index].line == line - 1 {
            let text = tokens[index].text.trimmingSpaces()
            if text.hasPrefix("@range") {
                guard let range = GLTransitionRange.parse(text) else {
                    throw .badDefault(
                        file: file, line: tokens[index].line, parameter: parameter,
                        reason: "`\(text)` is not `@range(min, max)` with min <= max")
                }
                return range
            }
            line -= 1
            index -= 1
        }
        return nil
    }

    private func unsupported(_ statement: [Int], terminator: Int) -> GLTransitionError {
        let start = tokens[statement[0]].start
        let end = tokens[terminator].end
        let words = String(decoding: bytes[start..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        return .unsupportedDeclaration(file: file, line: tokens[statement[0]].line, text: words.joined(separator: " "))
    }

    /// Parameters with no identifier use after their declaration's `;`.
    func unusedParameters() -> [String] {
        var lastUse: [String: Int] = [:]
        var previous: GLSLToken?
        for (index, token) in tokens.enumerated() where !token.isComment {
            if token.kind == .identifier, !(previous?.is(".") ?? false) { lastUse[token.text] = index }
            previous = token
        }
        return zip(parameters, declarationEnds).compactMap { parameter, end in
            (lastUse[parameter.name] ?? -1) > end ? nil : parameter.name
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
